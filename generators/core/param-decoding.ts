/**
 * Parameters decoded exactly as the clients spell them (OAS 3.1 §4.8.12.4 and the escape
 * convention in spec/DECISIONS.md): path `simple`/`label`/`matrix` (also parameters glued to text,
 * `/files/{name}.{ext}`), query `form`/`spaceDelimited`/`pipeDelimited`/`deepObject`, JSON
 * `content`, header `simple`, cookie `form`. Raw text is split on a style's delimiters first and
 * percent-decoded after, so a delimiter inside a value comes back as itself. Values stay text:
 * the server route's JSON Schema validation (with type coercion) makes numbers and booleans of
 * them, the MSW handlers' resolver query (msw runtime request.ts) does it by the schema's types.
 * Shared by both, copied beside each runtime: it imports nothing.
 */

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';
export type ParamStyle =
  'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** One parameter as the generator describes it for decoding. */
export interface WireParam {
  name: string;
  in: ParamLocation;
  style: ParamStyle;
  explode: boolean;
  shape: 'primitive' | 'array' | 'object' | 'unknown';
  /** Sent as JSON text (parameter `content`). */
  json?: true;
  /** JSON text: the schema its decoded value is validated against, without coercion (the stubs'). */
  schema?: object;
  /** Query: `name=` is allowed (otherwise an empty value is refused). */
  allowEmptyValue?: true;
  /** Objects: the declared property names (an exploded object's pairs are found by them). */
  properties?: string[];
  /** Objects: whether undeclared properties are allowed (an exploded object then takes unclaimed pairs too). */
  openObject?: true;
  /** Arrays whose items are objects or arrays (in any place, and form fields): each item is JSON text (see `nestedValues`). */
  jsonItems?: true;
  /** Objects (in any place, and form fields): the properties whose values are objects or arrays, each JSON text. */
  jsonProperties?: string[];
}

/** A parameter that cannot be read: the plugin answers 400 naming it. */
export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

function decode(text: string, param: string, plusIsSpace: boolean): string {
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text);
  } catch {
    throw new ParamError(param, `${param} is not valid percent-encoding.`);
  }
}

/**
 * An object whose keys are the request's names: without a prototype, so `__proto__` is a key like
 * any other (on `{}`, assigning it would replace the object's prototype, or be dropped).
 */
function namedValues<Value>(): Record<string, Value> {
  return Object.create(null) as Record<string, Value>;
}

/** Pairs of a flat list (`k1,v1,k2,v2`) as an object; an odd count is an error. */
function pairsToObject(items: string[], param: string): Record<string, string> {
  if (items.length % 2 !== 0) throw new ParamError(param, `${param} must be key,value pairs.`);
  const object = namedValues<string>();
  for (let index = 0; index < items.length; index += 2) object[items[index]!] = items[index + 1]!;
  return object;
}

/** `k=v` items as an object. */
function assignmentsToObject(
  items: string[],
  param: string,
  decodeItem: (text: string) => string,
): Record<string, string> {
  const object = namedValues<string>();
  for (const item of items) {
    const at = item.indexOf('=');
    if (at === -1) throw new ParamError(param, `${param} must be key=value pairs.`);
    object[decodeItem(item.slice(0, at))] = decodeItem(item.slice(at + 1));
  }
  return object;
}

function parseJson(text: string, param: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ParamError(param, `${param} must be JSON.`);
  }
}

/** A delimited value (raw text) as the shape wants it. */
function delimited(spec: WireParam, raw: string, delimiter: string | RegExp, plusIsSpace: boolean): unknown {
  const dec = (text: string) => decode(text, spec.name, plusIsSpace);
  if (spec.json) return parseJson(dec(raw), spec.name);
  if (spec.shape === 'array') return raw === '' ? [] : raw.split(delimiter).map(dec);
  if (spec.shape === 'object')
    return raw === '' ? namedValues<string>() : pairsToObject(raw.split(delimiter).map(dec), spec.name);
  return dec(raw);
}

// ---- path ----

/**
 * A regular expression over the raw (still encoded) path for a template's parts, capturing each
 * parameter: a parameter runs to the next `/` or to the text that follows it in its segment.
 */
export function pathMatcher(parts: Array<string | { param: string }>): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = parts
    .map((part, index) => {
      if (typeof part === 'string') return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.param);
      const next = parts[index + 1];
      return typeof next === 'string' && !next.startsWith('/') ? '([^/]*?)' : '([^/]*)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** One path parameter from its raw text (nested items and properties parsed from their JSON text). */
export function decodePathParam(spec: WireParam, raw: string): unknown {
  const value = pathValue(spec, raw);
  return spec.jsonItems || spec.jsonProperties ? nestedValues(spec, value) : value;
}

function pathValue(spec: WireParam, raw: string): unknown {
  const dec = (text: string) => decode(text, spec.name, false);
  if (spec.style === 'simple') {
    if (spec.shape === 'object' && spec.explode) return assignmentsToObject(raw.split(','), spec.name, dec);
    return delimited(spec, raw, ',', false);
  }
  if (spec.style === 'label') {
    if (!raw.startsWith('.'))
      throw new ParamError(spec.name, `${spec.name} must start with "." (label style).`);
    const body = raw.slice(1);
    if (spec.shape === 'object' && spec.explode)
      return body === '' ? namedValues<string>() : assignmentsToObject(body.split('.'), spec.name, dec);
    return delimited(spec, body, spec.explode ? '.' : ',', false);
  }
  // matrix: ;name=value, ;name=a,b, ;name=a;name=b, ;k=v;k2=v2
  if (!raw.startsWith(';'))
    throw new ParamError(spec.name, `${spec.name} must start with ";" (matrix style).`);
  const items = raw.slice(1).split(';');
  if (spec.shape === 'object' && spec.explode) return assignmentsToObject(items, spec.name, dec);
  const values = items.map((item) => {
    const at = item.indexOf('=');
    const name = dec(at === -1 ? item : item.slice(0, at));
    if (name !== spec.name)
      throw new ParamError(spec.name, `${spec.name} must be spelled ;${spec.name}=… (matrix style).`);
    return at === -1 ? '' : item.slice(at + 1);
  });
  if (spec.shape === 'array' && spec.explode) return values.map(dec);
  if (values.length !== 1) throw new ParamError(spec.name, `${spec.name} is given more than once.`);
  return delimited(spec, values[0]!, ',', false);
}

/** Every path parameter from the raw path, or undefined when the path does not match the template. */
export function decodePath(
  rawPath: string,
  matcher: { pattern: RegExp; names: string[] },
  specs: WireParam[],
): Record<string, unknown> | undefined {
  const found = matcher.pattern.exec(rawPath);
  if (!found) return undefined;
  const values: Record<string, unknown> = {};
  matcher.names.forEach((name, index) => {
    const spec = specs.find((candidate) => candidate.in === 'path' && candidate.name === name) ?? {
      name,
      in: 'path' as const,
      style: 'simple' as const,
      explode: false,
      shape: 'primitive' as const,
    };
    values[name] = decodePathParam(spec, found[index + 1]!);
  });
  return values;
}

// ---- query (and form bodies) ----

/** Raw `name=value` pairs of a query string or form body, names decoded, values still encoded. */
export function rawPairs(text: string): Array<[string, string]> {
  if (text === '') return [];
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
}

/**
 * Decodes the parameters of a query string (or the fields of a form body): each declared
 * parameter by its style; the pairs no parameter claims are kept as they are (a repeated name
 * as an array), so "unknown parameter" checks still see them.
 */
export function decodeQuery(text: string, specs: WireParam[]): Record<string, unknown> {
  return decodePairs(rawPairs(text), specs, true);
}

/** An object sent as one pair per property, named by the property (form or any style but deepObject, exploded). */
const explodedObject = (spec: WireParam) =>
  spec.style !== 'deepObject' && spec.shape === 'object' && spec.explode && !spec.json;

/**
 * Decodes name=value pairs by the parameters' styles. `encoded`: values are still
 * percent-encoded (query strings, form bodies; `+` is a space); multipart fields are not.
 */
export function decodePairs(
  raw: Array<[string, string]>,
  specs: WireParam[],
  encoded: boolean,
): Record<string, unknown> {
  const text = (value: string, param: string) => (encoded ? decode(value, param, true) : value);
  const pairs = raw.map(([name, value]): [string, string] => [text(name, name.slice(0, 40)), value]);
  const claimed = new Set<number>();
  const result = namedValues<unknown>();
  const declared = new Set(specs.map((spec) => spec.name));
  // A pair named by an exploded object's declared property is that object's, never an open
  // object's extra, whichever of the two is declared first (AWS's query APIs put several such
  // objects side by side).
  const declaredProperties = new Set(
    specs.flatMap((spec) => (explodedObject(spec) ? (spec.properties ?? []) : [])),
  );
  for (const spec of specs) {
    if (spec.style === 'deepObject') {
      const value = deepObjectValue(spec, pairs, claimed, text);
      if (value !== undefined) result[spec.name] = value;
      continue;
    }
    if (explodedObject(spec)) {
      // Exploded objects: one pair per property, named by the property.
      const object = namedValues<string>();
      pairs.forEach(([name, value], index) => {
        const mine =
          spec.properties?.includes(name) ||
          (spec.openObject &&
            !declared.has(name) &&
            !declaredProperties.has(name) &&
            !specs.some((other) => other.style === 'deepObject' && name.startsWith(`${other.name}[`)));
        if (!mine || claimed.has(index)) return;
        claimed.add(index);
        object[name] = text(value, spec.name);
      });
      if (Object.keys(object).length > 0) result[spec.name] = object;
      continue;
    }
    const own = pairs
      .map((pair, index) => ({ pair, index }))
      .filter(({ pair: [name] }) => name === spec.name);
    if (own.length === 0) continue;
    own.forEach(({ index }) => claimed.add(index));
    for (const { pair } of own)
      if (pair[1] === '' && !spec.allowEmptyValue && spec.in === 'query')
        throw new ParamError(spec.name, `${spec.name} must not be empty.`);
    if (spec.explode && spec.shape === 'array' && !spec.json) {
      result[spec.name] = own.map(({ pair: [, value] }) => text(value, spec.name));
      continue;
    }
    if (own.length > 1) {
      if (spec.shape !== 'unknown') throw new ParamError(spec.name, `${spec.name} is given more than once.`);
      result[spec.name] = own.map(({ pair: [, value] }) => text(value, spec.name));
      continue;
    }
    const value = own[0]!.pair[1];
    if (!encoded) {
      const delimiter = spec.style === 'spaceDelimited' ? ' ' : spec.style === 'pipeDelimited' ? '|' : ',';
      result[spec.name] = spec.json
        ? parseJson(value, spec.name)
        : spec.shape === 'array'
          ? value === ''
            ? []
            : value.split(delimiter)
          : spec.shape === 'object'
            ? pairsToObject(value === '' ? [] : value.split(delimiter), spec.name)
            : value;
      continue;
    }
    const delimiter = spec.style === 'spaceDelimited' ? /%20/i : spec.style === 'pipeDelimited' ? '|' : ',';
    result[spec.name] = delimited(spec, value, delimiter, true);
  }
  for (const spec of specs)
    if ((spec.jsonItems || spec.jsonProperties) && result[spec.name] !== undefined)
      result[spec.name] = nestedValues(spec, result[spec.name]);
  pairs.forEach(([name, value], index) => {
    if (claimed.has(index)) return;
    const item = text(value, name.slice(0, 40));
    const existing = result[name];
    result[name] =
      existing === undefined ? item : Array.isArray(existing) ? [...existing, item] : [existing, item];
  });
  return result;
}

/** A deepObject parameter's pairs as a tree of their bracketed keys, leaves still text. */
interface DeepNode {
  [key: string]: DeepNode | string;
}

/**
 * A deepObject parameter (spec/DECISIONS.md): brackets at any depth, `name[a][b]=v`; a node whose
 * keys are all indexes is an array (`name[0]=x`, or `name[]=x` appended in order); at the top, by
 * the parameter's shape (an object keeps index-like keys). A scalar, alone or in a choice, comes as
 * `name=v`. Keys are read from decoded names, as qs reads them: a bracket inside a key
 * cannot be told from a delimiter.
 */
function deepObjectValue(
  spec: WireParam,
  pairs: Array<[string, string]>,
  claimed: Set<number>,
  text: (value: string, param: string) => string,
): unknown {
  const root: DeepNode = namedValues<DeepNode | string>();
  pairs.forEach(([name, value], index) => {
    if (!name.startsWith(`${spec.name}[`)) return;
    const rest = name.slice(spec.name.length);
    if (!/^(\[[^[\]]*\])+$/.test(rest)) return;
    claimed.add(index);
    const path = rest.slice(1, -1).split('][');
    let node = root;
    path.forEach((segment, at) => {
      // `[]` appends: the next index of the node it is in.
      const step = segment === '' ? String(Object.keys(node).length) : segment;
      const last = at === path.length - 1;
      const existing = node[step];
      if (last) {
        if (existing !== undefined)
          throw new ParamError(spec.name, `${spec.name} gives one of its members more than once.`);
        node[step] = text(value, spec.name);
      } else if (typeof existing === 'string')
        throw new ParamError(
          spec.name,
          `${spec.name} gives one of its members both as a value and with members.`,
        );
      else node = (node[step] ??= namedValues<DeepNode | string>()) as DeepNode;
    });
  });
  const indexed = (keys: string[]) => keys.length > 0 && keys.every((key) => /^(0|[1-9]\d{0,8})$/.test(key));
  const finish = (node: DeepNode | string, top: boolean): unknown => {
    if (typeof node === 'string') return node;
    const keys = Object.keys(node);
    if (top && spec.shape === 'array' && !indexed(keys))
      throw new ParamError(
        spec.name,
        `${spec.name} must be spelled ${spec.name}[0]=…, ${spec.name}[1]=… (or ${spec.name}[]=… for each item).`,
      );
    if (indexed(keys) && (!top || spec.shape === 'array' || spec.shape === 'unknown'))
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => finish(node[key]!, false));
    const object = namedValues<unknown>();
    for (const key of keys) object[key] = finish(node[key]!, false);
    return object;
  };
  if (Object.keys(root).length > 0) return finish(root, true);
  if (spec.shape === 'object' || spec.shape === 'array') return undefined;
  // A scalar (alone, or as one of a choice) goes as name=value.
  const own = pairs.flatMap(([name, value], index) => (name === spec.name ? [{ value, index }] : []));
  if (own.length > 1) throw new ParamError(spec.name, `${spec.name} is given more than once.`);
  if (own.length === 0) return undefined;
  claimed.add(own[0]!.index);
  return text(own[0]!.value, spec.name);
}

/**
 * The items (or properties) of a styled value that are objects or arrays, parsed from the JSON text
 * the SDKs write for them: OAS defines no spelling for values nested in a style (RFC 6570 has
 * none), and AWS's query protocol specs declare such parameters (`TagSpecification`, an array of
 * objects). Text that is not JSON stays text, for validation to refuse by the schema.
 */
function nestedValues(spec: WireParam, value: unknown): unknown {
  const parse = (item: unknown) => {
    if (typeof item !== 'string') return item;
    try {
      return JSON.parse(item) as unknown;
    } catch {
      return item;
    }
  };
  if (spec.jsonItems && Array.isArray(value)) return value.map(parse);
  if (spec.jsonProperties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of spec.jsonProperties) if (name in object) object[name] = parse(object[name]);
  }
  return value;
}

// ---- headers and cookies ----

/** A header parameter's value (simple style, not percent-encoded): arrays split on commas, objects as pairs. */
export function decodeHeader(spec: WireParam, value: string | string[]): unknown {
  const text = Array.isArray(value) ? value.join(',') : value;
  if (spec.json) return parseJson(text, spec.name);
  const items = headerItems(text, nestedStartsAt(spec));
  let decoded: unknown = text;
  if (spec.shape === 'array') decoded = text.trim() === '' ? [] : items;
  if (spec.shape === 'object')
    decoded = spec.explode
      ? assignmentsToObject(items, spec.name, (item) => item)
      : pairsToObject(items, spec.name);
  return spec.jsonItems || spec.jsonProperties ? nestedValues(spec, decoded) : decoded;
}

/**
 * Where a nested value's JSON text may start in a header's list (`items` split so far, `current`
 * the item being read): an array's item, the value of an object's nested property (`k,[…]` or
 * exploded `k=[…]`). Headers are not percent-encoded, so the commas inside that JSON are not
 * delimiters (cloudmersive's `formTemplateDefinition`, an object of arrays of objects).
 */
function nestedStartsAt(spec: WireParam): ((items: string[], current: string) => boolean) | undefined {
  if (spec.jsonItems) return (_items, current) => current.trim() === '';
  const nested = spec.jsonProperties;
  if (!nested) return undefined;
  if (spec.explode)
    return (_items, current) =>
      current.indexOf('=') === current.length - 1 && nested.includes(current.slice(0, -1).trim());
  return (items, current) =>
    items.length % 2 === 1 && current.trim() === '' && nested.includes(items[items.length - 1]!);
}

/** A header's comma-separated items, trimmed; a comma inside a nested value's JSON text does not split. */
function headerItems(text: string, nestedAt?: (items: string[], current: string) => boolean): string[] {
  if (!nestedAt) return text.split(',').map((item) => item.trim());
  const items: string[] = [];
  let current = '';
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === ',') {
      items.push(current.trim());
      current = '';
      continue;
    }
    const end = (char === '[' || char === '{') && nestedAt(items, current) ? jsonEnd(text, at) : -1;
    current += end === -1 ? char : text.slice(at, end);
    if (end !== -1) at = end - 1;
  }
  items.push(current.trim());
  return items;
}

/** The index after the JSON array or object that opens at `start` (strings skipped), or -1 when it does not close. */
function jsonEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth += 1;
    else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/** Cookie parameters from a Cookie header (RFC 6265 `; `-separated pairs, values percent-decoded). */
export function decodeCookies(header: string | undefined, specs: WireParam[]): Record<string, unknown> {
  const pairs = (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair): [string, string] => {
      const at = pair.indexOf('=');
      return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
  const values: Record<string, unknown> = {};
  for (const spec of specs.filter((candidate) => candidate.in === 'cookie')) {
    const dec = (text: string) => decode(text, spec.name, false);
    if (spec.shape === 'object' && spec.explode && !spec.json) {
      const object = namedValues<string>();
      for (const [name, value] of pairs)
        if (spec.properties?.includes(dec(name))) object[dec(name)] = dec(value);
      if (Object.keys(object).length > 0) values[spec.name] = nestedValues(spec, object);
      continue;
    }
    const own = pairs.filter(([name]) => dec(name) === spec.name).map(([, value]) => value);
    if (own.length === 0) continue;
    if (spec.shape === 'array' && spec.explode && !spec.json) values[spec.name] = own.map(dec);
    else values[spec.name] = delimited(spec, own[own.length - 1]!, ',', false);
    if (spec.jsonItems || spec.jsonProperties) values[spec.name] = nestedValues(spec, values[spec.name]);
  }
  return values;
}
