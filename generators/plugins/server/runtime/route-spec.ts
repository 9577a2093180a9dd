/** What the generator tells the plugin about each operation. */
import type { WireParam } from '../../../core/param-decoding.js';
import type { AnswerPart } from './multipart-answers.js';

export interface RouteSecurity {
  /** True when the operation needs no credentials. */
  isPublic: boolean;
  /** Scopes the operation requires (any alternative's). */
  scopes: string[];
  /** Key types allowed (x-key-types), when the spec says. */
  keyTypes?: string[] | undefined;
}

export interface RouteSchema {
  params?: object | undefined;
  querystring?: object | undefined;
  headers?: object | undefined;
  body?: object | undefined;
  response?: Record<string, object> | undefined;
  /** Cookie parameters (validated by the plugin, not Fastify). */
  cookies?: object | undefined;
}

/** One multipart part or form field, as the plugin reads it. */
export interface WirePart {
  name: string;
  shape: 'primitive' | 'array' | 'object' | 'unknown' | 'file' | 'files';
  /** Spelled by style (`encoding.style`/`explode`/`allowReserved`): decoded as query parameters are. */
  styled?: true | undefined;
  style?: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | undefined;
  explode?: boolean | undefined;
  /** Styled objects: the declared property names (an exploded object's fields are named by them). */
  properties?: string[] | undefined;
  /** Content-based JSON: the value is JSON text (objects by default, or a JSON contentType). */
  json?: true | undefined;
  /** A JSON part's schema: validated as a JSON body is (no coercion, no defaults), apart from the fields. */
  schema?: object | undefined;
  /** Largest file in bytes (the file schema's maxLength). */
  maxBytes?: number | undefined;
  /** Most files (an array of files' maxItems). */
  maxFiles?: number | undefined;
}

/** One request media type of an operation. */
export interface WireBody {
  mediaType: string;
  kind: 'json' | 'multipart' | 'form' | 'text' | 'binary' | 'event-stream' | 'ndjson';
  /** The JSON Schema the decoded body is validated with (files stand as `true`; their sizes are limits). */
  schema?: object | undefined;
  /** Multipart and form: the fields. */
  parts?: WirePart[] | undefined;
  /** Binary: the most bytes accepted (the schema's maxLength). */
  maxBytes?: number | undefined;
}

/** One media type of a response. */
export interface WireMedia {
  mediaType: string;
  kind: WireBody['kind'];
  /** Event streams: each event's data is JSON. */
  dataIsJson?: boolean | undefined;
  /** Multipart answers: the declared parts (files, JSON, text), as they are written. */
  parts?: AnswerPart[] | undefined;
}

export interface RouteSpec {
  operationId: string;
  method: string;
  /** The OpenAPI path, e.g. "/v1/nature/subjects/{subject_id}". */
  path: string;
  /** The Fastify URL, e.g. "/v1/nature/subjects/:subject_id". */
  url: string;
  /**
   * The same operation where a path parameter's value is written in, because another route's
   * literal would otherwise take those requests (generators/plugins/server/shadowed-routes.ts).
   */
  aliases?: Array<{ url: string; params: Record<string, string> }> | undefined;
  /** A query parameter or header the request must carry (from a "?" or "#" in the path template). */
  match?: { in: 'query' | 'header'; name: string; value?: string } | undefined;
  /** Fastify-safe path parameter name -> the spec's name (they differ when the spec's has "-" or "."). */
  paramNames: Record<string, string>;
  security: RouteSecurity;
  successStatus?: number | undefined;
  /** The request body's media type, when the operation takes one. */
  bodyContentType?: string | undefined;
  /** The body is optional: validated only when one is sent. */
  bodyOptional?: boolean | undefined;
  idempotencyHeader?: string | undefined;
  /** The status invalid requests get when the operation documents it instead of 400 (422); absent: 400. */
  refusalStatus?: number | undefined;
  /** Parameter name -> the error code a failure of its bounds (minimum, maxLength, ...) gets (x-error-code). */
  errorCodes: Record<string, string>;
  /** Pairs of parameters that cannot be sent together, with the error code (x-mutually-exclusive-with). */
  exclusive: Array<{ params: [string, string]; code: string }>;
  schema: RouteSchema;
  /** Parameters whose spelling Fastify's parsers do not read (styles, JSON content, cookies): decoded by the plugin. */
  wireParams?: WireParam[] | undefined;
  /** The path template in parts, when path parameters are read from the raw path (label, matrix, arrays, objects, text glued to a parameter). */
  pathParts?: Array<string | { param: string }> | undefined;
  /** Request media types, when they are not exactly one JSON media type (those Fastify validates itself). */
  bodies?: WireBody[] | undefined;
  /** Response media types per status, when a response has a media type other than JSON or several. */
  responseMedia?: Record<string, WireMedia[]> | undefined;
  /** Documented JSON error responses (status, `4xx`, `default`) -> index of their template in the error template table (error-bodies.ts). */
  errorResponses?: Record<string, number> | undefined;
}

/** An OpenAPI path as the router reads it: its template's `?`/`#` part left out. */
export const routedPath = (path: string) => path.replace(/[?#].*$/s, '');

/** A routed path's parts: its literal text and its `{parameter}`s, in order. */
const templateParts = (path: string) =>
  routedPath(path)
    .split(/(\{[^}]+\})/)
    .filter(Boolean);

/**
 * The characters of an OpenAPI path that are not a parameter (its template's `?`/`#` part left out):
 * where a URL matches several templates, the one with most of them is the more specific, and is
 * the one routed (`/{id}.schema.jsonld` before `/{id}.jsonld`, europeana's records).
 */
export function literalLength(path: string): number {
  return templateParts(path)
    .filter((part) => !part.startsWith('{'))
    .join('').length;
}

/** The URLs an OpenAPI path's template matches (its `?`/`#` part left out), a parameter as one or more characters of a segment. */
export function templatePattern(path: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = templateParts(path)
    .map((part) => (part.startsWith('{') ? '[^/]+?' : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** A header parameter the route declares, by its lowercased name: its schema and whether it is required. */
export function headerParameter(
  route: RouteSpec,
  name: string,
): { schema: { enum?: unknown[] }; required: boolean } | undefined {
  const headers = route.schema.headers as
    { properties?: Record<string, { enum?: unknown[] }>; required?: string[] } | undefined;
  if (!headers?.properties || !Object.hasOwn(headers.properties, name)) return undefined;
  return { schema: headers.properties[name]!, required: headers.required?.includes(name) ?? false };
}
