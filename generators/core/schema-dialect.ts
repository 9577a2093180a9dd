/**
 * Schemas as JSON Schema 2020-12, whatever OpenAPI version wrote them, so one validator (Ajv
 * 2020) serves every spec. OpenAPI 3.1 schemas already are; 3.0 schemas need `nullable`,
 * boolean `exclusiveMinimum`/`exclusiveMaximum` and `example` rewritten.
 */
import type { JsonSchema } from './ir.js';
import { ecmaPattern } from './ecma-pattern.js';
import { setOwn } from './own-keys.js';
import { pointerToPath } from './refs.js';
import { oncePer } from './once-per.js';
import { nodesOf } from './values/from-schema.js';
import { hiddenProperties, type MessageSide } from './values/sides.js';
import { DATA_KEYWORDS } from './schema-keywords.js';
import { REF_ANNOTATIONS } from './schema-normalise.js';

export type { MessageSide };

// Schema nodes are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

/** The keywords whose values hold subschemas, by how they hold them (a map, a list, one schema). */
export const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
export const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
export const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];

/** A 2020-12 copy of a schema written in the given OpenAPI version's dialect. */
export function toJsonSchema2020(schema: JsonSchema, openapiVersion: string): JsonSchema {
  if (!openapiVersion.startsWith('3.0')) return withEcmaPatterns(schema);
  return convert30(schema);
}

/** The schema with its patterns as ECMA-262's `u` mode reads them (ecma-pattern.ts); itself when none changes. */
function withEcmaPatterns(node: Node): Node {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const items = node.map(withEcmaPatterns);
    return items.some((item, index) => item !== node[index]) ? items : node;
  }
  let out: Node | undefined;
  for (const [key, value] of Object.entries<Node>(node)) {
    const next =
      key === 'pattern' && typeof value === 'string'
        ? ecmaPattern(value)
        : SCHEMA_MAPS.includes(key) && value && typeof value === 'object'
          ? mapWith(value)
          : SCHEMA_LISTS.includes(key) || SCHEMA_SINGLES.includes(key)
            ? withEcmaPatterns(value)
            : value;
    if (next !== value) (out ??= { ...node })[key] = next;
  }
  return out ?? node;
}

function mapWith(map: Node): Node {
  let out: Node | undefined;
  for (const [name, child] of Object.entries<Node>(map)) {
    const next = withEcmaPatterns(child);
    if (next !== child) (out ??= { ...map })[name] = next;
  }
  return out ?? map;
}

function convert30(node: Node): Node {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(convert30);
  const out: Node = {};
  const isRef = typeof node.$ref === 'string';
  // No closure made per schema (under tsx's keepNames each costs a defineProperty): thousands a generation.
  for (const key of Object.keys(node)) {
    const value: Node = node[key];
    // OAS 3.0: a Reference Object's other properties SHALL be ignored (its annotations, `nullable`
    // among them, are still read); 2020-12 would apply them beside the `$ref`.
    if (isRef && !REF_ANNOTATIONS.has(key) && !key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      const converted: Node = {};
      // A property may be named `__proto__`: set as its own key, as Object.fromEntries would.
      for (const name of Object.keys(value)) setOwn(converted, name, convert30(value[name]));
      out[key] = converted;
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(convert30);
    else if (SCHEMA_SINGLES.includes(key)) out[key] = convert30(value);
    else if (key === 'example') out.examples = [value];
    else if (key === 'pattern' && typeof value === 'string') out[key] = ecmaPattern(value);
    else if (key !== 'nullable' && key !== 'exclusiveMinimum' && key !== 'exclusiveMaximum') out[key] = value;
  }
  // Beside a $ref, bounds are ignored with the rest: only `nullable` is read.
  if (typeof node.$ref !== 'string') exclusiveBounds30(node, out);
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    else if (out.$ref || out.allOf || out.oneOf || out.anyOf) return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** OAS 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` beside their bound, as 2020-12's numbers. */
function exclusiveBounds30(node: Node, out: Node): void {
  if (node.exclusiveMinimum === true && typeof node.minimum === 'number') {
    out.exclusiveMinimum = node.minimum;
    delete out.minimum;
  } else if (typeof node.exclusiveMinimum === 'number') out.exclusiveMinimum = node.exclusiveMinimum;
  if (node.exclusiveMaximum === true && typeof node.maximum === 'number') {
    out.exclusiveMaximum = node.maximum;
    delete out.maximum;
  } else if (typeof node.exclusiveMaximum === 'number') out.exclusiveMaximum = node.exclusiveMaximum;
}

/**
 * Drops `$id` from the schemas inside (never from data such as an `enum` value) and, given
 * `refBase`, points local refs into the shared schema registered under it. A `#/components/...`
 * ref in an OpenAPI document names the document (as Redocly, Prism and the spec's authors read
 * it), but an `$id` beside it would re-base it to a URL that has no components (Scalar Galaxy's
 * paginated responses), so every schema we register loses its own `$id`.
 */
function rewriteSchema(schema: JsonSchema, refBase?: string): JsonSchema {
  return rewriteNode(schema, false, refBase);
}

// A module-level walk, not a closure per call: it runs for every schema of every operation.
function rewriteNode(node: Node, data: boolean, refBase: string | undefined): Node {
  if (Array.isArray(node)) return node.map((item) => rewriteNode(item, data, refBase));
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries<Node>(node)) {
    if (!data && key === '$id' && typeof value === 'string') continue;
    const localRef =
      refBase !== undefined && !data && key === '$ref' && typeof value === 'string' && value.startsWith('#/');
    out[key] = localRef ? `${refBase}${value}` : rewriteNode(value, data || DATA_KEYWORDS.has(key), refBase);
  }
  return out;
}

/** The schema without its own `$id` keywords; refs untouched (see rewriteSchema). */
export function dropSchemaIds(schema: JsonSchema): JsonSchema {
  return rewriteSchema(schema);
}

/** Local component refs rewritten to point into the shared schema registered under `id`, `$id`s dropped (see rewriteSchema). */
export function rebaseRefs(schema: JsonSchema, id: string): JsonSchema {
  return rewriteSchema(schema, id);
}

/**
 * The id under which a spec's component schemas are registered with Ajv and Fastify: named by the
 * spec's digest, because Fastify shares schemas between a parent and its children, so two specs
 * served by one app (the public API and the dashboard's) must not both be "spec.json".
 */
export function sharedSchemaId(ir: { digest: string }): string {
  return `spec-${ir.digest.replace(/^sha256:/, '').slice(0, 12)}.json`;
}

type SchemaSource = {
  schemas: Array<{ name: string; schema: JsonSchema }>;
  schemasElsewhere?: Array<{ pointer: string; schema: JsonSchema }>;
  openapiVersion: string;
  digest: string;
};
/**
 * The spec's component schemas as one JSON Schema document, registered under its `$id`; with the
 * schemas refs reach elsewhere in the spec (`paths/…`) at their own pointers, when there are any.
 */
export type SharedSchema = { $id: string; components: { schemas: Record<string, JsonSchema> } } & Record<
  string,
  unknown
>;

/**
 * Puts `schema` at `keys` in the shared schema, making the objects on the way (kept in `made`); a
 * place inside a schema put there before is left alone (a ref into it resolves there already).
 */
function placeAt(shared: SharedSchema, keys: string[], schema: JsonSchema, made: WeakSet<object>): void {
  let at: Record<string, unknown> = shared;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === undefined) made.add((at[key] = {}) as object);
    else if (!(next === shared.components || (typeof next === 'object' && next !== null && made.has(next))))
      return;
    at = at[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  const there = at[last];
  if (there === undefined || (typeof there === 'object' && there !== null && made.has(there)))
    at[last] = schema;
}

/**
 * The spec's component schemas as one JSON Schema 2020-12 document that refs point into. Made once
 * per IR (the server and the contract suites each ask; on a large spec it costs a tenth of a
 * second) and shared by every caller: read it, never change it.
 */
export const sharedSchema: (ir: SchemaSource) => SharedSchema = oncePer((ir: SchemaSource) => {
  // Refs stay local ('#/...': this document); only the components' own $id keywords go.
  const schemas = Object.fromEntries(
    ir.schemas.map((entry) => [entry.name, dropSchemaIds(toJsonSchema2020(entry.schema, ir.openapiVersion))]),
  );
  const shared: SharedSchema = { $id: sharedSchemaId(ir), components: { schemas } };
  const made = new WeakSet<object>();
  for (const { pointer, schema } of ir.schemasElsewhere ?? [])
    placeAt(shared, pointerToPath(pointer), dropSchemaIds(toJsonSchema2020(schema, ir.openapiVersion)), made);
  return shared;
});

/** A schema from the spec, made 2020-12 and pointing into the shared schema. */
export function standaloneSchema(
  schema: JsonSchema,
  ir: { openapiVersion: string; digest: string },
): JsonSchema {
  return rebaseRefs(toJsonSchema2020(schema, ir.openapiVersion), sharedSchemaId(ir));
}

/**
 * The shared schema as one side of a message reads it (OAS 3.0 §readOnly/writeOnly, 3.1 likewise):
 * in a request, a required `readOnly` property is not required (the server sets it); in a
 * response, a required `writeOnly` property is not. Read through the schema model, so a property
 * marked beside its `$ref` (`{ $ref: Id, readOnly: true }`) counts, and so does a `required` in
 * one allOf member naming a property another member declares. Registered under its own `$id`
 * (`spec-….json` -> `spec-…-request.json`); undefined when no schema has such a property, so
 * specs without them keep one shared schema.
 */
export function sharedSchemaFor(ir: SchemaSource, side: MessageSide): SharedSchema | undefined {
  return sideVariants(ir)[side];
}

// Each variant walks every component: made once per IR (GitHub's sample: 50 ms a call, asked per subject by the tests).
const sideVariants = oncePer((ir: SchemaSource): Record<MessageSide, SharedSchema | undefined> => ({
  request: makeSharedSchemaFor(ir, 'request'),
  response: makeSharedSchemaFor(ir, 'response'),
}));

function makeSharedSchemaFor(ir: SchemaSource, side: MessageSide): SharedSchema | undefined {
  const shared = sharedSchema(ir);
  const base = sharedSchemaId(ir);
  const id = base.replace(/\.json$/, `-${side}.json`);
  // Most specs mark nothing: then there is nothing to walk.
  const marked = componentsThatMayHide(shared, side === 'request' ? 'readOnly' : 'writeOnly');
  if (marked.size === 0) return undefined;
  const nodes = nodesOf(shared);
  /** The properties a schema (its allOf members and refs together) keeps off this side. */
  const hiddenIn = (schema: Node): Set<string> => hiddenProperties(side, nodes.node(schema, ''));
  let changed = false;
  // A node none of whose parts changed is returned as it is: the variant shares it with the shared schema.
  const walk = (node: Node, inherited: Set<string>): Node => {
    if (Array.isArray(node)) {
      const items = node.map((item) => walk(item, new Set()));
      return items.some((item, index) => item !== node[index]) ? items : node;
    }
    if (!node || typeof node !== 'object') return node;
    const hidden =
      Array.isArray(node.required) || Array.isArray(node.allOf)
        ? new Set([...inherited, ...hiddenIn(node)])
        : inherited;
    let out: Node | undefined;
    for (const [key, value] of Object.entries<Node>(node)) {
      // An inline allOf member's `required` may name what another member declares readOnly.
      const walked =
        key === 'allOf' && Array.isArray(value) ? allOfWalk(value, hidden) : walk(value, new Set());
      if (walked !== value) (out ??= { ...node })[key] = walked;
    }
    if (Array.isArray(node.required)) {
      const kept = node.required.filter((name: string) => !hidden.has(name));
      if (kept.length !== node.required.length) {
        changed = true;
        (out ??= { ...node }).required = kept;
      }
    }
    return out ?? node;
  };
  const allOfWalk = (members: Node[], hidden: Set<string>): Node[] => {
    const items = members.map((member) =>
      walk(member, typeof member?.$ref === 'string' ? new Set() : hidden),
    );
    return items.some((item, index) => item !== members[index]) ? items : members;
  };
  const schemas = Object.fromEntries(
    Object.entries(shared.components.schemas).map(([name, schema]) => [
      name,
      marked.has(name) ? walk(schema, new Set()) : schema,
    ]),
  );
  return changed ? { ...shared, $id: id, components: { ...shared.components, schemas } } : undefined;
}

/** Each component's JSON text, for the searches of componentsThatMayHide (both sides share them). */
const componentTexts = oncePer(
  (shared: SharedSchema): Map<string, string> =>
    new Map(
      Object.entries(shared.components.schemas).map(([name, schema]) => [name, JSON.stringify(schema)]),
    ),
);

/** A `$ref` in a schema's JSON text: its value as written, escapes and all. */
const REF_IN_TEXT = /"\$ref":("(?:[^"\\]|\\.)*")/g;

/**
 * The components in which a property may be kept off a side: those whose text names `keyword`,
 * and those that ref one of them (a property or member that is a ref reads as its target). A
 * component that refs outside the components, or holds a `$dynamicRef`, counts too. Every other
 * component is the same on both sides, and its nodes are not built: on GitHub's spec 60 of 969
 * components name `readOnly` or reach one that does.
 */
function componentsThatMayHide(shared: SharedSchema, keyword: 'readOnly' | 'writeOnly'): Set<string> {
  const texts = componentTexts(shared);
  const marked = new Set<string>();
  const referrers = new Map<string, string[]>();
  for (const [name, text] of texts) {
    if (text.includes(`"${keyword}"`) || text.includes('"$dynamicRef"')) marked.add(name);
    for (const match of text.matchAll(REF_IN_TEXT)) {
      const ref = JSON.parse(match[1]) as string;
      const keys = ref.startsWith('#/components/schemas/') ? pointerToPath(ref) : [];
      if (keys.length < 3 || !texts.has(keys[2])) marked.add(name);
      else referrers.set(keys[2], [...(referrers.get(keys[2]) ?? []), name]);
    }
  }
  // Whatever refs a marked component is marked too, to the last referrer.
  const queue = [...marked];
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const referrer of referrers.get(next) ?? [])
      if (!marked.has(referrer)) {
        marked.add(referrer);
        queue.push(referrer);
      }
  return marked;
}

/** A schema from the spec, made 2020-12 and pointing into the shared schema for that side of a message (when it has one). */
export function sideSchema(
  schema: JsonSchema,
  ir: { openapiVersion: string; digest: string },
  variant: { $id: string } | undefined,
): JsonSchema {
  const standalone = standaloneSchema(schema, ir);
  if (!variant) return standalone;
  const base = sharedSchemaId(ir);
  return JSON.parse(JSON.stringify(standalone).split(`"${base}#`).join(`"${variant.$id}#`));
}
