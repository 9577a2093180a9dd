/**
 * Schemas as the contract suites validate them: JSON Schema 2020-12 with refs into the shared
 * schema (core/schema-dialect.ts), and without the `$id` a spec may give a component
 * (`https://example.com/schemas/Planet`): a nested `$id` moves the base that the suites' relative
 * refs (`spec-….json#/components/…`) resolve against, so Ajv would look for them on that host.
 * Refs in the spec are local pointers (the loader bundles everything else), so nothing refers to
 * those ids.
 */
import type { Ir, JsonSchema } from '../../core/ir.js';
import { oncePer } from '../../core/once-per.js';
import { sharedSchema, standaloneSchema, type SharedSchema } from '../../core/schema-dialect.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from '../../core/schema-keywords.js';

/** A copy without `$id`: an `$id` inside data is a value, left alone; a name under a map is kept whatever it is. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '$id')
      .map(([key, value]) => [
        key,
        DATA_KEYWORDS.has(key)
          ? value
          : SCHEMA_NAME_MAPS.has(key) && value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, withoutIds(schema)]))
            : withoutIds(value),
      ]),
  );
}

/** Whether a schema holds an `$id` anywhere (most do not: then it is used as it is, uncopied). */
function hasId(node: unknown, depth = 0): boolean {
  if (!node || typeof node !== 'object' || depth > 256) return false;
  if (Array.isArray(node)) return node.some((item) => hasId(item, depth + 1));
  return Object.entries(node).some(
    ([key, value]) => key === '$id' || (!DATA_KEYWORDS.has(key) && hasId(value, depth + 1)),
  );
}

/** A schema from the spec, made 2020-12, pointing into the shared schema, without nested ids. */
export function contractSchema(schema: JsonSchema, ir: Ir): object {
  const standalone = standaloneSchema(schema, ir);
  return (hasId(standalone) ? withoutIds(standalone) : standalone) as object;
}

/**
 * The shared schema (component schemas) the suites register once, without nested ids. Made once
 * per IR (the suites' cases and the bad-input cases both carry it): read it, never change it.
 */
export const contractSharedSchema: (ir: Ir) => SharedSchema = oncePer((ir: Ir) => {
  const shared = sharedSchema(ir);
  // Beside the components: the schemas refs reach elsewhere in the spec (core/schema-dialect.ts), ids dropped already.
  return {
    ...shared,
    $id: shared.$id,
    components: {
      schemas: Object.fromEntries(
        Object.entries(shared.components.schemas).map(([name, schema]) => [
          name,
          (hasId(schema) ? withoutIds(schema) : schema) as JsonSchema,
        ]),
      ),
    },
  };
});
