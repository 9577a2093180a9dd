/**
 * The round trip's server: the generated Fastify stubs with one handler per operation derived
 * from the cases. A handler finds its case by the X-Roundtrip-Case header, checks that what the
 * stubs decoded (path, query, header and cookie parameters, the body as the handler gets it, the
 * request and response media types) is exactly what the case sent, records every difference, and
 * answers the case's response: JSON, text, bytes, a multipart object, or a stream of events or records.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Ir, IrMedia, IrOperation } from '../../../generators/core/ir.js';
import type { OpenApiDocument } from '../../../generators/core/document.js';
import { essence } from '../../../generators/core/media-types.js';
import { deref } from '../../../generators/core/refs.js';
import { drawValue } from '../../../generators/core/values/draw.js';
import { importAtRunTime } from '../../../generators/core/run-time-import.js';
import { firstDifference, withoutUnsent } from './compare.js';
import { CASE_HEADER, fromBase64, toBase64, type Case } from './protocol.js';

export interface StubServer {
  url: string;
  /** Differences the handlers found, by case ID. */
  problems: Map<string, string[]>;
  /** Cases whose handler ran. */
  reached: Set<string>;
  close: () => Promise<void>;
}

type File = { filename: string; contentType: string; buffer: Buffer };
const isFile = (value: unknown): value is File =>
  Boolean(value) &&
  typeof value === 'object' &&
  'buffer' in (value as object) &&
  'filename' in (value as object);

/** A body as the handler got it, in the protocol's encoding (files as `$file`, streams as `$bytes`). */
async function decodedBody(media: IrMedia | undefined, body: unknown): Promise<unknown> {
  if (body === undefined) return undefined;
  if (media && (media.kind === 'binary' || media.kind === 'event-stream' || media.kind === 'ndjson')) {
    const chunks: Buffer[] = [];
    for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
    return { $bytes: toBase64(Buffer.concat(chunks)) };
  }
  const file = (value: unknown): unknown =>
    isFile(value)
      ? { $file: { name: value.filename, type: value.contentType, bytes: toBase64(value.buffer) } }
      : Array.isArray(value)
        ? value.map(file)
        : value;
  if (media && (media.kind === 'multipart' || media.kind === 'form') && body && typeof body === 'object')
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, file(value)]));
  return body;
}

/** The body the server should decode from what the case sent: fields a client leaves out (null, empty arrays, empty styled objects) left out. */
function expectedBody(document: OpenApiDocument, media: IrMedia | undefined, body: unknown): unknown {
  if (
    !media ||
    body === undefined ||
    (media.kind !== 'multipart' && media.kind !== 'form') ||
    !body ||
    typeof body !== 'object'
  )
    return body;
  const parts = new Map((media.parts ?? []).map((part) => [part.name, part]));
  const fields: Record<string, unknown> = {};
  // Fields are validated with defaults applied (as parameters are): an absent field with a default
  // arrives as it. A field that travels as JSON is validated as a JSON body is, with none applied.
  for (const part of media.parts ?? []) {
    if (part.json) continue;
    const fallback = (deref(document, part.schema) as { default?: unknown } | undefined)?.default;
    if (fallback !== undefined) fields[part.name] = fallback;
  }
  for (const [name, raw] of Object.entries(body)) {
    const part = parts.get(name);
    let value = raw;
    // A field of no known shape that travels as JSON (the IR's `json`) is one JSON text, nulls inside
    // it included (twilio's VideoLayout); an array elsewhere goes as a field per item, nulls left out.
    const jsonText = part?.shape === 'unknown' && part.json;
    if (Array.isArray(value) && !jsonText)
      value = value.filter((item) => item !== null && item !== undefined);
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (part?.styled) value = withoutUnsent({ value }).value;
    if (value === undefined) continue;
    fields[name] = value;
  }
  return fields;
}

function pick(
  values: Record<string, unknown> | undefined,
  names: string[],
  lower = false,
): Record<string, unknown> {
  return Object.fromEntries(
    names
      .map((name) => [name, values?.[lower ? name.toLowerCase() : name]])
      .filter(([, value]) => value !== undefined),
  );
}

/**
 * Headers an HTTP client writes by itself when its caller gives none: fetch (undici) sends
 * `accept-language: *`, `sec-fetch-mode: cors` and `accept-encoding: gzip, deflate`; urllib
 * `accept-encoding: identity`; both SDKs their own `user-agent` (any value). A declared optional
 * parameter of that name arrives with that value though the SDK was given nothing. The SDKs cannot
 * leave them out (a fetch default can only be replaced, and a replacement would be a value the
 * caller did not give either), so the round trip does not count a header its case did not send
 * (issue 43's decision; docs/corpus.md), nor that parameter's schema default (haloapi's
 * `Accept-Language`, default `en`: undici's `*` arrives, and the stubs rightly read it).
 */
const CLIENT_DEFAULTS: Record<string, string[] | 'any'> = {
  'accept-language': ['*'],
  'sec-fetch-mode': ['cors'],
  'accept-encoding': ['gzip, deflate', 'br, gzip, deflate', 'identity'],
  'user-agent': 'any',
};

/** The names of `received` the client wrote by itself: not in `given` (what the case sent), and a client's own value. */
export function writtenByClient(
  received: Record<string, unknown>,
  given: Record<string, unknown>,
): Set<string> {
  return new Set(
    Object.entries(received)
      .filter(([name, value]) => {
        const own = CLIENT_DEFAULTS[name];
        return !(name in given) && (own === 'any' || own?.includes(String(value)));
      })
      .map(([name]) => name),
  );
}

const without = (values: Record<string, unknown>, names: Set<string>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !names.has(name)));

/**
 * A `$form` answer as a handler returns it to the stubs: an object of its parts (files as `File`,
 * JSON parts parsed, repeated parts as arrays), for the stubs' multipart writer to write again.
 */
function multipartObject(operation: IrOperation, response: Case['response']): Record<string, unknown> {
  const media = operation.responses
    .flatMap((candidate) => candidate.content)
    .find((candidate) => candidate.kind === 'multipart' && candidate.mediaType === response.mediaType);
  const object: Record<string, unknown> = {};
  for (const [name, value] of (response.body as { $form: Array<[string, unknown]> }).$form) {
    const part = media?.parts?.find((candidate) => candidate.name === name);
    const file = (value as { $file?: { name: string; type: string; bytes: string } }).$file;
    const item = file
      ? new File([fromBase64(file.bytes) as BlobPart], file.name, { type: file.type })
      : part?.json
        ? (JSON.parse(value as string) as unknown)
        : value;
    if (part?.shape === 'files' || part?.shape === 'array') ((object[name] ??= []) as unknown[]).push(item);
    else object[name] = item;
  }
  return object;
}

/** The case's answer, as the stubs write it for its media type. */
function answer(reply: FastifyReply, response: Case['response'], operation: IrOperation): unknown {
  reply.code(response.status);
  if (response.body === undefined) return reply.send();
  const body = response.body as Record<string, unknown>;
  switch (response.kind) {
    case 'multipart':
      return multipartObject(operation, response);
    case 'binary':
      return Buffer.from(fromBase64(body.$bytes as string));
    case 'event-stream':
      return (async function* () {
        for (const event of body.$events as unknown[]) yield event;
      })();
    case 'ndjson':
      return body.$records;
    case 'json':
      // Fastify sends a string as it is (text/plain): a JSON string is written as JSON.
      return typeof response.body === 'string'
        ? reply
            .type(response.mediaType ?? 'application/json')
            .serializer(JSON.stringify)
            .send(response.body)
        : response.body;
    default:
      return response.body;
  }
}

function checker(
  document: OpenApiDocument,
  operation: IrOperation,
  byId: Map<string, Case>,
  problems: Map<string, string[]>,
  reached: Set<string>,
) {
  const names = (location: 'path' | 'query' | 'header' | 'cookie') =>
    operation.parameters[location]
      .filter((param) => param.name !== operation.idempotencyHeader)
      .map((param) => param.name);
  const defaultsOf = (location: 'query' | 'header' | 'cookie') =>
    Object.fromEntries(
      operation.parameters[location]
        .map(
          (param) =>
            [
              param.name,
              (deref(document, param.schema) as { default?: unknown } | undefined)?.default,
            ] as const,
        )
        .filter(([, value]) => value !== undefined),
    );
  const defaults = { query: defaultsOf('query'), header: defaultsOf('header'), cookie: defaultsOf('cookie') };
  const textual = new Set(
    [
      ...operation.parameters.path,
      ...operation.parameters.query,
      ...operation.parameters.header,
      ...operation.parameters.cookie,
    ]
      .filter((param) => takesTextAndAnother(document, param.schema))
      .map((param) => `${param.in}:${param.name.toLowerCase()}`),
  );
  // A parameter whose schema takes a primitive or an array of them (GitHub's `fields`: a string or
  // a list): a one-item array is spelled as its item, and a server rightly reads the primitive.
  const loneItems = new Set(
    [...operation.parameters.query, ...operation.parameters.header, ...operation.parameters.cookie]
      .filter(
        (param) =>
          !param.contentType && param.style !== 'deepObject' && takesPrimitiveOrArray(document, param.schema),
      )
      .map((param) => `${param.in}:${param.name}`),
  );
  const asWire = (location: 'query' | 'header' | 'cookie', values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        loneItems.has(`${location}:${name}`) && Array.isArray(value) && value.length === 1 ? value[0] : value,
      ]),
    );
  // Parameters with JSON content are one JSON text: an empty object or array is still sent.
  const whole = new Set(
    [
      ...operation.parameters.path,
      ...operation.parameters.query,
      ...operation.parameters.header,
      ...operation.parameters.cookie,
    ]
      .filter((param) => param.contentType)
      .map((param) => param.name),
  );
  return async function roundtripHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const id = request.headers[CASE_HEADER];
    const testCase = typeof id === 'string' ? byId.get(id) : undefined;
    if (!testCase || testCase.operationId !== operation.id)
      return reply
        .code(400)
        .send({ code: 'unknown_case', message: `no case ${String(id)} for ${operation.id}`, param: null });
    reached.add(testCase.id);
    const found: string[] = [];
    const check = (where: string, expected: unknown, actual: unknown) => {
      const difference = firstDifference(expected, actual);
      if (difference) found.push(`${where}.${difference}`);
    };
    // A parameter whose schema takes a string and another primitive (oneOf integer|string) arrives as
    // text the wire cannot tell apart: its values are compared as text.
    const asText = (location: 'path' | 'query' | 'header' | 'cookie', values: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          textual.has(`${location}:${name.toLowerCase()}`) ? textOf(value) : value,
        ]),
      );
    // A parameter the client leaves out (or cannot send: an empty array or object) arrives as its
    // schema's default, when it has one, even an empty one (britbox's `default: []`).
    const sent = {
      ...testCase.request,
      query: { ...defaults.query, ...asWire('query', withoutUnsent(testCase.request.query, whole)) },
      header: { ...defaults.header, ...asWire('header', withoutUnsent(testCase.request.header, whole)) },
      cookie: { ...defaults.cookie, ...asWire('cookie', withoutUnsent(testCase.request.cookie, whole)) },
    };
    check(
      'path',
      asText('path', withoutUnsent(sent.path, whole)),
      asText('path', pick(request.params as Record<string, unknown>, names('path'))),
    );
    check(
      'query',
      asText('query', sent.query),
      asText('query', pick(request.query as Record<string, unknown>, names('query'))),
    );
    const lowerKeys = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
    const receivedHeaders = lowerKeys(pick(request.headers, names('header'), true));
    const clientOwn = writtenByClient(
      receivedHeaders,
      lowerKeys(asWire('header', withoutUnsent(testCase.request.header, whole))),
    );
    check(
      'header',
      asText('header', without(lowerKeys(sent.header), clientOwn)),
      asText('header', without(receivedHeaders, clientOwn)),
    );
    check(
      'cookie',
      asText('cookie', sent.cookie),
      asText('cookie', pick(request.cookieParams, names('cookie'))),
    );
    const content = operation.body?.content ?? [];
    const media =
      sent.body === undefined
        ? undefined
        : (content.find(
            (candidate) =>
              essence(candidate.mediaType) === essence(sent.contentType ?? content[0]?.mediaType ?? ''),
          ) ?? content[0]);
    if (media && media.kind !== 'json' && media.kind !== 'text' && sent.body !== undefined) {
      const type = essence(request.headers['content-type'] ?? '');
      if (!type.startsWith(essence(media.mediaType).replace(/\*.*$/, '')))
        found.push(`content-type: sent ${media.mediaType}, got ${type}`);
    }
    check(
      'body',
      expectedBody(document, media, sent.body),
      await decodedBody(media ?? (request.body === undefined ? undefined : content[0]), request.body),
    );
    if (
      testCase.response.mediaType &&
      request.responseMedia &&
      essence(request.responseMedia) !== essence(testCase.response.mediaType) &&
      !testCase.response.mediaType.includes('*')
    ) {
      found.push(`accept: asked for ${testCase.response.mediaType}, the stub chose ${request.responseMedia}`);
    }
    if (found.length > 0) problems.set(testCase.id, found);
    return answer(reply, testCase.response, operation);
  };
}

/** Whether a schema accepts a string and another primitive type (directly, or as oneOf/anyOf alternatives). */
function takesTextAndAnother(document: OpenApiDocument, raw: unknown, depth = 0): boolean {
  const types = typesOf(document, raw);
  if (types.has('string') && ['integer', 'number', 'boolean'].some((type) => types.has(type))) return true;
  // An array of such items (openaq's `location`: integers or text) arrives as text item by item.
  const items = (deref(document, raw) as { items?: unknown } | undefined)?.items;
  return (
    depth < 2 && types.has('array') && items !== undefined && takesTextAndAnother(document, items, depth + 1)
  );
}

/** Whether a schema takes a primitive and also an array (through a type list, oneOf or anyOf). */
function takesPrimitiveOrArray(document: OpenApiDocument, raw: unknown): boolean {
  const types = typesOf(document, raw);
  return types.has('array') && ['string', 'integer', 'number', 'boolean'].some((type) => types.has(type));
}

/** The types a schema's values may have: its own, and its oneOf and anyOf alternatives'. */
function typesOf(document: OpenApiDocument, raw: unknown): Set<string> {
  const schema = deref(document, raw) as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== 'object') return new Set();
  const types = new Set<string>(
    [schema.type].flat().filter((type): type is string => typeof type === 'string'),
  );
  for (const key of ['oneOf', 'anyOf'])
    for (const alternative of (schema[key] as unknown[] | undefined) ?? [])
      for (const type of [(deref(document, alternative) as { type?: unknown } | undefined)?.type].flat())
        if (typeof type === 'string') types.add(type);
  return types;
}

/** Primitive leaves as text. */
function textOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(textOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, textOf(item)]));
  return value === undefined || value === null ? value : String(value);
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The answer to a request an operation that documents no success (2xx) accepts: its first
 * documented 1xx or 3xx response (britbox's 302), else its `default` as a 200 (adobe's AEM
 * operations document nothing else), with a body drawn from that response's JSON schema; undefined
 * when it documents neither. The round trip's case answers 200 without a body, which such a contract
 * does not hold (`default`'s schema judged it).
 */
function answerWithoutSuccess(ir: Ir, operation: IrOperation): Case['response'] | undefined {
  if (operation.successStatus) return undefined;
  const response =
    operation.responses.find((candidate) => /^[13]\d\d$/.test(candidate.status)) ??
    operation.responses.find((candidate) => candidate.status === 'default');
  if (!response) return undefined;
  const status = response.status === 'default' ? 200 : Number(response.status);
  const json = response.content.find((media) => media.kind === 'json');
  return json
    ? {
        status,
        mediaType: json.mediaType,
        kind: json.kind,
        body: drawValue(ir.model.node(json.schema), { mode: 'example', side: 'response' }),
      }
    : { status };
}

/**
 * Handlers that answer every request their operation lets through with the first case's answer,
 * whatever was sent: the stubs as a plain implementation, for checks that send them requests of
 * their own (`npm run check:corpus` sends them hostile input). An operation that documents no
 * success answers as `answerWithoutSuccess` says; one no case could be drawn for answers its first
 * documented success status without a body.
 */
export function cannedHandlers(ir: Ir, cases: Case[]): Record<string, Handler> {
  return Object.fromEntries(
    ir.operations.map((operation) => {
      const response =
        answerWithoutSuccess(ir, operation) ??
        cases.find((candidate) => candidate.operationId === operation.id)?.response;
      const status = Number(operation.successStatus ?? '204') || 204;
      const headers = requiredHeaders(ir, operation, response?.status ?? status);
      const handler: Handler = (_request, reply) => {
        reply.headers(headers);
        return response ? answer(reply, response, operation) : reply.code(status).send();
      };
      return [operation.id, handler];
    }),
  );
}

/** Visible ASCII, inner spaces allowed: a value a header carries as it is. */
const HEADER_SAFE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * The headers the answer of `status` must carry (`required: true`), as an implementation would send
 * them: each its example, else a value drawn from its schema (simple style), when that is a value a
 * header can carry as it is.
 */
function requiredHeaders(ir: Ir, operation: IrOperation, status: number): Record<string, string> {
  const documented =
    operation.responses.find((candidate) => candidate.status === String(status)) ??
    operation.responses.find((candidate) => candidate.status === `${String(status)[0]}XX`) ??
    operation.responses.find((candidate) => candidate.status === 'default');
  const headers: Record<string, string> = {};
  for (const header of documented?.headers ?? []) {
    if (!header.required) continue;
    const value =
      header.example ?? drawValue(ir.model.node(header.schema), { mode: 'example', side: 'response' });
    // Simple style: a scalar as it is, an array's items joined by commas; an object has no one way.
    const text = Array.isArray(value)
      ? value.map(String).join(',')
      : value !== null && typeof value !== 'object'
        ? String(value)
        : undefined;
    if (text !== undefined && HEADER_SAFE.test(text)) headers[header.name] = text;
  }
  return headers;
}

/**
 * Starts the stubs generated into `outDir` on loopback, by default with a checking handler per
 * operation (the round trip's), or with the `handlers` given.
 */
export async function startStubs(
  outDir: string,
  ir: Ir,
  cases: Case[],
  given?: Record<string, Handler>,
): Promise<StubServer> {
  const stubs = await importAtRunTime(path.join(outDir, 'server', 'index.ts'));
  const byId = new Map(cases.map((testCase) => [testCase.id, testCase]));
  const problems = new Map<string, string[]>();
  const reached = new Set<string>();
  const handlers =
    given ??
    Object.fromEntries(
      ir.operations.map((operation) => [
        operation.id,
        checker(ir.document, operation, byId, problems, reached),
      ]),
    );
  const app = Fastify({
    ...(stubs.serverOptions as () => object)(),
    logger: false,
    bodyLimit: 16 * 1024 * 1024,
  }) as unknown as FastifyInstance;
  await app.register(stubs.routesPlugin, { handlers, onUnimplemented: () => {} });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, problems, reached, close: () => app.close() };
}
