/**
 * Whether fast-json-stringify can write a response schema faithfully. It writes an anyOf/oneOf
 * value by the first alternative the value matches; when two alternatives are objects, a value
 * that matches both (as an anyOf allows) loses the properties only the other declares. Such
 * schemas are written with JSON.stringify instead, as are objects that require a property they do
 * not declare (it demands the property, then leaves it out); the rest keep its speed.
 * `null` beside one object (the nullable pattern) is faithful.
 */

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

export function serializesFaithfully(schema: Schema, shared: Record<string, Schema>): boolean {
  const seen = new Set<Schema>();
  const resolve = (node: Schema): Schema => {
    let current = node;
    for (let hops = 0; hops < 32 && current && typeof current === 'object' && typeof current.$ref === 'string'; hops += 1) {
      const [id, pointer = ''] = current.$ref.split('#');
      // Refs inside the shared schemas are local (#/components/...): every shared document has the same components.
      const root = id ? shared[id] : Object.values(shared)[0];
      current = root ? pointer.split('/').slice(1).reduce((at: Schema, key: string) => at?.[decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~')], root) : undefined;
    }
    return current;
  };
  const objectLike = (node: Schema) => {
    const resolved = resolve(node);
    return Boolean(resolved && typeof resolved === 'object' && (resolved.type === 'object' || resolved.properties || resolved.allOf || (Array.isArray(resolved.type) && resolved.type.includes('object'))));
  };
  const walk = (node: Schema): boolean => {
    const resolved = resolve(node);
    if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return true;
    seen.add(resolved);
    for (const key of ['anyOf', 'oneOf']) {
      if (Array.isArray(resolved[key]) && resolved[key].filter(objectLike).length > 1) return false;
    }
    // A required property the schema does not declare: fast-json-stringify demands it and then leaves it out.
    if (Array.isArray(resolved.required) && resolved.additionalProperties !== false && resolved.required.some((name: string) => !resolved.properties || !(name in resolved.properties))) return false;
    for (const [key, value] of Object.entries<Schema>(resolved)) {
      if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        if (value && typeof value === 'object' && !Object.values(value).every(walk)) return false;
      } else if (Array.isArray(value)) {
        if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(key) && !value.every(walk)) return false;
      } else if (['items', 'additionalProperties', 'then', 'else', 'if', 'not', 'contains'].includes(key) && !walk(value)) return false;
    }
    return true;
  };
  return walk(schema);
}
