/**
 * OpenAPI 3.1 -> 3.0.3, for tools that read 3.0 only (openapi-generator 5.0.0-beta2): type arrays
 * with "null" become `nullable`, `const` becomes a one-value `enum`, schema `examples` become
 * `example`, numeric exclusive bounds become boolean ones, `anyOf [X, null]` becomes a nullable
 * `allOf [X]`, and 3.1-only fields are dropped or kept as x- extensions. What cannot be said in 3.0
 * is listed in `losses`, never silently.
 */

// Documents and schemas are untyped JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_SINGLES = ['items', 'additionalProperties', 'not'];
/** Keywords 3.0 schemas do not have. */
const DROPPED = [
  '$schema',
  '$id',
  '$comment',
  'propertyNames',
  'prefixItems',
  'contains',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'contentEncoding',
  'contentMediaType',
];

export interface DownConverted {
  document: Json;
  losses: string[];
}

/** `{type: null}` as written in 3.1, or as this converter already rewrote it (children convert first). */
function isNullSchema(node: Json): boolean {
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.length === 1 && node.type[0] === 'null'))
    return true;
  return (
    node.nullable === true &&
    node.type === undefined &&
    Array.isArray(node.enum) &&
    node.enum.length === 1 &&
    node.enum[0] === null
  );
}

/** The type of the schema a local $ref points to (3.0 wants `type` beside `nullable`). */
let refType: (ref: string) => string | undefined = () => undefined;
let refTarget: (ref: string) => Json = () => undefined;

function convertSchema(node: Json, pointer: string, losses: string[]): Json {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node))
    return node.map((item, index) => convertSchema(item, `${pointer}/${index}`, losses));
  if (node.$ref) return { $ref: node.$ref }; // 3.0 ignores siblings of $ref
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    if (DROPPED.includes(key)) {
      losses.push(`${pointer}/${key}: not expressible in OpenAPI 3.0; dropped`);
      continue;
    }
    if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [
          name,
          convertSchema(child, `${pointer}/${key}/${name}`, losses),
        ]),
      );
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      out[key] = value.map((child, index) => convertSchema(child, `${pointer}/${key}/${index}`, losses));
    else if (SCHEMA_SINGLES.includes(key) && typeof value === 'object')
      out[key] = convertSchema(value, `${pointer}/${key}`, losses);
    else if (key === 'examples' && Array.isArray(value)) out.example = value[0];
    else if (key === 'const') out.enum = [value];
    else if (key === 'exclusiveMinimum' && typeof value === 'number') {
      out.minimum = value;
      out.exclusiveMinimum = true;
    } else if (key === 'exclusiveMaximum' && typeof value === 'number') {
      out.maximum = value;
      out.exclusiveMaximum = true;
    } else out[key] = value;
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((type: string) => type !== 'null');
    if (types.length < out.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type: string) => ({ type }));
    }
    if (Array.isArray(out.enum) && out.enum.includes(null) && !out.nullable) out.nullable = true;
  }
  for (const keyword of ['anyOf', 'oneOf']) {
    const options: Json[] | undefined = out[keyword];
    if (Array.isArray(options) && options.some(isNullSchema)) {
      const rest = options.filter((option) => !isNullSchema(option));
      delete out[keyword];
      out.nullable = true;
      const only = rest.length === 1 ? rest[0] : undefined;
      if (only && !only.$ref) Object.assign(out, only, { nullable: true });
      else if (only && refType(only.$ref) !== 'object' && refTarget(only.$ref)) {
        // 3.0's nullable does not reach through allOf: a primitive target is inlined instead.
        Object.assign(out, convertSchema(refTarget(only.$ref), `${pointer}/${keyword}/0`, losses), {
          nullable: true,
        });
      } else if (only) out.allOf = [only];
      else out[keyword] = rest;
      const types = new Set(
        rest.map((option) => option.type ?? (option.$ref ? refType(option.$ref) : undefined)),
      );
      if (!out.type && types.size === 1 && [...types][0]) out.type = [...types][0];
    }
  }
  if (out.type === 'null') {
    delete out.type;
    out.nullable = true;
    out.enum = [null];
  }
  return out;
}

/** Walks every place a schema can appear in a document and converts it. */
function convertSchemasIn(node: Json, pointer: string, losses: string[]): Json {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node))
    return node.map((item, index) => convertSchemasIn(item, `${pointer}/${index}`, losses));
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key === 'schema' && value && typeof value === 'object')
      out[key] = convertSchema(value, child, losses);
    else if (key === 'schemas' && pointer === '/components')
      out[key] = Object.fromEntries(
        Object.entries<Json>(value).map(([name, schema]) => [
          name,
          convertSchema(schema, `${child}/${name}`, losses),
        ]),
      );
    else if (key === 'examples' && pointer.endsWith('/parameters') === false && Array.isArray(value))
      out.example = value[0];
    else out[key] = convertSchemasIn(value, child, losses);
  }
  return out;
}

export function toOpenApi30(source: Json): DownConverted {
  const losses: string[] = [];
  refTarget = (ref) => {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    return match ? source.components?.schemas?.[decodeURIComponent(match[1])] : undefined;
  };
  refType = (ref) => {
    const target = refTarget(ref);
    return typeof target?.type === 'string'
      ? target.type
      : target?.properties || target?.allOf
        ? 'object'
        : undefined;
  };
  const document = convertSchemasIn(structuredClone(source), '', losses);
  document.openapi = '3.0.3';
  if (document.info?.summary !== undefined) {
    document.info['x-summary'] = document.info.summary;
    delete document.info.summary;
  }
  if (document.info?.license?.identifier !== undefined) {
    document.info.license['x-identifier'] = document.info.license.identifier;
    delete document.info.license.identifier;
  }
  if (document.webhooks) {
    // 3.0 lists webhooks under root x-webhooks (Redocly's convention), where our signing settings are.
    if (document['x-webhooks'] !== undefined)
      losses.push(
        '/x-webhooks: the webhook signing settings give way to the webhooks in OpenAPI 3.0; dropped',
      );
    document['x-webhooks'] = document.webhooks;
    delete document.webhooks;
    losses.push('/webhooks: OpenAPI 3.0 has no webhooks; kept as x-webhooks');
  }
  delete document.jsonSchemaDialect;
  // A security scheme's x- extensions and everything else stay as they are.
  return { document, losses };
}
