/**
 * Request bodies and responses for the IR: every media type an operation declares, each with its
 * kind (generators/core/media-types.ts), schema and examples; multipart and form bodies taken
 * apart into parts with their `encoding` (content type, headers, style, explode, allowReserved)
 * and files detected from the schema; event streams and NDJSON with the schema of one item.
 */
import type { OpenApiDocument } from './document.js';
import type { IrBody, IrHeader, IrLink, IrMedia, IrPart, IrResponse, IrStream, JsonSchema } from './ir.js';
import {
  essence,
  isJsonMediaType,
  isMediaRange,
  isUnsupportedMultipart,
  mediaKind,
  preferredOrder,
} from './media-types.js';
import { deref, escapePointerPart, flattenSchema, locate } from './refs.js';
import { isFileSchema, itemsOf, valueShape } from './value-shape.js';
import { examplesOf, type Report } from './ir-parameters.js';

// The document is untyped JSON until normalised here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function asSchema(value: unknown): JsonSchema {
  return value && typeof value === 'object'
    ? (value as Record<string, unknown>)
    : typeof value === 'boolean'
      ? value
      : true;
}

function headersOf(document: OpenApiDocument, raw: Json, leaveOut: RegExp = /^$/): IrHeader[] {
  return Object.entries<Json>(raw ?? {})
    .filter(([name]) => !leaveOut.test(name))
    .map(([name, rawHeader]) => {
      const header = deref(document, rawHeader) ?? {};
      const example =
        header.example ??
        Object.values<Json>(header.examples ?? {})
          .map((entry) => deref(document, entry)?.value)
          .find((value) => value !== undefined);
      return {
        name,
        required: header.required === true,
        schema: asSchema(header.schema ?? true),
        ...(example !== undefined ? { example } : {}),
      };
    });
}

/**
 * The parts of a multipart or form body: the object schema's properties with their `encoding`,
 * then any name `required` lists that `properties` does not declare, as a part of any value (mist
 * requires a part "file {}" it does not declare; the server demands it, so the SDKs must send it).
 */
function partsOf(
  document: OpenApiDocument,
  kind: 'multipart' | 'form',
  media: Json,
  at: string,
  warn?: Report,
): IrPart[] {
  const schema = flattenSchema(document, media.schema);
  if (!schema || typeof schema !== 'object' || !schema.properties) return [];
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const undeclared = [...required]
    .filter((name) => typeof name === 'string' && !Object.hasOwn(schema.properties, name))
    .map((name): [string, Json] => [name, true]);
  return [...Object.entries<Json>(schema.properties), ...undeclared].map(([name, property]): IrPart => {
    const encoding = deref(document, media.encoding?.[name]) ?? {};
    let shape: IrPart['shape'] = valueShape(document, property);
    const items = shape === 'array' ? itemsOf(document, property) : undefined;
    if (shape === 'array' && isFileSchema(document, items)) shape = 'files';
    // A form-urlencoded body is text: a binary field in it is a string like any other (apacta's
    // `format: binary` file field: the TypeScript client sent "{}", the Python SDK a part the stubs refused).
    if (kind === 'form' && (shape === 'file' || shape === 'files')) {
      warn?.(
        `${at}/schema`,
        `the binary field "${name}" of an application/x-www-form-urlencoded body is sent as text: form-urlencoded carries no files (multipart/form-data does)`,
      );
      shape = shape === 'file' ? 'primitive' : 'array';
    }
    const fileSchema =
      shape === 'file' ? deref(document, property) : shape === 'files' ? deref(document, items) : undefined;
    const itemShape = shape === 'array' ? valueShape(document, items) : shape;
    const defaultType = fileSchema
      ? typeof fileSchema.contentMediaType === 'string'
        ? fileSchema.contentMediaType
        : 'application/octet-stream'
      : itemShape === 'primitive'
        ? 'text/plain'
        : 'application/json';
    const declaredType =
      typeof encoding.contentType === 'string' && encoding.contentType.trim()
        ? encoding.contentType.trim()
        : undefined;
    const style = ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'].includes(encoding.style)
      ? encoding.style
      : 'form';
    const maxBytes = typeof fileSchema?.maxLength === 'number' ? fileSchema.maxLength : undefined;
    const arraySchema = shape === 'files' ? flattenSchema(document, property) : undefined;
    const styled =
      encoding.style !== undefined || encoding.explode !== undefined || encoding.allowReserved !== undefined;
    const contentType = declaredType ?? defaultType;
    return {
      name,
      required: required.has(name),
      schema: asSchema(property),
      shape,
      contentType,
      contentTypeDeclared: declaredType !== undefined,
      headers: kind === 'multipart' ? headersOf(document, encoding.headers, /^content-type$/i) : [],
      style,
      explode: typeof encoding.explode === 'boolean' ? encoding.explode : style === 'form',
      allowReserved: encoding.allowReserved === true,
      styled,
      json:
        !styled &&
        shape !== 'file' &&
        shape !== 'files' &&
        (/json/i.test(contentType) || itemShape === 'object' || itemShape === 'array'),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
      ...(typeof arraySchema?.maxItems === 'number' ? { maxFiles: arraySchema.maxItems } : {}),
    };
  });
}

/**
 * What one item of a stream is. OAS 3.2 `itemSchema` (or `x-item-schema`, its stand-in for 3.0 and
 * 3.1) describes an SSE event as an object with `data` (whose `contentSchema` is the decoded data
 * when `contentMediaType` is JSON), `event`, `id`, `retry`; an item schema without a `data`
 * property is taken as the schema of JSON data itself. For NDJSON the item schema is the record;
 * a 3.0/3.1 NDJSON media type that gives an object `schema` means one record too.
 */
function streamOf(document: OpenApiDocument, kind: 'event-stream' | 'ndjson', media: Json): IrStream {
  const declared = media.itemSchema ?? media['x-item-schema'];
  if (kind === 'ndjson') {
    const fallback =
      media.schema !== undefined && valueShape(document, media.schema) !== 'primitive'
        ? media.schema
        : undefined;
    const record = declared ?? fallback;
    return {
      ...(declared !== undefined ? { itemSchema: asSchema(declared) } : {}),
      ...(record !== undefined ? { dataSchema: asSchema(record) } : {}),
      dataIsJson: true,
    };
  }
  if (declared === undefined) return { dataIsJson: false };
  const event = flattenSchema(document, declared);
  const data = event && typeof event === 'object' ? deref(document, event.properties?.data) : undefined;
  if (!data) return { itemSchema: asSchema(declared), dataSchema: asSchema(declared), dataIsJson: true };
  const json = typeof data.contentMediaType === 'string' && isJsonMediaType(data.contentMediaType);
  return {
    itemSchema: asSchema(declared),
    ...(json && data.contentSchema !== undefined
      ? { dataSchema: asSchema(data.contentSchema) }
      : json
        ? {}
        : { dataSchema: asSchema(data) }),
    dataIsJson: json,
  };
}

/** `pointer`: where the body or response that holds it is written (its `$ref` followed). */
function mediaOf(
  document: OpenApiDocument,
  mediaType: string,
  raw: Json,
  pointer: string,
  unsupported: Report,
  invalid?: Report,
  warn?: Report,
): IrMedia | undefined {
  const media = deref(document, raw) ?? {};
  const at = `${pointer}/content/${escapePointerPart(mediaType)}`;
  if (isUnsupportedMultipart(mediaType)) {
    unsupported(at, `${essence(mediaType)} is not supported (multipart/form-data is)`);
    return undefined;
  }
  const kind = mediaKind(mediaType);
  if ((kind === 'multipart' || kind === 'form') && invalid) {
    // Form data is named fields: a schema that cannot be an object describes no body a client can send.
    const type = flattenSchema(document, media.schema)?.type;
    const types = Array.isArray(type) ? type : type === undefined ? ['object'] : [type];
    if (!types.includes('object'))
      invalid(
        `${at}/schema`,
        `${essence(mediaType)} bodies are named fields, so this schema must describe an object (it is type: ${types.join(', ')})`,
      );
  }
  const declaredExamples = examplesOf(media, document, at);
  return {
    mediaType,
    kind,
    schema: asSchema(media.schema ?? true),
    examples: declaredExamples.map((example) => example.value),
    declaredExamples,
    pointer: at,
    ...(kind === 'multipart' || kind === 'form' ? { parts: partsOf(document, kind, media, at, warn) } : {}),
    ...(kind === 'event-stream' || kind === 'ndjson' ? { stream: streamOf(document, kind, media) } : {}),
  };
}

/**
 * A content map's keys that are media types or ranges (`type/subtype`, RFC 6838; `*` a wildcard).
 * Another key (plaid's `examples` beside `application/json`, a response's `gzip` or `Tax`) names
 * nothing a client can send or accept: left out, each named in a warning with its pointer.
 */
function mediaTypeKeys(content: Json, pointer: string, warn: Report | undefined): string[] {
  const keys = Object.keys(content && typeof content === 'object' ? content : {});
  for (const key of keys)
    if (!isMediaRange(key))
      warn?.(
        `${pointer}/content/${escapePointerPart(key)}`,
        `"${key}" is not a media type (a content key is type/subtype, RFC 6838, such as application/json): left out`,
      );
  return keys.filter(isMediaRange);
}

function contentOf(
  document: OpenApiDocument,
  content: Json,
  pointer: string,
  unsupported: Report,
  invalid?: Report,
  warn?: Report,
): IrMedia[] {
  const types = preferredOrder(mediaTypeKeys(content, pointer, warn));
  return types
    .map((type) => mediaOf(document, type, content[type], pointer, unsupported, invalid, warn))
    .filter((media): media is IrMedia => media !== undefined);
}

/**
 * Methods whose request body an OpenAPI 3.0 document's consumers ignore. OAS 3.0 supports
 * `requestBody` "only in HTTP methods where the HTTP 1.1 specification RFC7231 has explicitly
 * defined semantics for request bodies. In other cases where the HTTP spec is vague, requestBody
 * SHALL be ignored by consumers." Of those, GET and HEAD: no fetch can send such a body (it throws),
 * so neither SDK nor suite could call the operation. DELETE and OPTIONS bodies are kept: fetch sends
 * them and APIs rely on them (our reading, docs/corpus.md). OAS 3.1 permits a body on any method.
 */
const BODYLESS_IN_OAS_30 = new Set(['get', 'head']);

export function collectBody(
  document: OpenApiDocument,
  raw: Json,
  pointer: string,
  method: string,
  warn: Report,
  unsupported: Report,
  invalid: Report,
): IrBody | undefined {
  const { node: body, pointer: at } = locate(document, raw, `${pointer}/requestBody`);
  if (!body) return undefined;
  if (BODYLESS_IN_OAS_30.has(method) && String(document.openapi).startsWith('3.0.')) {
    warn(
      `${pointer}/requestBody`,
      `the requestBody of a ${method.toUpperCase()} is ignored, as OpenAPI 3.0 requires (its consumers SHALL ignore a body where HTTP defines none; no fetch can send one)`,
    );
    return undefined;
  }
  const content = contentOf(document, body.content, at, unsupported, invalid, warn);
  const preferred = content[0];
  if (!preferred) return undefined;
  const isJson = preferred.kind === 'json';
  return {
    required: body.required === true,
    pointer: `${pointer}/requestBody`,
    content,
    contentType: preferred.mediaType,
    isJson,
    schema: isJson ? preferred.schema : true,
    examples: preferred.examples,
  };
}

/** Statuses whose responses carry no content (RFC 9110 §15.3.5, §15.3.6, §15.4.5), and every 1xx (§15.2). */
const NO_CONTENT = new Set(['204', '205', '304']);
const carriesNoContent = (status: string) => NO_CONTENT.has(status) || /^1(?:\d\d|XX)$/i.test(status);

export function collectResponses(
  document: OpenApiDocument,
  raw: Json,
  pointer: string,
  warn: Report,
  unsupported: Report,
): IrResponse[] {
  return Object.entries<Json>(raw ?? {}).map(([status, rawResponse]) => {
    const located = locate(document, rawResponse, `${pointer}/responses/${escapePointerPart(status)}`);
    const response = located.node ?? {};
    const declared = mediaTypeKeys(response.content, located.pointer, warn);
    // RFC 9110: a 204, 205 or 304 carries no content, so what a spec declares for one never arrives
    // (AWS's specs give 204 a JSON schema): the IR says so once, and no plugin waits for a body.
    const noContent = carriesNoContent(status) && declared.length > 0;
    if (noContent)
      warn(
        `${located.pointer}/content`,
        `the content declared for a ${status} response is ignored: a ${status} carries none (RFC 9110)`,
      );
    const content = noContent ? [] : contentOf(document, response.content, located.pointer, unsupported);
    const preferred = content[0];
    if (rawResponse && !response.description && !deref(document, rawResponse))
      warn(`${pointer}/responses/${status}`, 'response could not be resolved');
    return {
      status,
      pointer: located.pointer,
      description: String(response.description ?? ''),
      declaredMediaTypes: noContent ? [] : declared,
      content,
      contentType: preferred?.mediaType,
      isJson: preferred?.kind === 'json',
      schema: preferred?.schema,
      headers: headersOf(document, response.headers),
      examples: preferred?.examples ?? [],
      links: collectLinks(document, response.links),
    };
  });
}

/** Links by operationId, or by a local operationRef (`#/paths/~1pets~1{id}/get`) resolved to its operationId. */
function collectLinks(document: OpenApiDocument, raw: Json): IrLink[] {
  return Object.entries<Json>(raw ?? {}).map(([name, rawLink]) => {
    const link = deref(document, rawLink) ?? {};
    const referenced =
      typeof link.operationRef === 'string' && link.operationRef.startsWith('#/')
        ? deref(document, { $ref: link.operationRef })
        : undefined;
    const operationId =
      typeof link.operationId === 'string'
        ? link.operationId
        : typeof referenced?.operationId === 'string'
          ? referenced.operationId
          : undefined;
    const parameters = Object.fromEntries(
      Object.entries<Json>(link.parameters ?? {}).map(([param, value]) => [
        param.replace(/^(path|query|header|cookie)\./, ''),
        String(value),
      ]),
    );
    return { name, ...(operationId ? { operationId } : {}), parameters };
  });
}
