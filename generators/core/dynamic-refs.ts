/**
 * Generic schemas (JSON Schema 2020-12 `$dynamicRef`), bound where they are used. A generic
 * schema leaves a slot (`items: { $dynamicRef: '#itemType' }`, with a default for it among its
 * `$defs`); a schema that uses it names it with `$ref` and fills the slot beside it (`$defs: {
 * itemType: { $dynamicAnchor: itemType, $ref: Planet } }`): Scalar's Galaxy writes
 * `PaginatedResource<Planet>` so. Ajv follows the dynamic scope, but openapi-typescript, Prism and
 * our emitters read `$dynamicRef` as any value (a list of `unknown`, a mock page of `null`s).
 *
 * The loader writes each use out once, for every reader: the generic schema copied in place of the
 * `$ref`, each slot filled as the dynamic scope would fill it. The outermost binding wins (a use
 * of a use that binds the slot again, a generic used inside a generic); a slot nobody binds takes
 * the generic's default; a generic that refers to itself (a tree) refers to the use instead, when
 * the use is a component. Every use is bound from the document as written, so the result does not
 * depend on the order of keys. The generic schemas themselves are left as written.
 */
import { escapePointerPart, pointerToPath } from './refs.js';
import type { OpenApiDocument } from './document.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from './schema-keywords.js';

type Json = Record<string, unknown>;
type Anchors = Map<string, Json>;

/** One binding pass: the document as written, the refs being bound now (a cycle stops at them), and the slots each ref can reach. */
interface Binding {
  written: OpenApiDocument;
  active: Set<string>;
  reach: Map<string, Set<string>>;
}

/** Keys whose values map names to schemas (or to objects holding them): their keys are names, never keywords. */
const NAME_MAPS = new Set([
  ...SCHEMA_NAME_MAPS,
  'headers',
  'content',
  'responses',
  'parameters',
  'requestBodies',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
]);
/** Keywords that only describe: written beside a `$ref`, they replace the generic's own without changing what is valid. */
const ANNOTATIONS = new Set([
  '$id',
  '$comment',
  '$defs',
  'title',
  'description',
  'deprecated',
  'example',
  'examples',
  'externalDocs',
  'xml',
]);
/** Generics inside generics: deeper than this is left as written. */
const MAX_DEPTH = 16;

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Fills every slot of the generic schemas the document uses (in place); returns how many uses it wrote out. */
export function bindDynamicRefs(document: OpenApiDocument): number {
  const uses: string[][] = [];
  let slots = 0;
  // One walk for both: most documents have neither, and then nothing else is done.
  const stack: Array<{ node: unknown; path: string[]; names: boolean }> = [
    { node: document, path: [], names: false },
  ];
  while (stack.length > 0) {
    const { node, path, names } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, String(index)], names: false }));
      continue;
    }
    const schema = node as Json;
    if (!names && typeof schema.$dynamicRef === 'string') slots += 1;
    if (!names && isUse(schema)) uses.push(path);
    for (const key in schema) {
      // A key of a name map (`properties`, `headers`, ...) is a name: a property called `default` is a schema.
      if (!names && (DATA_KEYWORDS.has(key) || key.startsWith('x-'))) continue;
      stack.push({ node: schema[key], path: [...path, key], names: !names && NAME_MAPS.has(key) });
    }
  }
  if (slots === 0 || uses.length === 0) return 0;
  // Every use is bound from the document as written; then all are written in.
  const binding: Binding = { written: structuredClone(document), active: new Set(), reach: new Map() };
  const bound = uses.map((path) => {
    const self = pointerOf(path);
    if (self) binding.active.add(self); // a filling that names the use itself stays a $ref to it
    const schema = bindUse(binding, valueAt(binding.written, path) as Json, new Map(), self, 0);
    if (self) binding.active.delete(self);
    return { path, schema };
  });
  let count = 0;
  for (const { path, schema } of bound) {
    const node = valueAt(document, path);
    // A use inside another use's filling went with it (the outer one holds it bound).
    if (!schema || !isObject(node)) continue;
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, schema);
    count += 1;
  }
  return count;
}

/** A `$ref` with `$defs` beside it that carry a `$dynamicAnchor`: a use of a generic schema. */
function isUse(schema: Json): boolean {
  return typeof schema.$ref === 'string' && anchorsIn(schema).size > 0;
}

/** The slots a schema fills: its `$defs` entries that carry a `$dynamicAnchor`, by anchor name. */
function anchorsIn(schema: Json): Anchors {
  const anchors: Anchors = new Map();
  if (!isObject(schema.$defs)) return anchors;
  for (const def of Object.values(schema.$defs))
    if (isObject(def) && typeof def.$dynamicAnchor === 'string') anchors.set(def.$dynamicAnchor, def);
  return anchors;
}

/**
 * One use written out: its target copied, each slot filled by the outermost binding (`outer`,
 * then the use's own, then the generic's default), the use's other keywords kept. Undefined when
 * the target is not a local schema or has no slot (the use is then left as written).
 */
function bindUse(
  binding: Binding,
  use: Json,
  outer: Anchors,
  self: string | undefined,
  depth: number,
): Json | undefined {
  const ref = use.$ref;
  if (
    depth > MAX_DEPTH ||
    typeof ref !== 'string' ||
    !ref.startsWith('#/') ||
    (binding.active.has(ref) && ref !== self)
  )
    return undefined;
  const scope: Anchors = new Map([...anchorsIn(use), ...outer]);
  const target = valueAt(binding.written, pointerToPath(ref));
  if (!isObject(target)) return undefined;
  let body: Json | undefined;
  binding.active.add(ref);
  try {
    if (typeof target.$ref === 'string') {
      // A use of a use (or of an alias): its bindings sit under this one's.
      body = bindUse(binding, target, scope, undefined, depth + 1);
    } else {
      const filling = new Map([...anchorsIn(target), ...scope]);
      const copy = structuredClone(target);
      const filled = fillSlots(binding, copy, filling, { from: ref, to: self }, depth);
      if (filled === 0) return undefined;
      delete copy.$id; // one resource per $id: the generic keeps its own
      body = withoutAnchors(copy, filling);
    }
  } finally {
    binding.active.delete(ref);
  }
  if (!body) return undefined;
  const siblings: Json = { ...use };
  delete siblings.$ref;
  const kept = withoutAnchors(siblings, scope);
  // Keywords beside a $ref apply together with it: one the copy also has is kept apart, in allOf.
  const clash = Object.keys(kept).some((key) => !ANNOTATIONS.has(key) && Object.hasOwn(body, key));
  if (clash) return { ...kept, allOf: [...(Array.isArray(kept.allOf) ? kept.allOf : []), body] };
  const defs =
    isObject(body.$defs) || isObject(kept.$defs)
      ? { ...(body.$defs as Json | undefined), ...(kept.$defs as Json | undefined) }
      : undefined;
  return { ...body, ...kept, ...(defs ? { $defs: defs } : {}) };
}

/** A schema without the `$defs` entries that define the slots `anchors` fills (`$defs` dropped when it empties). */
function withoutAnchors(schema: Json, anchors: Anchors): Json {
  if (!isObject(schema.$defs)) return schema;
  const defs = Object.fromEntries(
    Object.entries(schema.$defs).filter(
      ([, def]) =>
        !(isObject(def) && typeof def.$dynamicAnchor === 'string' && anchors.has(def.$dynamicAnchor)),
    ),
  );
  const { $defs: _defs, ...rest } = schema;
  return Object.keys(defs).length > 0 ? { ...rest, $defs: defs } : rest;
}

/**
 * Fills the slots of a copied generic in place: a slot by its filling; a use inside it, or a
 * `$ref` to a schema whose slots this scope fills, bound with this scope outermost (a ref being
 * bound already is left a ref: a cycle); a `$ref` back to the generic itself pointed at the use
 * (`self`) when the use has a place of its own. Returns how many it changed.
 */
function fillSlots(
  binding: Binding,
  node: unknown,
  scope: Anchors,
  self: { from: string; to: string | undefined },
  depth: number,
  names = false,
): number {
  if (!node || typeof node !== 'object' || depth > MAX_DEPTH) return 0;
  if (Array.isArray(node))
    return node.reduce<number>((count, item) => count + fillSlots(binding, item, scope, self, depth), 0);
  const schema = node as Json;
  if (!names) {
    const slot =
      typeof schema.$dynamicRef === 'string' ? /^#([^/]+)$/.exec(schema.$dynamicRef)?.[1] : undefined;
    const filling = slot === undefined ? undefined : scope.get(slot);
    if (filling) {
      delete schema.$dynamicRef;
      const { $dynamicAnchor: _anchor, ...content } = structuredClone(filling);
      Object.assign(schema, content);
      // What fills a slot may itself hold slots or uses (a filling that passes a slot on).
      return 1 + fillSlots(binding, schema, scope, self, depth + 1);
    }
    if (isUse(schema)) {
      const bound = bindUse(binding, schema, scope, undefined, depth + 1);
      if (!bound) return 0;
      for (const key of Object.keys(schema)) delete schema[key];
      Object.assign(schema, bound);
      return 1;
    }
    if (schema.$ref === self.from) {
      if (self.to !== undefined) schema.$ref = self.to;
      return 0; // a pointer back, not a slot: a generic with no slot is still not bound
    }
    if (typeof schema.$ref === 'string') {
      // A plain $ref inside a generic: the schema it names sits in the same dynamic scope, and is
      // written out only where this scope fills one of the slots it can reach.
      if (![...slotsReachable(binding, schema.$ref)].some((slot) => scope.has(slot))) return 0;
      const bound = bindUse(binding, schema, scope, undefined, depth + 1);
      if (!bound) return 0;
      for (const key of Object.keys(schema)) delete schema[key];
      Object.assign(schema, bound);
      return 1;
    }
  }
  let count = 0;
  for (const key in schema) {
    if (!names && (DATA_KEYWORDS.has(key) || key.startsWith('x-'))) continue;
    count += fillSlots(binding, schema[key], scope, self, depth, !names && NAME_MAPS.has(key));
  }
  return count;
}

/** The slot names (`$dynamicRef: '#name'`) reachable from what a ref names, through its plain refs (each walked once per question). */
function slotsReachable(binding: Binding, ref: string): Set<string> {
  const known = binding.reach.get(ref);
  if (known) return known;
  const slots = new Set<string>();
  const seen = new Set<string>([ref]);
  const stack: Array<{ node: unknown; names: boolean }> = [
    { node: ref.startsWith('#/') ? valueAt(binding.written, pointerToPath(ref)) : undefined, names: false },
  ];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, names: false });
      continue;
    }
    const schema = node as Json;
    if (!names) {
      const slot =
        typeof schema.$dynamicRef === 'string' ? /^#([^/]+)$/.exec(schema.$dynamicRef)?.[1] : undefined;
      if (slot !== undefined) slots.add(slot);
      const inner = schema.$ref;
      if (typeof inner === 'string' && inner.startsWith('#/') && !seen.has(inner)) {
        seen.add(inner);
        stack.push({ node: valueAt(binding.written, pointerToPath(inner)), names: false });
      }
    }
    for (const key in schema) {
      if (!names && (DATA_KEYWORDS.has(key) || key.startsWith('x-'))) continue;
      stack.push({ node: schema[key], names: !names && NAME_MAPS.has(key) });
    }
  }
  binding.reach.set(ref, slots);
  return slots;
}

function valueAt(document: unknown, path: string[]): unknown {
  let node = document;
  for (const key of path) node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  return node;
}

/** A use's own `#/...` pointer, when it is a component a `$ref` can name; undefined inline. */
function pointerOf(path: string[]): string | undefined {
  return path.length === 3 && path[0] === 'components' && path[1] === 'schemas'
    ? `#/${path.map(escapePointerPart).join('/')}`
    : undefined;
}
