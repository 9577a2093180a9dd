/**
 * What a walk over schemas needs to know about keys, in one place: which hold instance data (never
 * schemas) and which map names to schemas (a key under them is a name, even `example`). Imports
 * nothing, so any walk may use it, and the server stubs carry a copy beside their runtime
 * (runtime/text-unions.ts walks with it). (schema-cycles.ts keeps its own copy of DATA_KEYWORDS: it
 * is copied into generated packages, which import nothing outside the copied files.)
 */

/** Keywords whose values are instance data, never schemas: a key inside them is a value. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  'example',
  'examples',
  'default',
  'enum',
  'const',
]);

/** Keys whose values map names to schemas: JSON Schema's maps and `components.schemas`. */
export const SCHEMA_NAME_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
]);
