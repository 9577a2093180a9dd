/**
 * Parameters and bodies on the wire, as the spec declares them: path parameters in the simple,
 * label and matrix styles; query parameters in the form (exploded or not), spaceDelimited,
 * pipeDelimited and deepObject styles; headers in the simple style; cookies in the form style;
 * request bodies as JSON, form-urlencoded, multipart/form-data, bytes or text. The raw checks send
 * exactly this, so a server (or Prism) that parses the declared style reads the intended values.
 */
import type { ParameterCase } from './cases.js';

type Style = Pick<ParameterCase, 'name' | 'style' | 'explode' | 'allowReserved'>;

const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
/** Text as UTF-8 carries it: a lone surrogate (UTF-8 has no form for it) is U+FFFD, one unit for one. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Percent-encodes a value (keeping RFC 3986 reserved characters when the parameter allows them). */
function encode(raw: string, allowReserved = false): string {
  const value = wellFormed(raw);
  if (!allowReserved) return encodeURIComponent(value);
  return [...value].map((char) => (RESERVED.test(char) ? char : encodeURIComponent(char))).join('');
}

const scalar = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A path parameter's value in its style (RFC 6570 as OpenAPI uses it), percent-encoded. */
export function pathValue(param: Style, value: unknown): string {
  // Label style's delimiter is `.`: inside a value it is escaped, as the SDKs escape it, or an
  // exploded item (a JSON object's `1.5`) would be read as two.
  const enc = (text: string) =>
    param.style === 'label'
      ? encode(text, param.allowReserved).replace(/\./g, '%2E')
      : encode(text, param.allowReserved);
  const explode = param.explode;
  const name = param.name;
  if (Array.isArray(value)) {
    const items = value.map((item) => enc(scalar(item)));
    if (param.style === 'label') return `.${items.join(explode ? '.' : ',')}`;
    if (param.style === 'matrix')
      return explode ? items.map((item) => `;${name}=${item}`).join('') : `;${name}=${items.join(',')}`;
    return items.join(',');
  }
  if (isObject(value)) {
    const pairs = Object.entries(value).map(([key, item]) => [enc(key), enc(scalar(item))]);
    const flat = pairs.map(([key, item]) => (explode ? `${key}=${item}` : `${key},${item}`));
    if (param.style === 'label') return `.${flat.join(explode ? '.' : ',')}`;
    if (param.style === 'matrix')
      return explode ? pairs.map(([key, item]) => `;${key}=${item}`).join('') : `;${name}=${flat.join(',')}`;
    return flat.join(',');
  }
  const text = enc(scalar(value));
  if (param.style === 'label') return `.${text}`;
  if (param.style === 'matrix') return `;${name}=${text}`;
  return text;
}

/** A path template filled with values in each parameter's style. */
export function fillPath(template: string, params: Style[], values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const param = params.find((candidate) => candidate.name === name) ?? {
      name,
      style: 'simple',
      explode: false,
    };
    return pathValue(param, values[name]);
  });
}

/** `name=value` pairs of one query parameter in its style (already percent-encoded). */
export function queryPairs(param: Style, value: unknown): string[] {
  if (value === undefined) return [];
  const enc = (text: string) => encode(text, param.allowReserved);
  const name = encodeURIComponent(param.name);
  if (param.style === 'deepObject' && (isObject(value) || Array.isArray(value))) {
    const pairs: string[] = [];
    const walk = (node: unknown, prefix: string) => {
      if (node === undefined || node === null) return;
      if (isObject(node))
        for (const [key, item] of Object.entries(node)) walk(item, `${prefix}[${encodeURIComponent(key)}]`);
      else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${prefix}[${index}]`));
      else pairs.push(`${prefix}=${enc(scalar(node))}`);
    };
    walk(value, name);
    return pairs;
  }
  if (Array.isArray(value)) {
    if (param.explode) return value.map((item) => `${name}=${enc(scalar(item))}`);
    const separator = param.style === 'spaceDelimited' ? '%20' : param.style === 'pipeDelimited' ? '|' : ',';
    return [`${name}=${value.map((item) => enc(scalar(item))).join(separator)}`];
  }
  if (isObject(value)) {
    if (param.explode)
      return Object.entries(value).map(([key, item]) => `${encodeURIComponent(key)}=${enc(scalar(item))}`);
    return [
      `${name}=${Object.entries(value)
        .map(([key, item]) => `${enc(key)},${enc(scalar(item))}`)
        .join(',')}`,
    ];
  }
  return [`${name}=${enc(scalar(value))}`];
}

/** The query string (without `?`) for the given values; parameters the spec does not declare go in the form style. */
export function queryString(params: Style[], values: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const param = params.find((candidate) => candidate.name === name) ?? {
      name,
      style: 'form',
      explode: true,
    };
    pairs.push(...queryPairs(param, value));
  }
  return pairs.join('&');
}

/** A header parameter's value (simple style; never percent-encoded). */
export function headerValue(param: Style | undefined, value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([key, item]) => (param?.explode ? `${key}=${scalar(item)}` : `${key},${scalar(item)}`))
      .join(',');
  return scalar(value);
}

/** The Cookie header for cookie parameters (form style). */
export function cookieHeader(params: Style[], values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const param = params.find((candidate) => candidate.name === name) ?? {
      name,
      style: 'form',
      explode: true,
    };
    if (Array.isArray(value))
      parts.push(
        param.explode
          ? value.map((item) => `${name}=${encodeURIComponent(scalar(item))}`).join('; ')
          : `${name}=${value.map((item) => encodeURIComponent(scalar(item))).join(',')}`,
      );
    else if (isObject(value))
      parts.push(
        param.explode
          ? Object.entries(value)
              .map(([key, item]) => `${key}=${encodeURIComponent(scalar(item))}`)
              .join('; ')
          : `${name}=${Object.entries(value)
              .map(([key, item]) => `${key},${encodeURIComponent(scalar(item))}`)
              .join(',')}`,
      );
    else parts.push(`${name}=${encodeURIComponent(scalar(value))}`);
  }
  return parts.join('; ');
}

/** A request body in its media type; multipart is left to fetch (FormData sets the boundary). */
export function encodeBody(
  value: unknown,
  contentType: string,
): { body: string | FormData; contentType?: string } {
  const type = contentType.toLowerCase();
  if (/^application\/x-www-form-urlencoded\b/.test(type)) {
    const form = new URLSearchParams();
    for (const [name, item] of Object.entries(isObject(value) ? value : {}))
      for (const part of Array.isArray(item) ? item : [item])
        if (part !== undefined) form.append(name, scalar(part));
    return { body: form.toString(), contentType };
  }
  if (/^multipart\/form-data\b/.test(type)) {
    const form = new FormData();
    for (const [name, item] of Object.entries(isObject(value) ? value : {})) {
      if (item === undefined) continue;
      if (isObject(item) || (Array.isArray(item) && item.some((part) => typeof part === 'object')))
        form.append(name, new Blob([JSON.stringify(item)], { type: 'application/json' }));
      else for (const part of Array.isArray(item) ? item : [item]) form.append(name, scalar(part));
    }
    return { body: form };
  }
  if (/^application\/octet-stream\b/.test(type) || /^text\//.test(type))
    return { body: typeof value === 'string' ? value : scalar(value), contentType };
  return {
    body: typeof value === 'string' && !/json/.test(type) ? value : JSON.stringify(value),
    contentType,
  };
}

/**
 * Coerces text the way a server reads a parameter of this schema type (numbers, booleans; strings
 * stay); without a type, text is read as the member of the enum it spells (`1` for an enum of
 * `true, false, 0, 1`), the only reading under which such an enum can be sent at all.
 */
function coerce(schema: unknown, text: string): unknown {
  const raw = (schema as { type?: unknown } | undefined)?.type;
  const members = (schema as { enum?: unknown } | undefined)?.enum;
  if (raw === undefined && Array.isArray(members)) {
    const member = members.find(
      (candidate) => candidate !== null && typeof candidate !== 'object' && String(candidate) === text,
    );
    if (member !== undefined) return member;
  }
  const types = Array.isArray(raw) ? raw : [raw];
  if (
    (types.includes('integer') || types.includes('number')) &&
    text.trim() !== '' &&
    !Number.isNaN(Number(text))
  )
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}

/**
 * What a server reads from the wire for a query, header or path parameter's value: text coerced
 * by the schema's type, an array split as its style joins it, and nothing at all for an empty
 * array or (unless allowEmptyValue) an empty query value. A generated value is valid for the
 * parameter only if what is read is: `12345` for a string parameter arrives as the string "12345".
 */
export function asRead(
  param: Pick<ParameterCase, 'in' | 'style' | 'explode' | 'schema' | 'jsonItems'> & {
    allowEmptyValue?: boolean | undefined;
  },
  value: unknown,
  items?: unknown,
): unknown {
  if (value === undefined || value === null) return undefined;
  const schema = param.schema as { type?: unknown; items?: unknown };
  const isArraySchema =
    schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const parts = value.map((item) => scalar(item));
    // Items whose schema makes them objects or arrays went as JSON text, which the server parses
    // back (as the decoder decides: by the schema, not by the value drawn), in any place.
    if (param.jsonItems)
      return value.map((item, index) =>
        item !== null && typeof item === 'object' ? item : coerce(items ?? schema.items, parts[index]!),
      );
    if (!param.explode || param.in !== 'query') {
      const separator = param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ',';
      const joined = parts.join(separator).split(separator);
      return joined.map((part) => coerce(items ?? schema.items, part));
    }
    return parts.map((part) => coerce(items ?? schema.items, part));
  }
  if (isObject(value)) return value;
  const text = scalar(value);
  if (param.in === 'query' && text === '' && !param.allowEmptyValue) return undefined;
  if (isArraySchema)
    return (
      param.in === 'query' && param.explode
        ? [text]
        : text.split(param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ',')
    ).map((part) => coerce(items ?? schema.items, part));
  return coerce(schema, text);
}
