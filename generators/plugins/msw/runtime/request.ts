/**
 * What a resolver is handed of a request besides msw's own `request` and `params`: the query
 * parameters decoded as the clients spell them (the server stubs' decoder, by each parameter's
 * style and explode) and made the types the client gives them (numbers and booleans where the
 * schema says so), and the JSON request body parsed from a clone, so the request itself stays
 * unread for the resolver and for msw.
 */
import { decodeQuery, ParamError, type WireParam } from '../../../core/param-decoding.js';

/** A JSON type text can be made into; text of other types stays as it is. */
export type ScalarType = 'number' | 'integer' | 'boolean';

/** One query parameter: its spelling, and the types of its value, items or properties when not strings. */
export interface QueryParam extends WireParam {
  types?: { value?: ScalarType; items?: ScalarType; properties?: Record<string, ScalarType> } | undefined;
}

/** Text as the type wants it; text that is not one (`limit=ten`) stays text, as the handlers refuse no input. */
function coerce(text: unknown, type: ScalarType | undefined): unknown {
  if (typeof text !== 'string' || type === undefined) return text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  const number = Number(text);
  if (text.trim() === '' || !Number.isFinite(number)) return text;
  return type === 'integer' && !Number.isInteger(number) ? text : number;
}

function typed(value: unknown, types: QueryParam['types']): unknown {
  if (!types) return value;
  if (Array.isArray(value)) return value.map((item) => coerce(item, types.items ?? types.value));
  if (value && typeof value === 'object') {
    const object = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) object[key] = coerce(item, types.properties?.[key]);
    return object;
  }
  return coerce(value, types.value);
}

/**
 * The declared query parameters of a URL, decoded and typed; pairs no parameter declares are left
 * out (they are in `new URL(request.url).searchParams`). A parameter the decoder cannot read as its
 * style says (a `ParamError`: `piped=a|b|c` for an object) is handed over as its text (an array of
 * them when repeated), as the handlers refuse no input.
 */
export function queryOf(url: string, params: QueryParam[]): Record<string, unknown> {
  const search = new URL(url).search.slice(1);
  const unreadable = new Set<string>();
  for (;;) {
    try {
      // Pairs of an unreadable parameter are left unclaimed: the decoder keeps them as text.
      const decoded = decodeQuery(
        search,
        params.filter((param) => !unreadable.has(param.name)),
      );
      const query: Record<string, unknown> = {};
      for (const param of params)
        if (decoded[param.name] !== undefined)
          query[param.name] = unreadable.has(param.name)
            ? decoded[param.name]
            : typed(decoded[param.name], param.types);
      return query;
    } catch (error) {
      if (!(error instanceof ParamError)) throw error;
      // A pair's name that is not valid percent-encoding: nothing can be read by name.
      if (unreadable.has(error.param) || !params.some((param) => param.name === error.param)) return {};
      unreadable.add(error.param);
    }
  }
}

/**
 * The request's body parsed as JSON when it is sent as JSON (`application/json`, any `+json`),
 * read from a clone; undefined for any other media type, no body, or text that is not JSON.
 */
export async function jsonBodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^[^;]*[/+]json\s*(;|$)/i.test(type)) return undefined;
  const text = await bodyText(request.clone());
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Decoders for a body in a content coding (the clients compress a body their call's Content-Encoding names). */
const DECOMPRESSION: Record<string, CompressionFormat> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
};

/** A request's body as text, decoded from the coding its Content-Encoding names (gzip, deflate). */
async function bodyText(request: Request): Promise<string> {
  const coding = request.headers.get('content-encoding')?.trim().toLowerCase();
  const format =
    coding !== undefined && Object.hasOwn(DECOMPRESSION, coding) ? DECOMPRESSION[coding] : undefined;
  if (!format || !request.body) return request.text();
  try {
    return await new Response(request.body.pipeThrough(new DecompressionStream(format))).text();
  } catch {
    return '';
  }
}
