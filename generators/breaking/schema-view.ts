/**
 * How the schema walk reads one side of a schema. A value must satisfy every schema that applies
 * to it: the node itself, what its `$ref` points at (keywords beside a 3.1 `$ref` included), and
 * each `allOf` part, through any number of levels. The view keeps all of those parts, so a
 * constraint is compared wherever it lives, and reads `anyOf/oneOf: [X, null]` as "X or null".
 */
import {
  isLocalRef,
  isObject,
  join,
  valueAt,
  type Comparison,
  type Json,
  type Located,
  type Side,
} from './context.js';

/** Schema keywords the walk compares, so a difference in them is accounted for. */
export const SCHEMA_KEYWORDS = [
  'type',
  'nullable',
  'enum',
  'const',
  'format',
  'pattern',
  'uniqueItems',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'required',
  'discriminator',
  'not',
  'contentMediaType',
  'contentEncoding',
  '$ref',
];
/** Keywords that say nothing about valid values: a node with only these beside its `$ref` adds no part. */
const INERT = new Set([
  '$ref',
  'description',
  'title',
  'summary',
  'example',
  'examples',
  'externalDocs',
  '$comment',
]);

/** The type of a schema that admits no value but null: `type: 'null'`, or parts whose types exclude each other. */
export const NO_TYPE = 'none';

export interface Alternative extends Located {
  index: number;
}

export interface SchemaView {
  /** Where findings about the schema as a whole point: the schema its `$ref`s lead to. */
  pointer: string;
  /** Every schema that applies, in reading order: the node, its `$ref` targets, its `allOf` parts. */
  parts: Located[];
  /** Types allowed (null aside): empty when any type is, `NO_TYPE` when none but null is. */
  types: Set<string>;
  nullable: boolean;
  /** Each property with every schema that applies to it (one per part that declares it). */
  properties: Map<string, Located[]>;
  /** Each required name with the `required` list that names it. */
  required: Map<string, string>;
  /** The non-null alternatives of anyOf/oneOf, and where that keyword lives. */
  alternatives?: { keyword: string; pointer: string; items: Alternative[] };
  /** Set when this view unwrapped `anyOf/oneOf: [X, null]` into X. */
  unwrapped?: boolean;
}

/** The parts a schema expands to, and the $refs followed to find them (recorded only when used). */
interface Expansion {
  main: string;
  parts: Located[];
  refs: Array<[string, string]>;
}

function expand(
  document: Json,
  raw: Located,
  into: Expansion = { main: '', parts: [], refs: [] },
  depth = 0,
): Expansion {
  let { node, pointer } = raw;
  for (let hops = 0; hops < 32 && isLocalRef(node); hops += 1) {
    if (Object.keys(node).some((key) => !INERT.has(key) && !key.startsWith('x-')))
      add(into, { node, pointer });
    const target = node.$ref.slice(1);
    into.refs.push([pointer, target]);
    pointer = target;
    node = valueAt(document, target);
  }
  if (depth === 0) into.main = pointer;
  if (!isObject(node) || depth > 16 || into.parts.some((part) => part.pointer === pointer)) return into;
  add(into, { node, pointer });
  (Array.isArray(node.allOf) ? node.allOf : []).forEach((entry: Json, index: number) =>
    expand(document, { node: entry, pointer: join(pointer, 'allOf', index) }, into, depth + 1),
  );
  return into;
}
const add = (into: Expansion, part: Located) =>
  into.parts.some((known) => known.pointer === part.pointer) || into.parts.push(part);

/** Every schema that applies to a value, without recording anything (to peek at a property). */
export const partsOf = (document: Json, conjuncts: Located[]): Located[] =>
  conjuncts.flatMap((conjunct) => expand(document, conjunct).parts);

/** Both sides' views; `X | null` against `X | Y | null` is read as two lists of alternatives. */
export function viewPair(c: Comparison, base: Located[], head: Located[]): [SchemaView, SchemaView] {
  let b = viewOf(c, 'base', base, true);
  let h = viewOf(c, 'head', head, true);
  if (b.unwrapped && !h.unwrapped && h.alternatives) b = viewOf(c, 'base', base, false);
  if (h.unwrapped && !b.unwrapped && b.alternatives) h = viewOf(c, 'head', head, false);
  return [b, h];
}

function viewOf(c: Comparison, side: Side, conjuncts: Located[], unwrapSingle: boolean): SchemaView {
  const document = c.document(side);
  const expansions = conjuncts.map((conjunct) => expand(document, conjunct));
  const record = (expansion: Expansion) =>
    expansion.refs.forEach(([pointer, target]) => c.followed(side, pointer, target));
  expansions.forEach(record);
  const parts = expansions.flatMap((expansion) => expansion.parts);
  const main = expansions[0]?.main ?? '';
  const mainNode = valueAt(document, main);
  // `anyOf/oneOf: [X, {type: 'null'}]`: null branches never count as alternatives.
  for (const keyword of ['anyOf', 'oneOf']) {
    const options = isObject(mainNode) ? mainNode[keyword] : undefined;
    if (!Array.isArray(options)) continue;
    const isNull = (option: Json) =>
      expand(document, { node: option, pointer: '' }).parts.some((part) => part.node.type === 'null');
    const nullIndexes = options.flatMap((option, index) => (isNull(option) ? [index] : []));
    if (!nullIndexes.length) continue;
    for (const index of nullIndexes) c.mark(side, join(main, keyword, index));
    const rest = options.flatMap((option, index) =>
      isNull(option) ? [] : [{ node: option, pointer: join(main, keyword, index), index }],
    );
    if (rest.length === 1 && unwrapSingle) {
      // Keywords beside the anyOf (readOnly, default, deprecated...) apply to X too.
      const inner = expand(document, rest[0]);
      record(inner);
      return {
        ...summarise([...parts, ...inner.parts]),
        pointer: inner.main,
        parts: [...parts, ...inner.parts],
        nullable: true,
        unwrapped: true,
      };
    }
    return {
      ...summarise(parts),
      pointer: main,
      parts,
      nullable: true,
      alternatives: { keyword, pointer: join(main, keyword), items: rest },
    };
  }
  const view: SchemaView = { ...summarise(parts), pointer: main, parts };
  for (const part of parts) {
    const keyword = ['oneOf', 'anyOf'].find((name) => Array.isArray(part.node[name]));
    if (!keyword) continue;
    view.alternatives = {
      keyword,
      pointer: join(part.pointer, keyword),
      items: part.node[keyword].map((node: Json, index: number) => ({
        node,
        pointer: join(part.pointer, keyword, index),
        index,
      })),
    };
    break;
  }
  return view;
}

/** Types, nullability, properties and required names of all parts together. */
function summarise(parts: Located[]): Pick<SchemaView, 'types' | 'nullable' | 'properties' | 'required'> {
  let allowed: Set<string> | undefined;
  for (const { node } of parts) {
    if (node.type === undefined) continue;
    const own = new Set<string>(Array.isArray(node.type) ? node.type : [node.type]);
    if (node.nullable === true) own.add('null');
    allowed = allowed ? intersect(allowed, own) : own;
  }
  const properties = new Map<string, Located[]>();
  const required = new Map<string, string>();
  for (const { node, pointer } of parts) {
    for (const [name, schema] of Object.entries<Json>(isObject(node.properties) ? node.properties : {}))
      properties.set(name, [
        ...(properties.get(name) ?? []),
        { node: schema, pointer: join(pointer, 'properties', name) },
      ]);
    for (const name of Array.isArray(node.required) ? node.required : [])
      if (!required.has(name)) required.set(name, join(pointer, 'required'));
  }
  // Without any `type`, only 3.0's `nullable: true` says null is expected.
  const nullable = allowed ? allowed.has('null') : parts.some((part) => part.node.nullable === true);
  const types = new Set(allowed ?? []);
  types.delete('null');
  // Declared types that leave nothing but null (`type: [null]`, or parts that exclude each other) are not "any type".
  if (allowed && !types.size) types.add(NO_TYPE);
  return { types, nullable, properties, required };
}

/** Types both sets allow; an integer is a number. */
function intersect(a: Set<string>, b: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const type of a) {
    if (b.has(type)) out.add(type);
    else if (type === 'integer' && b.has('number')) out.add('integer');
    else if (type === 'number' && b.has('integer')) out.add('integer');
  }
  return out;
}

/** Every part's value of a keyword, with where it lives, in reading order. */
export const valuesOf = (view: SchemaView, keyword: string): Array<{ value: Json; pointer: string }> =>
  view.parts
    .filter((part) => part.node[keyword] !== undefined)
    .map((part) => ({ value: part.node[keyword], pointer: join(part.pointer, keyword) }));

/** The first part's value of a keyword (annotations and keywords that do not combine). */
export const firstOf = (view: SchemaView, keyword: string): Json =>
  view.parts.find((part) => part.node[keyword] !== undefined)?.node[keyword];
