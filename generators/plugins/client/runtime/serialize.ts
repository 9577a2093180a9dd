/**
 * Parameter serialisation (OAS 3.1 §4.8.12.4, "Style Values" and Appendices C to E): path
 * `simple`/`label`/`matrix`, query `form`/`spaceDelimited`/`pipeDelimited`/`deepObject`, header
 * `simple`, cookie `form`, each with `explode`, for primitives, arrays and objects; `allowReserved`;
 * parameters with JSON `content`. Form-urlencoded bodies use the query rules.
 *
 * The escape convention (OAS leaves it to the implementation, Appendix E): a style's delimiters
 * are sent as themselves (`,` `.` `;` `=` `|` `[` `]`, and `%20` for spaceDelimited) and the same
 * characters inside names and values are percent-encoded, so a server that splits on delimiters
 * before decoding gets every value back exactly. In query strings and form bodies a space is `+`
 * (form-urlencoded), so `%20` only ever means the spaceDelimited delimiter.
 */
import { ClientError } from './errors.js';

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

/**
 * The value the caller gave under `name`, never one the object inherits: a parameter or part named
 * `constructor` or `toString` that the caller left out is not `Object`'s method.
 */
export function ownValue(values: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}
export type ParamStyle =
  'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** One parameter as the generator describes it; left-out fields take the location's defaults. */
export interface ParamSpec {
  name: string;
  in: ParamLocation;
  /** Default: `simple` in path and header, `form` in query and cookie. */
  style?: ParamStyle | undefined;
  /** Default: true for `form`, else false. */
  explode?: boolean | undefined;
  /** Default `primitive`; `unknown` is decided from the value (array, plain object, else primitive). */
  shape?: 'primitive' | 'array' | 'object' | 'unknown' | undefined;
  /** The value is sent as JSON text (a parameter with JSON `content`). */
  json?: true | undefined;
  /** Query: RFC 3986 reserved characters are sent unencoded (except those that would end or split a query value). */
  allowReserved?: true | undefined;
  /** Query: the server accepts `name=` (an empty string is sent either way; this is for documentation). */
  allowEmptyValue?: true | undefined;
  /** The spec marks it deprecated: the first call that sends it logs a warning. */
  deprecated?: true | undefined;
  /**
   * Header: sent when the caller gives none. fetch writes its own Accept-Language (`*`) and
   * Accept-Encoding where a request has none; where the spec declares the header with a default,
   * the client sends that default instead, which the server assumes for an absent header anyway.
   */
  whenAbsent?: string | undefined;
}

const DEFAULT_STYLE: Record<ParamLocation, ParamStyle> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

export function styleOf(spec: ParamSpec): { style: ParamStyle; explode: boolean } {
  const style = spec.style ?? DEFAULT_STYLE[spec.in];
  return { style, explode: spec.explode ?? style === 'form' };
}

/** A value as text: strings as they are, dates as ISO 8601, numbers and booleans as JSON writes them. */
export function primitiveText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

type Shaped =
  | { kind: 'primitive'; text: string }
  | { kind: 'array'; items: string[] }
  | { kind: 'object'; entries: Array<[string, string]> };

/** The value taken apart by its shape; undefined when the value is undefined or null (not sent). */
function shaped(spec: ParamSpec, value: unknown): Shaped | undefined {
  if (value === undefined || value === null) return undefined;
  if (spec.json) return { kind: 'primitive', text: JSON.stringify(value) };
  const shape =
    spec.shape === 'unknown' || spec.shape === undefined
      ? Array.isArray(value)
        ? 'array'
        : isPlainObject(value)
          ? 'object'
          : 'primitive'
      : spec.shape;
  // An empty array or object is "undefined" to RFC 6570: not sent at all.
  if (shape === 'array') {
    const items = (Array.isArray(value) ? value : [value]).filter(
      (item) => item !== undefined && item !== null,
    );
    return items.length === 0 ? undefined : { kind: 'array', items: items.map(primitiveText) };
  }
  if (shape === 'object' && isPlainObject(value)) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined && item !== null)
      .map(([key, item]): [string, string] => [key, primitiveText(item)]);
    return entries.length === 0 ? undefined : { kind: 'object', entries };
  }
  return { kind: 'primitive', text: primitiveText(value) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes all but RFC 3986 unreserved characters, plus any character in `also`. */
export function encodeComponent(text: string, also = ''): string {
  let encoded = encodeURIComponent(text).replace(/[!'()*]/g, hex);
  for (const char of also) if (/[A-Za-z0-9\-._~]/.test(char)) encoded = encoded.split(char).join(hex(char));
  return encoded;
}

/**
 * Query and form text: like encodeComponent, but a space is `+`; with allowReserved, the RFC 3986
 * reserved characters that keep their meaning inside a query value stay as they are
 * (`: / ? @ ! $ ' ( ) * , ;`), while `# [ ] & = +` are always encoded (OAS 3.1.1 §4.8.12.2.2).
 */
export function encodeQueryText(text: string, allowReserved = false, also = ''): string {
  let encoded = encodeComponent(text).replace(/%20/g, '+');
  if (allowReserved)
    encoded = encoded.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g, (match) =>
      also.includes(decodeURIComponent(match)) ? match : decodeURIComponent(match),
    );
  return encoded;
}

/** How query text is escaped: `(text, allowReserved, delimiters to escape too)`. Multipart's styled parts use `rawText` (no percent-encoding). */
export type TextEncoder = (text: string, allowReserved: boolean, delimiters: string) => string;
export const rawText: TextEncoder = (text) => text;

/**
 * name=value pairs of one query parameter (or form field), encoded by `encode` (query text by
 * default); none when the value is not sent.
 */
export function queryPairs(
  spec: ParamSpec,
  value: unknown,
  encode: TextEncoder = encodeQueryText,
): Array<[string, string]> {
  const parts = shaped(spec, value);
  if (!parts) return [];
  const { style, explode } = styleOf(spec);
  const reserved = spec.allowReserved === true;
  const key = (raw: string, delimiters = '') => encode(raw, false, delimiters);
  const text = (raw: string, delimiters = '') => encode(raw, reserved, delimiters);
  const name = key(spec.name, '[]');
  if (parts.kind === 'primitive') return [[name, text(parts.text)]];
  if (style === 'deepObject') {
    // Brackets at any depth, arrays indexed (spec/DECISIONS.md): filter[tags][0]=a&filter[size][gt]=1.
    const pairs: Array<[string, string]> = [];
    const walk = (node: unknown, path: string): void => {
      if (node === undefined || node === null) return;
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
      else if (isPlainObject(node))
        for (const [entry, item] of Object.entries(node)) walk(item, `${path}[${key(entry, '[]')}]`);
      else pairs.push([path, text(primitiveText(node))]);
    };
    // A value of the declared array shape that is not one is its one item, as in every other style.
    walk(parts.kind === 'array' && !Array.isArray(value) ? [value] : value, name);
    return pairs;
  }
  if (explode && (style === 'form' || style === 'spaceDelimited' || style === 'pipeDelimited')) {
    // Exploded, every style is repeated name=value pairs (objects: one pair per property).
    if (parts.kind === 'array') return parts.items.map((item) => [name, text(item)]);
    return parts.entries.map(([entry, item]) => [key(entry), text(item)]);
  }
  const [delimiter, escape] =
    style === 'spaceDelimited'
      ? [encode === rawText ? ' ' : '%20', ' ']
      : style === 'pipeDelimited'
        ? ['|', '|']
        : [',', ','];
  // A space inside a spaceDelimited value is `+`, so `%20` is only ever the delimiter.
  const values = parts.kind === 'array' ? parts.items : parts.entries.flat();
  return [[name, values.map((item) => text(item, escape)).join(delimiter)]];
}

/** The query string of all query parameters given, in spec order ("" when none). */
export function queryString(specs: ParamSpec[], values: Record<string, unknown>): string {
  return specs
    .filter((spec) => spec.in === 'query')
    .flatMap((spec) => queryPairs(spec, ownValue(values, spec.name)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * One path parameter's text for its place in the template (`{name}` replaced by this). Simple
 * style escapes `,` inside values; label escapes `.`; matrix escapes `;`, `=` and `,`. The text
 * also escapes the first character of the literal that follows the parameter in the template
 * (`/files/{name}.{ext}`: a `.` inside `name` is `%2E`), so the server can find where it ends.
 */
export function pathText(spec: ParamSpec, value: unknown, nextLiteral = ''): string {
  const parts = shaped(spec, value);
  if (!parts) throw new ClientError(`Missing path parameter "${spec.name}".`);
  const { style, explode } = styleOf(spec);
  const follow = nextLiteral.charAt(0) === '/' ? '' : nextLiteral.charAt(0);
  const escapes = style === 'label' ? `.${follow}` : style === 'matrix' ? `;=,${follow}` : `,${follow}`;
  const enc = (text: string) => encodeComponent(text, escapes);
  if (parts.kind === 'primitive' && parts.text === '' && style === 'simple')
    throw new ClientError(`Missing path parameter "${spec.name}".`);
  if (style === 'matrix') {
    const name = enc(spec.name);
    if (parts.kind === 'primitive') return `;${name}${parts.text === '' ? '' : `=${enc(parts.text)}`}`;
    if (parts.kind === 'array')
      return explode
        ? parts.items.map((item) => `;${name}=${enc(item)}`).join('')
        : `;${name}=${parts.items.map(enc).join(',')}`;
    return explode
      ? parts.entries.map(([key, item]) => `;${enc(key)}=${enc(item)}`).join('')
      : `;${name}=${parts.entries.flat().map(enc).join(',')}`;
  }
  const prefix = style === 'label' ? '.' : '';
  const separator = style === 'label' && explode ? '.' : ',';
  if (parts.kind === 'primitive') return `${prefix}${enc(parts.text)}`;
  if (parts.kind === 'array') return `${prefix}${parts.items.map(enc).join(separator)}`;
  return `${prefix}${parts.entries.map(([key, item]) => (explode ? `${enc(key)}=${enc(item)}` : `${enc(key)},${enc(item)}`)).join(separator)}`;
}

/**
 * Fills a path template. Parameters are given positionally in template order; a segment that
 * would be `.` or `..` is refused (URLs resolve those away, so the request would go elsewhere).
 */
export function buildPath(template: string, specs: ParamSpec[], args: unknown[]): string {
  const pieces = template.replace(/[?#].*$/s, '').split(/(\{[^}]+\})/);
  let index = 0;
  const filled = pieces.map((piece, at) => {
    const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
    if (name === undefined) return piece;
    const spec = specs.find((candidate) => candidate.in === 'path' && candidate.name === name) ?? {
      name,
      in: 'path' as const,
    };
    const value = args[index++];
    if (value === undefined || value === null || value === '')
      throw new ClientError(`Missing path parameter "${name}" for ${template}.`);
    return pathText(spec, value, pieces[at + 1] ?? '');
  });
  const path = filled.join('');
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new ClientError(
      `A path parameter of ${template} makes a "." or ".." segment, which URLs resolve away.`,
    );
  return path;
}

/**
 * A header parameter's value (simple style; not percent-encoded, as OAS Appendix D says): arrays
 * comma-separated, objects `k,v,…` or with explode `k=v,…`. Undefined when not sent.
 */
export function headerText(spec: ParamSpec, value: unknown): string | undefined {
  const parts = shaped(spec, value);
  if (!parts) return undefined;
  const { explode } = styleOf(spec);
  const text =
    parts.kind === 'primitive'
      ? parts.text
      : parts.kind === 'array'
        ? parts.items.join(',')
        : parts.entries.map(([key, item]) => (explode ? `${key}=${item}` : `${key},${item}`)).join(',');

  if (/[^\t\x20-\x7E]/.test(text))
    throw new ClientError(
      `Header parameter "${spec.name}" must be printable ASCII; got ${JSON.stringify(text.slice(0, 40))}.`,
    );
  return text;
}

/**
 * Cookie pairs of one cookie parameter (form style, RFC 6265 `; `-separated): values
 * percent-encoded as in a query (`,` stays the delimiter); explode repeats the name for arrays
 * and sends each property as its own cookie for objects.
 */
export function cookiePairs(spec: ParamSpec, value: unknown): string[] {
  const parts = shaped(spec, value);
  if (!parts) return [];
  const { explode } = styleOf(spec);
  const enc = (text: string) => encodeComponent(text, ',');
  const name = encodeComponent(spec.name);
  if (parts.kind === 'primitive') return [`${name}=${enc(parts.text)}`];
  if (parts.kind === 'array')
    return explode
      ? parts.items.map((item) => `${name}=${enc(item)}`)
      : [`${name}=${parts.items.map(enc).join(',')}`];
  return explode
    ? parts.entries.map(([key, item]) => `${encodeComponent(key)}=${enc(item)}`)
    : [`${name}=${parts.entries.flat().map(enc).join(',')}`];
}
