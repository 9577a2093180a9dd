/**
 * What a schema's values are, as far as serialisation cares (primitive, array, object, file), and
 * whether a schema is binary content. Shared by parameters, multipart parts and form fields.
 */
import type { OpenApiDocument } from './document.js';
import { deref, flattenSchema } from './refs.js';

/**
 * What a value is, as far as serialisation cares: styles spell primitives, arrays and objects
 * differently; `file` is binary content (a multipart part or a binary body); `unknown` is a
 * schema whose shape cannot be told (oneOf of an object and a string, `{}`): sent as JSON where
 * a media type allows it, else as a primitive.
 */
export type ValueShape = 'primitive' | 'array' | 'object' | 'file' | 'unknown';

// Schema nodes are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Binary content: `format: binary` (OAS 3.0) or a `contentMediaType` without `contentEncoding`
 * (OAS 3.1: raw bytes of that type). A schema with `contentEncoding: base64` is a base64 string,
 * not a file: the caller passes that text.
 */
export function isFileSchema(document: OpenApiDocument, raw: unknown): boolean {
  const schema = deref<Json>(document, raw);
  if (!schema || typeof schema !== 'object') return false;
  const types: unknown[] = Array.isArray(schema.type)
    ? schema.type.filter((type: unknown) => type !== 'null')
    : schema.type === undefined
      ? []
      : [schema.type];
  if (types.length > 1 || (types.length === 1 && types[0] !== 'string')) return false;
  if (schema.format === 'binary') return true;
  return typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined;
}

/** The shape of a schema's values; `unknown` when members of a oneOf/anyOf disagree or nothing tells. */
export function valueShape(
  document: OpenApiDocument,
  raw: unknown,
  depth = 0,
  /** The allOf schemas being read on the way here: one that holds itself tells nothing more. */
  reading: Set<unknown> = new Set(),
): ValueShape {
  if (depth > 8) return 'unknown';
  const schema = flattenSchema(document, raw);
  if (!schema || typeof schema !== 'object') return 'unknown';
  if (isFileSchema(document, schema)) return 'file';
  const types: string[] = (
    Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]
  ).filter((type: unknown) => type !== 'null');
  if (types.length === 1)
    return types[0] === 'array'
      ? 'array'
      : types[0] === 'object'
        ? 'object'
        : PRIMITIVES.has(types[0])
          ? 'primitive'
          : 'unknown';
  if (types.length > 1) return types.every((type) => PRIMITIVES.has(type)) ? 'primitive' : 'unknown';
  // No type anywhere in an allOf: what its members (and its own keywords) tell, where they agree. The
  // merged schema keeps only types and properties, and always has `properties`: read as it is, an
  // allOf of annotations alone was an object (a query parameter then took every pair no other
  // parameter claimed), and one of a map or an enum lost what made it one.
  const own = deref<Json>(document, raw);
  if (own && typeof own === 'object' && Array.isArray(own.allOf)) {
    if (reading.has(own)) return 'unknown';
    reading.add(own);
    const { allOf, ...rest } = own;
    const told = new Set(
      [rest, ...allOf]
        .map((member) => valueShape(document, member, depth + 1, reading))
        .filter((shape) => shape !== 'unknown'),
    );
    reading.delete(own);
    return told.size === 1 ? [...told][0] : 'unknown';
  }
  if (schema.properties || schema.additionalProperties !== undefined || schema.patternProperties)
    return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  if (Array.isArray(schema.enum) || 'const' in schema) {
    const values: unknown[] = Array.isArray(schema.enum) ? schema.enum : [schema.const];
    return values.every((value) => value === null || typeof value !== 'object') ? 'primitive' : 'unknown';
  }
  const members: unknown[] = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  const shapes = new Set(
    members
      .map((member) => valueShape(document, member, depth + 1, reading))
      .filter((shape) => shape !== 'unknown' || members.length === 1),
  );
  return shapes.size === 1 ? [...shapes][0] : 'unknown';
}

/** The item schema of an array schema (after $ref and allOf), or undefined. */
export function itemsOf(document: OpenApiDocument, raw: unknown): unknown {
  const schema = flattenSchema(document, raw);
  return schema && typeof schema === 'object' ? schema.items : undefined;
}
