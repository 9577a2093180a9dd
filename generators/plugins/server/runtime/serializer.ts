/**
 * Response serialisation: the serializer compiler the plugin gives Fastify, and whether
 * fast-json-stringify can write a response schema faithfully. It writes an anyOf/oneOf
 * value by the first alternative the value matches; when two alternatives are objects, a value
 * that matches both (as an anyOf allows) loses the properties only the other declares. Such
 * schemas are written with JSON.stringify instead, as are objects that require a property they do
 * not declare (it demands the property, then leaves it out) or a number of properties without
 * declaring more (it leaves out every undeclared one), and schemas with a `default` (it writes the
 * default where the answer has no such property), and objects with a property named as one of
 * Object's own (it writes the inherited method where the answer has no such property); the rest
 * keep its speed.
 * `null` beside one object (the nullable pattern) is faithful.
 */
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { followRefs, type Schema } from './refs.js';

export function serializesFaithfully(schema: Schema, shared: Record<string, Schema>): boolean {
  const seen = new Set<Schema>();
  const documentOf = (id: string): Schema => shared[id];
  const objectLike = (node: Schema, document: string | undefined) => {
    const { schema: resolved } = followRefs(node, documentOf, document);
    return Boolean(
      resolved &&
      typeof resolved === 'object' &&
      (resolved.type === 'object' ||
        resolved.properties ||
        resolved.allOf ||
        (Array.isArray(resolved.type) && resolved.type.includes('object'))),
    );
  };
  const walk = (node: Schema, from: string | undefined): boolean => {
    const { schema: resolved, document } = followRefs(node, documentOf, from);
    if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return true;
    seen.add(resolved);
    const inside = (child: Schema) => walk(child, document);
    for (const key of ['anyOf', 'oneOf']) {
      if (
        Array.isArray(resolved[key]) &&
        resolved[key].filter((branch: Schema) => objectLike(branch, document)).length > 1
      )
        return false;
    }
    // A property named as one every object inherits (`valueOf`, `toString`, `constructor`):
    // fast-json-stringify asks `obj.valueOf !== undefined`, so an answer without it carried
    // Object's method, written as text.
    if (
      resolved.properties &&
      typeof resolved.properties === 'object' &&
      Object.keys(resolved.properties).some((name) => name in Object.prototype)
    )
      return false;
    // A default: fast-json-stringify writes it for a property the answer leaves out, so the client
    // would read what the handler never said (seldon's status "SUCCESS").
    if ('default' in resolved) return false;
    // A required property the schema does not declare: fast-json-stringify demands it and then leaves it out.
    if (
      Array.isArray(resolved.required) &&
      resolved.additionalProperties !== false &&
      resolved.required.some(
        (name: string) => !resolved.properties || !Object.hasOwn(resolved.properties, name),
      )
    )
      return false;
    // Without additionalProperties it writes only the declared properties: an object that must have
    // some (apis.guru's `info: {type: object, minProperties: 1}`) was written as {}.
    if (
      typeof resolved.minProperties === 'number' &&
      resolved.minProperties > 0 &&
      resolved.additionalProperties === undefined
    )
      return false;
    for (const [key, value] of Object.entries<Schema>(resolved)) {
      if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        if (value && typeof value === 'object' && !Object.values(value).every(inside)) return false;
      } else if (Array.isArray(value)) {
        if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(key) && !value.every(inside)) return false;
      } else if (
        ['items', 'additionalProperties', 'then', 'else', 'if', 'not', 'contains'].includes(key) &&
        !inside(value)
      )
        return false;
    }
    return true;
  };
  return walk(schema, undefined);
}

/**
 * The serializer compiler the plugin gives Fastify: fast-json-stringify where it writes the
 * response schema faithfully, else JSON.stringify (also for a schema it cannot compile, said once
 * in the log). A serializer compiles on first use, as validators do.
 */
export function serializerCompiler(
  app: FastifyInstance,
  shared: Record<string, Schema>,
): FastifySerializerCompiler<unknown> {
  return ({ schema, url, httpStatus }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      if (!serialize) {
        try {
          serialize = serializesFaithfully(schema, shared)
            ? (fastJson(schema as Parameters<typeof fastJson>[0], {
                schema: shared,
                ajv: { strict: false },
              }) as (data: unknown) => string)
            : JSON.stringify;
        } catch (error) {
          app.log.warn(
            { err: error },
            `response schema of ${url} ${httpStatus} cannot be compiled; serialising it as plain JSON`,
          );
          serialize = JSON.stringify;
        }
      }
      return serialize(data);
    };
  };
}
