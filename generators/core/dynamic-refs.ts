/**
 * Generic schemas (JSON Schema 2020-12 `$dynamicRef`), bound where they are used. A generic
 * schema leaves a slot (`items: { $dynamicRef: '#itemType' }`); a schema that uses it names it
 * with `$ref` and fills the slot beside it (`$defs: { itemType: { $dynamicAnchor: itemType, $ref:
 * Planet } }`): Scalar's Galaxy writes `PaginatedResource<Planet>` so. Ajv follows the dynamic
 * scope, but openapi-typescript, Prism and our emitters read `$dynamicRef` as any value (a list of
 * `unknown`, a mock page of `null`s). The loader writes each such use out once, for every reader:
 * the generic schema copied in place of the `$ref`, with its slots filled. The generic schema
 * itself is left as written.
 */
import { deref } from './refs.js';
import type { OpenApiDocument } from './load.js';

type Json = Record<string, unknown>;

/** Keys whose values are instance data, never schemas. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Fills every bound slot of the generic schemas the document uses (in place); returns how many uses it wrote out. */
export function bindDynamicRefs(document: OpenApiDocument): number {
  const uses: Json[] = [];
  let slots = 0;
  // One walk for both: most documents have neither, and then nothing else is done.
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const schema = node as Json;
    if (typeof schema.$dynamicRef === 'string') slots += 1;
    if (typeof schema.$ref === 'string' && anchorsIn(schema).size > 0) uses.push(schema);
    for (const key in schema) if (!DATA.has(key) && !key.startsWith('x-')) stack.push(schema[key]);
  }
  if (slots === 0) return 0;
  let bound = 0;
  for (const use of uses) if (bindUse(document, use)) bound += 1;
  return bound;
}

/** The slots a schema fills: its `$defs` entries that carry a `$dynamicAnchor`, by anchor name. */
function anchorsIn(schema: Json): Map<string, Json> {
  const anchors = new Map<string, Json>();
  const defs = schema.$defs;
  if (!defs || typeof defs !== 'object' || Array.isArray(defs)) return anchors;
  for (const def of Object.values(defs as Json)) {
    if (def && typeof def === 'object' && typeof (def as Json).$dynamicAnchor === 'string') anchors.set((def as Json).$dynamicAnchor as string, def as Json);
  }
  return anchors;
}

/**
 * Writes out one use of a generic schema: the `$ref`'s target copied into `use`, each of its
 * `$dynamicRef: '#name'` slots the use fills replaced by what fills it, the target's own defaults
 * for those slots and its `$id` (one resource per `$id`) left out. False when the target has no
 * slot the use fills (then `use` is left as it is).
 */
function bindUse(document: OpenApiDocument, use: Json): boolean {
  const generic = deref<Json>(document, { $ref: use.$ref });
  if (!generic || typeof generic !== 'object' || Array.isArray(generic)) return false;
  const anchors = anchorsIn(use);
  const copy = structuredClone(generic);
  if (fillSlots(copy, anchors) === 0) return false;
  delete copy.$id;
  const defaults = anchorsIn(copy);
  const defs = { ...((copy.$defs as Json | undefined) ?? {}), ...((use.$defs as Json | undefined) ?? {}) };
  for (const [name, def] of Object.entries(defs)) {
    const anchor = def && typeof def === 'object' ? (def as Json).$dynamicAnchor : undefined;
    if (typeof anchor === 'string' && (anchors.has(anchor) || defaults.has(anchor))) delete defs[name];
  }
  delete use.$ref;
  delete use.$defs;
  for (const [key, value] of Object.entries(copy)) if (key !== '$defs' && !Object.hasOwn(use, key)) use[key] = value;
  if (Object.keys(defs).length > 0) use.$defs = defs;
  return true;
}

/** Replaces the bound `$dynamicRef` slots in a copied schema (not across its `$ref`s); returns how many. */
function fillSlots(node: unknown, anchors: Map<string, Json>): number {
  if (!node || typeof node !== 'object') return 0;
  if (Array.isArray(node)) return node.reduce<number>((count, item) => count + fillSlots(item, anchors), 0);
  const schema = node as Json;
  const slot = typeof schema.$dynamicRef === 'string' ? /^#(.+)$/.exec(schema.$dynamicRef)?.[1] : undefined;
  const filling = slot === undefined ? undefined : anchors.get(slot);
  if (filling) {
    delete schema.$dynamicRef;
    const { $dynamicAnchor: _anchor, ...rest } = structuredClone(filling);
    Object.assign(schema, rest);
    return 1;
  }
  let count = 0;
  for (const key in schema) if (!DATA.has(key) && !key.startsWith('x-')) count += fillSlots(schema[key], anchors);
  return count;
}
