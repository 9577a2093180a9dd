/**
 * The names of types.py: a TypedDict or alias per component schema, a second one (`ThingParam`)
 * for a schema whose request view differs (readOnly or writeOnly keys in it or below it), and a
 * TypedDict for each inline object, named after where it sits (`CreateBookingResponse`). One
 * scope for all of them, in the spec's order: deterministic.
 */
import type { SchemaModel } from '../../core/schema-model.js';
import type { Ir } from '../../core/ir.js';
import { schemaRefName } from '../../core/refs.js';
import type { MessageSide } from '../../core/values/sides.js';
import { pythonName, PythonScope } from './naming.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Names types.py imports from typing and datetime; no schema may take them. */
export const TYPES_MODULE_IMPORTS = [
  'Any',
  'Dict',
  'List',
  'Literal',
  'Optional',
  'TypedDict',
  'Union',
  'date',
  'datetime',
];

/**
 * The names of types.py as one side of a message reads them. Results (`side: 'response'`) are
 * the schemas' TypedDicts without their writeOnly keys; arguments (`'request'`) without their
 * readOnly keys, so a schema with either kind of key, or holding one that has, has a second
 * TypedDict for requests (`Thing` and `ThingParam`, Stainless's name for it). Both views share
 * one scope: no name is handed out twice.
 */
export interface TypeNames {
  side: MessageSide;
  /** The two views (a view's own side is itself). */
  request: TypeNames;
  response: TypeNames;
  /** Whether a schema's two views differ (readOnly or writeOnly keys in it, or in what it holds). */
  differs: (schema: unknown) => boolean;
  /** components.schemas name -> Python name in types.py. */
  bySchema: Map<string, string>;
  /** Inline object schemas (the spec's own objects, by identity) -> the TypedDict named after where they sit (`nameInlineSchemas`). */
  inline: Map<object, string>;
  /** The same, in the order they were named: types.py defines them in this order. */
  inlineOrder: Array<{ name: string; schema: Json }>;
  /** Keys types.py's TypedDicts hold so far (both views share it): see INLINE_KEY_BUDGET. */
  keys: { count: number };
  scope: PythonScope;
}

/** The response view of types.py's names (its `request` the other view), every component named. */
export function nameSchemas(ir: Ir, extraReserved: string[] = []): TypeNames {
  const scope = new PythonScope([...TYPES_MODULE_IMPORTS, ...extraReserved]);
  const bySchema = new Map<string, string>();
  for (const schema of ir.schemas) bySchema.set(schema.name, scope.claim(pythonName(schema.name, 'class')));
  // A component with a key that may be hidden is built whole, by name: the nodes of its keys (asked
  // for by `differs` and types.py) are then there without a search for where each is written.
  for (const schema of ir.schemas)
    if (holdsKeyMaybeHidden(ir.model, schema.schema, 0)) ir.model.named(schema.name);
  const differs = visibilityDiffers(ir.model);
  const requestBySchema = new Map<string, string>();
  for (const schema of ir.schemas) {
    const name = bySchema.get(schema.name)!;
    requestBySchema.set(
      schema.name,
      differs(schema.schema) ? scope.claim(pythonName(`${name} param`, 'class')) : name,
    );
  }
  // The components' own keys, in each view they are defined in.
  const keys = { count: 0 };
  for (const schema of ir.schemas)
    keys.count +=
      keyCount(ir.model, schema.schema) *
      (requestBySchema.get(schema.name) === bySchema.get(schema.name) ? 1 : 2);
  const response = {
    side: 'response',
    differs,
    bySchema,
    inline: new Map(),
    inlineOrder: [],
    scope,
    keys,
  } as unknown as TypeNames;
  const request = {
    side: 'request',
    differs,
    bySchema: requestBySchema,
    inline: new Map(),
    inlineOrder: [],
    scope,
    response,
    keys,
  } as unknown as TypeNames;
  response.request = request;
  response.response = response;
  request.request = request;
  return response;
}

/** Whether an object written inside a schema (refs not followed) has a key that may be hidden. */
function holdsKeyMaybeHidden(model: SchemaModel, schema: unknown, depth: number): boolean {
  if (!schema || typeof schema !== 'object' || depth > 24) return false;
  const written = schema as Json;
  if (typeof written.$ref === 'string') return false;
  if (Object.values<Json>(written.properties ?? {}).some((property) => model.mayBeHidden(property)))
    return true;
  return heldSchemas(written).some((each) => holdsKeyMaybeHidden(model, each, depth + 1));
}

/** The schemas a schema holds: its properties', its allOf, anyOf and oneOf members, its items and its values'. */
function heldSchemas(written: Json): unknown[] {
  return [
    ...Object.values<Json>(written.properties ?? {}),
    ...(Array.isArray(written.allOf) ? written.allOf : []),
    ...(Array.isArray(written.anyOf) ? written.anyOf : []),
    ...(Array.isArray(written.oneOf) ? written.oneOf : []),
    written.items,
    written.additionalProperties,
  ];
}

/**
 * How many keys types.py may hold before inline objects stop getting TypedDicts of their own (and
 * stay `Dict[str, Any]`, as they were before they had names). pyright gives up on a module whose
 * code flow is too complex ("Code is too complex to analyze", about 30,000 flow nodes; a key is
 * at least one): GitHub's spec, whose webhook schemas nest thousands of inline objects, would
 * make 37,000 keys. The operations' own results and arguments are named first, so they are the
 * last to lose their TypedDicts.
 */
export const INLINE_KEY_BUDGET = 16_000;

/** The keys an object schema's TypedDict would hold (allOf members merged). */
function keyCount(model: SchemaModel, schema: unknown): number {
  const flat = model.flatten(schema) as Json;
  return flat && typeof flat === 'object' && flat.properties && typeof flat.properties === 'object'
    ? Object.keys(flat.properties).length
    : 0;
}

/**
 * Whether a schema has readOnly or writeOnly keys, or holds (by property, item, value, member) a
 * schema that has. Memoised per schema; a schema met again inside itself counts as not differing
 * there (a cycle adds nothing new unless another path reaches the key).
 */
function visibilityDiffers(model: SchemaModel): (schema: unknown) => boolean {
  const memo = new Map<object, boolean>();
  const check = (schema: unknown, depth: number): boolean => {
    const raw = model.deref(schema) as Json;
    if (!raw || typeof raw !== 'object' || depth > 24) return false;
    const known = memo.get(raw);
    if (known !== undefined) return known;
    memo.set(raw, false);
    const keyHidden = Object.values<Json>(raw.properties ?? {}).some(
      (inner) => model.hiddenOn('request', inner) || model.hiddenOn('response', inner),
    );
    const result =
      keyHidden ||
      heldSchemas(raw).some(
        (inner) => inner !== null && typeof inner === 'object' && check(inner, depth + 1),
      );
    memo.set(raw, result);
    return result;
  };
  return (schema) => check(schema, 0);
}

/** Where an inline schema sits, for its TypedDict's name: `["create-booking", "response"]` -> `CreateBookingResponse`. */
export interface InlineSite {
  schema: unknown;
  /** Whether the site is an argument (request) or a result (response). */
  side: MessageSide;
  /** Words of the name, outermost first; `pythonName` joins them. */
  words: string[];
}

/**
 * Names every inline object schema (an object with properties, or an `allOf` of objects) reached
 * from the component schemas first, then from `sites` in their order (operations' bodies,
 * parameters and results): each gets a TypedDict named after where it sits (`Booking` `links` ->
 * `BookingLinks`, create-booking's response -> `CreateBookingResponse`), claimed in the one scope
 * of types.py so it never takes a component's name. Deterministic: the spec's order.
 */
export function nameInlineSchemas(ir: Ir, names: TypeNames, sites: InlineSite[]): void {
  // The operations' sites first: within INLINE_KEY_BUDGET, a result's own type outranks an object nested in a component.
  for (const site of sites) claimInline(ir.model, names[site.side], site.schema, site.words, 0);
  for (const view of [names.response, names.request]) {
    for (const schema of ir.schemas) {
      const raw = ir.model.deref(schema.schema) as Json;
      // A component whose views are the same has its inline objects named once, in the response view.
      if (raw && typeof raw === 'object' && (view.side === 'response' || names.differs(raw)))
        inlineChildren(ir.model, view, raw, [view.bySchema.get(schema.name)!], 0);
    }
  }
}

function claimInline(
  model: SchemaModel,
  names: TypeNames,
  schema: unknown,
  words: string[],
  depth: number,
): void {
  if (!schema || typeof schema !== 'object' || depth > 24 || schemaRefName(schema) !== undefined) return;
  const raw = model.deref(schema) as Json;
  if (!raw || typeof raw !== 'object' || names.inline.has(raw)) return;
  // An argument's object that reads the same as a result's already named: one TypedDict for both.
  if (names.side === 'request' && !names.differs(raw) && names.response.inline.has(raw)) return;
  if (isInlineObject(model, raw) && names.keys.count + keyCount(model, raw) <= INLINE_KEY_BUDGET) {
    names.keys.count += keyCount(model, raw);
    const name = names.scope.claim(pythonName(words.join(' '), 'class'));
    names.inline.set(raw, name);
    names.inlineOrder.push({ name, schema: raw });
    inlineChildren(model, names, raw, [name], depth);
  } else inlineChildren(model, names, raw, words, depth);
}

/** The inline objects inside a schema: its (merged) properties', items', values' and union members'. */
function inlineChildren(
  model: SchemaModel,
  names: TypeNames,
  raw: Json,
  words: string[],
  depth: number,
): void {
  const next = depth + 1;
  for (const member of raw.allOf ?? [])
    if (schemaRefName(member) === undefined)
      inlineChildren(model, names, model.deref(member) ?? {}, words, next);
  for (const [key, inner] of Object.entries<Json>(raw.properties ?? {}))
    claimInline(model, names, inner, [...words, key], next);
  if (raw.items && typeof raw.items === 'object')
    claimInline(model, names, raw.items, [...words, 'item'], next);
  if (raw.additionalProperties && typeof raw.additionalProperties === 'object')
    claimInline(model, names, raw.additionalProperties, [...words, 'value'], next);
  for (const key of ['anyOf', 'oneOf'] as const)
    (raw[key] ?? []).forEach((member: Json, index: number) =>
      claimInline(model, names, member, [...words, `variant ${index + 1}`], next),
    );
}

/**
 * An inline schema that is a TypedDict: an object with properties, or an `allOf` of more than one
 * member whose merged view is one (each member an object, none a union: a union inside an
 * allOf has no TypedDict spelling, so that stays `Dict[str, Any]`).
 */
function isInlineObject(model: SchemaModel, raw: Json): boolean {
  const types: string[] = Array.isArray(raw.type) ? raw.type : raw.type !== undefined ? [raw.type] : [];
  if (types.length > 0 && !types.includes('object')) return false;
  if (raw.const !== undefined || raw.enum !== undefined) return false;
  if (!Array.isArray(raw.allOf)) return isObjectWithProperties(raw);
  if (raw.allOf.length === 1 && !raw.properties) return false;
  const members = allOfMembers(model, raw);
  return (
    members.every(
      (member) =>
        member &&
        typeof member === 'object' &&
        !member.oneOf &&
        !member.anyOf &&
        (member.type === undefined || member.type === 'object'),
    ) && isObjectWithProperties(model.flatten(raw))
  );
}

/** An allOf's members, each flattened (nested allOfs merged), and the schema's own properties last. */
export function allOfMembers(model: SchemaModel, raw: Json): Json[] {
  const own =
    raw.properties || raw.required
      ? [{ properties: raw.properties ?? {}, required: raw.required ?? [] }]
      : [];
  return [...(raw.allOf ?? []).map((member: unknown) => model.flatten(member)), ...own];
}

/** An object schema whose TypedDict has keys (a union of objects has none to spell). */
export function isObjectWithProperties(flat: Json): boolean {
  return Boolean(
    flat &&
    typeof flat === 'object' &&
    flat.properties &&
    Object.keys(flat.properties).length > 0 &&
    !flat.oneOf &&
    !flat.anyOf,
  );
}
