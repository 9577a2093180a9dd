/**
 * Request bodies other than one JSON media type: the content-type parsers for every media type the
 * spec declares (any `+json`, text, form-urlencoded, multipart through @fastify/multipart, binary
 * as a stream), and per route the body decoded and validated against its schema. Multipart parts
 * are read with limits (a file's `maxLength`, an array's `maxItems`, else the defaults in
 * `BodyLimits`), files are held in memory (never a temporary file) and handed to the handler as
 * `UploadedFile`s; a body that breaks a limit is 413, one that breaks the schema 400.
 */
import { Readable, Transform } from 'node:stream';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorsUnder, type ErrorDetails } from './errors.js';
import { decodePairs, ParamError, rawPairs, type WireParam } from '../../../core/param-decoding.js';
import type { RouteSpec, WireBody, WirePart } from './route-spec.js';

/** A file from a multipart body, as the handler gets it. */
export interface UploadedFile {
  /** The file name the client gave (the part name when it gave none). */
  filename: string;
  /** The part's Content-Type. */
  contentType: string;
  size: number;
  buffer: Buffer;
  /** The bytes as a stream. */
  stream(): Readable;
}

/** Limits for bodies the schema does not bound. */
export interface BodyLimits {
  /** Bytes per file in a multipart body without a `maxLength` (default 10 MiB). */
  fileBytes?: number;
  /** Files per array of files without `maxItems` (default 20). */
  files?: number;
  /** Bytes per text field of a multipart body (default 1 MiB). */
  fieldBytes?: number;
  /** Fields of a multipart body (default 1000). */
  fields?: number;
  /** Bytes of a binary body without a `maxLength` (default 100 MiB). */
  binaryBytes?: number;
}

export const DEFAULT_LIMITS: Required<BodyLimits> = {
  fileBytes: 10 * 1024 * 1024,
  files: 20,
  fieldBytes: 1024 * 1024,
  fields: 1000,
  binaryBytes: 100 * 1024 * 1024,
};

export class BodyError extends Error {
  constructor(readonly details: ErrorDetails) {
    super(details.message);
  }
}

const essence = (type: string | undefined) => (type ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether a media type is one a declared one names: `*` stands for any text in its type or subtype (`application/*+json`). */
function matches(declared: string, actual: string): boolean {
  const [type, subtype] = essence(declared).split('/');
  const [actualType, actualSubtype] = essence(actual).split('/');
  const glob = (pattern: string | undefined, value: string | undefined) =>
    pattern === value ||
    (pattern !== undefined &&
      value !== undefined &&
      pattern.includes('*') &&
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(value));
  return glob(type, actualType) && glob(subtype, actualSubtype);
}

/** The declared body a request's Content-Type selects. */
export function bodyFor(route: RouteSpec, contentType: string | undefined): WireBody | undefined {
  return contentType ? route.bodies?.find((body) => matches(body.mediaType, contentType)) : undefined;
}

/**
 * Registers a parser for every request media type the routes declare, beyond Fastify's own JSON
 * one: `parseJson` for any other JSON type, strings for text and form bodies, @fastify/multipart
 * for multipart, the raw stream for binary types (`*` + `/*` is content-types.ts's catch-all).
 */
export async function registerBodyParsers(
  app: FastifyInstance,
  routes: RouteSpec[],
  parseJson: Parameters<FastifyInstance['addContentTypeParser']>[2],
): Promise<void> {
  const bodies = routes.flatMap((route) => route.bodies ?? []);
  const seen = new Set<string>(['application/json']);
  const once = (key: string) => (seen.has(key) ? false : (seen.add(key), true));
  for (const body of bodies) {
    const type = essence(body.mediaType);
    // Any type (`*` + `/*`) is the catch-all's, which content-types.ts keeps per route.
    if (!once(type) || type === '*/*') continue;
    const pattern = type.includes('*')
      ? new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^;]+')}(\\s*;.*)?$`)
      : type;
    if (app.hasContentTypeParser(pattern as string)) continue;
    if (body.kind === 'json') app.addContentTypeParser(pattern, { parseAs: 'buffer' }, parseJson as never);
    else if (body.kind === 'text' || body.kind === 'form')
      app.addContentTypeParser(pattern, { parseAs: 'string' }, (_request, text, done) => done(null, text));
    else if (body.kind === 'multipart') {
      if (!app.hasContentTypeParser('multipart/form-data')) {
        const multipart = (await import('@fastify/multipart')).default;
        await app.register(multipart, { throwFileSizeLimit: false, limits: { headerPairs: 100 } });
      }
    } else app.addContentTypeParser(pattern, (_request, payload, done) => done(null, payload));
  }
}

interface Validators {
  /** JSON Schema validation with type coercion (text fields, form fields). */
  coercing: (schema: object) => ValidateFunction;
  /** Without coercion (JSON bodies). */
  strict: (schema: object) => ValidateFunction;
  /** A validation failure in the API's error format. */
  describe: (errors: ErrorObject[], part: string) => ErrorDetails;
}

function validate(validator: ValidateFunction, value: unknown, validators: Validators): void {
  if (!validator(value)) throw new BodyError(validators.describe(validator.errors ?? [], 'body'));
}

async function readLimited(stream: Readable, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.resume(); // drain the rest, so the parser can go on to the end (or the error)
      throw new BodyError({
        status: 413,
        code: 'payload_too_large',
        message: `${name} is larger than ${limit} bytes.`,
        param: name,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function uploaded(filename: string, contentType: string, buffer: Buffer): UploadedFile {
  return { filename, contentType, size: buffer.length, buffer, stream: () => Readable.from([buffer]) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function jsonPart(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError({
      status: 400,
      code: 'invalid_request',
      message: `${name} is not valid JSON.`,
      param: name,
    });
  }
}

/** Fields of a form body or multipart parts (values already text) decoded by their encoding. */
function assemble(
  pairs: Array<[string, unknown]>,
  parts: WirePart[],
  encoded: boolean,
): Record<string, unknown> {
  const styled = parts.filter((part) => part.styled);
  const explodes = (part: WirePart) => part.explode ?? (part.style ?? 'form') === 'form';
  const styledSpecs: WireParam[] = styled.map((part) => ({
    name: part.name,
    in: 'query',
    style: part.style ?? 'form',
    explode: explodes(part),
    shape: part.shape === 'file' || part.shape === 'files' ? 'primitive' : part.shape,
    ...(part.properties ? { properties: part.properties } : {}),
  }));
  const isStyledPair = (name: string) =>
    styled.some(
      (part) =>
        name === part.name ||
        (part.style === 'deepObject' && name.startsWith(`${part.name}[`)) ||
        (part.shape === 'object' && explodes(part) && part.properties?.includes(name)),
    );
  const plainName = (name: string) => (encoded ? safeDecode(name.replace(/\+/g, ' ')) : name);
  const textPairs = pairs.filter(
    ([name, value]) => typeof value === 'string' && styled.length > 0 && isStyledPair(plainName(name)),
  ) as Array<[string, string]>;
  // No prototype, as decodePairs makes it: a field `__proto__` the request names is a field.
  const body: Record<string, unknown> =
    styled.length > 0 ? decodePairs(textPairs, styledSpecs, encoded) : Object.create(null);
  const byName = new Map(parts.map((part) => [part.name, part]));
  for (const [rawName, rawValue] of pairs) {
    if (textPairs.some(([name, value]) => name === rawName && value === rawValue)) continue;
    let name = rawName;
    let value = rawValue;
    if (encoded && typeof value === 'string') {
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        throw new BodyError({
          status: 400,
          code: 'invalid_request',
          message: 'The form body is not valid percent-encoding.',
          param: null,
        });
      }
    }
    const part = byName.get(name);
    if (part?.json && typeof value === 'string') value = jsonPart(value, name);
    const many = part?.shape === 'array' || part?.shape === 'files';
    // Own fields only: a field `valueOf` is not yet in the body because Object has a valueOf.
    const seen = Object.hasOwn(body, name);
    if (many) body[name] = [...((seen ? (body[name] as unknown[]) : undefined) ?? []), value];
    else if (seen)
      body[name] = Array.isArray(body[name]) ? [...(body[name] as unknown[]), value] : [body[name], value];
    else body[name] = value;
  }
  return body;
}

async function readMultipart(
  request: FastifyRequest,
  body: WireBody,
  limits: Required<BodyLimits>,
): Promise<Record<string, unknown>> {
  const parts = body.parts ?? [];
  const byName = new Map(parts.map((part) => [part.name, part]));
  const fileParts = parts.filter((part) => part.shape === 'file' || part.shape === 'files');
  const fileBytes = Math.max(limits.fileBytes, ...fileParts.map((part) => part.maxBytes ?? 0));
  const files = fileParts.reduce(
    (sum, part) => sum + (part.shape === 'file' ? 1 : (part.maxFiles ?? limits.files)),
    0,
  );
  const collected: Array<[string, unknown]> = [];
  const counts = new Map<string, number>();
  const iterator = (request as unknown as { parts: (options: object) => AsyncIterable<MultipartPart> }).parts(
    {
      limits: {
        fileSize: fileBytes + 1,
        files: Math.max(files, 1) + 1,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.fields + files + 1,
      },
    },
  );
  try {
    for await (const part of iterator) {
      const spec = byName.get(part.fieldname);
      if (part.type === 'file') {
        const isFile = spec?.shape === 'file' || spec?.shape === 'files';
        const limit = isFile ? (spec!.maxBytes ?? limits.fileBytes) : limits.fieldBytes;
        const bytes = await readLimited(part.file, limit, part.fieldname);
        if (part.file.truncated)
          throw new BodyError({
            status: 413,
            code: 'payload_too_large',
            message: `${part.fieldname} is larger than ${limit} bytes.`,
            param: part.fieldname,
          });
        const count = (counts.get(part.fieldname) ?? 0) + 1;
        counts.set(part.fieldname, count);
        if (spec?.shape === 'files' && count > (spec.maxFiles ?? limits.files))
          throw new BodyError({
            status: 413,
            code: 'payload_too_large',
            message: `${part.fieldname} has more than ${spec.maxFiles ?? limits.files} files.`,
            param: part.fieldname,
          });
        // A JSON or text part sent with a file name (a browser's Blob) is read as the text it is.
        collected.push([
          part.fieldname,
          isFile ? uploaded(part.filename || part.fieldname, part.mimetype, bytes) : bytes.toString('utf8'),
        ]);
      } else {
        if (part.valueTruncated)
          throw new BodyError({
            status: 413,
            code: 'payload_too_large',
            message: `${part.fieldname} is larger than ${limits.fieldBytes} bytes.`,
            param: part.fieldname,
          });
        // @fastify/multipart parses a field labelled application/json (and says so in its
        // mimetype): its text is written back, so a JSON string part ("\"123\"") stays a string.
        collected.push([
          part.fieldname,
          typeof part.value === 'string' && part.mimetype !== 'application/json'
            ? part.value
            : JSON.stringify(part.value),
        ]);
      }
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (/LIMIT|TOO_LARGE/.test(code))
      throw new BodyError({
        status: 413,
        code: 'payload_too_large',
        message: 'The multipart body has too many parts or too large a part.',
        param: null,
      });
    throw new BodyError({
      status: 400,
      code: 'invalid_request',
      message: 'The multipart body is malformed.',
      param: null,
    });
  }
  return assemble(collected, parts, false);
}

interface MultipartPart {
  type: 'file' | 'field';
  fieldname: string;
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
  value?: unknown | undefined;
  valueTruncated?: boolean | undefined;
}

/** A binary body with a byte limit: the stream errors with 413 past it. */
function limitedStream(payload: Readable, limit: number): Readable {
  let size = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit)
        callback(
          new BodyError({
            status: 413,
            code: 'payload_too_large',
            message: `The body is larger than ${limit} bytes.`,
            param: null,
          }),
        );
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => guard.destroy(error));
  // A handler may answer without reading the body: a client that then aborts the upload must not
  // end the process with an unhandled 'error'. A handler that reads still gets it from the stream.
  guard.on('error', () => {});
  return payload.pipe(guard);
}

/**
 * The bytes of JSON bodies as they arrived, kept by the JSON parser (content-types.ts): a wildcard
 * binary type (`*` + `/*`, `application/*`) also matches labels another operation's parser reads.
 */
export const jsonBytes = new WeakMap<FastifyRequest, Buffer>();

/**
 * A binary body as a stream. Parsers are per media type, not per route: under a wildcard binary
 * type, a body labelled JSON or text arrives parsed (by the parser another operation declared),
 * so its bytes are handed on instead (the JSON parser's own bytes, text as its UTF-8).
 */
function asStream(request: FastifyRequest): Readable {
  const value = request.body;
  if (value instanceof Readable) return value;
  if (typeof value === 'string') return Readable.from([Buffer.from(value, 'utf8')]);
  if (Buffer.isBuffer(value)) return Readable.from([value]);
  return Readable.from([jsonBytes.get(request) ?? Buffer.from(JSON.stringify(value) ?? '', 'utf8')]);
}

/**
 * Decodes and validates a route's body when it is not exactly one JSON media type. Throws
 * BodyError (415 for an undeclared media type, 400, 413); sets `request.body` to what the
 * handler gets.
 */
export async function decodeBody(
  request: FastifyRequest,
  route: RouteSpec,
  validators: Validators,
  limits: Required<BodyLimits>,
  compiled: Map<WireBody, ValidateFunction>,
): Promise<void> {
  const bodies = route.bodies ?? [];
  const hasBody =
    (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0') ||
    request.headers['transfer-encoding'] !== undefined;
  const body = bodyFor(route, request.headers['content-type']);
  // No bytes under a label the operation does not declare is no body (content-types.ts), and so is
  // a declared type whose parser made nothing of them (JSON's: no bytes is not a JSON text). Zero
  // bytes of a declared text or binary type are a value: the empty text, an empty file.
  if (body ? request.body === undefined && body.kind !== 'multipart' : !hasBody) {
    if (!route.bodyOptional)
      throw new BodyError({
        status: 400,
        code: 'invalid_request',
        message: 'The request body is required.',
        param: null,
      });
    return;
  }
  if (!body)
    throw new BodyError({
      status: 415,
      code: 'unsupported_media_type',
      message: `Send request bodies as ${bodies.map((candidate) => candidate.mediaType).join(', ')}.`,
      param: null,
    });
  const validator = () => {
    let found = compiled.get(body);
    if (!found && body.schema)
      compiled.set(
        body,
        (found =
          body.kind === 'json' || body.kind === 'text'
            ? validators.strict(body.schema)
            : validators.coercing(body.schema)),
      );
    return found;
  };
  switch (body.kind) {
    case 'multipart':
      request.body = await readMultipart(request, body, limits);
      break;
    case 'form': {
      const text = typeof request.body === 'string' ? request.body : '';
      try {
        request.body = assemble(rawPairs(text), body.parts ?? [], true);
      } catch (error) {
        if (error instanceof ParamError)
          throw new BodyError({
            status: 400,
            code: 'invalid_request',
            message: error.message,
            param: error.param,
          });
        throw error;
      }
      break;
    }
    case 'binary':
    case 'event-stream':
    case 'ndjson':
      request.body = limitedStream(asStream(request), body.maxBytes ?? limits.binaryBytes);
      return;
    default:
      break; // JSON and text arrive parsed
  }
  const check = validator();
  if (check) validate(check, request.body, validators);
  for (const part of body.parts ?? []) validateJsonPart(part, request.body, validators);
}

/** Each route's JSON part validators, compiled on first use. */
const jsonPartValidators = new WeakMap<Validators, Map<WirePart, ValidateFunction>>();

/** A JSON part against its own schema, with the strict validator; errors point into the part. */
function validateJsonPart(part: WirePart, body: unknown, validators: Validators): void {
  const value = (body as Record<string, unknown> | undefined)?.[part.name];
  if (!part.schema || value === undefined) return;
  let compiled = jsonPartValidators.get(validators);
  if (!compiled) jsonPartValidators.set(validators, (compiled = new Map()));
  let check = compiled.get(part);
  if (!check) compiled.set(part, (check = validators.strict(part.schema)));
  if (check(value)) return;
  throw new BodyError(validators.describe(errorsUnder(part.name, check.errors), 'body'));
}

/**
 * A multipart body type as the handler gets it: `One` names single files, `Many` arrays of files
 * (each an UploadedFile); every field keeps whether it is required.
 */
export type UploadedBody<T, One extends PropertyKey, Many extends PropertyKey = never> = Omit<
  T,
  One | Many
> & {
  [K in keyof T as K extends One ? K : never]: UploadedFile;
} & {
  [K in keyof T as K extends Many ? K : never]: UploadedFile[];
};
