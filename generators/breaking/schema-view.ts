/**
 * How the schema walk reads one side of a schema: its $refs followed, its allOf parts merged,
 * `anyOf/oneOf: [X, null]` read as "X or null", and where each property lives.
 */
import { flattenSchema } from '../core/refs.js';
import { isObject, join, type Comparison, type Json, type Side } from './context.js';

/** Schema keywords the walk compares, so a difference in them is accounted for. */
export const SCHEMA_KEYWORDS = [
  'type', 'nullable', 'enum', 'const', 'format', 'pattern', 'uniqueItems', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems',
  'minProperties', 'maxProperties', 'required', 'discriminator', 'not', 'contentMediaType', 'contentEncoding', '$ref',
];

export interface Alternative {
  node: Json;
  pointer: string;
  index: number;
}

export interface SchemaView {
  flat: Json;
  pointer: string;
  types: Set<string>;
  nullable: boolean;
  origins: Map<string, string>;
  /** The one non-null branch this view unwrapped from `anyOf/oneOf: [X, null]`. */
  single?: Alternative & { keyword: string };
  /** The non-null alternatives of anyOf/oneOf. */
  alternatives?: { keyword: string; items: Alternative[] };
}

/** Both sides' views; `X | null` against `X | Y | null` is read as two lists of alternatives. */
export function viewPair(c: Comparison, b: { node: Json; pointer: string }, h: { node: Json; pointer: string }): [SchemaView, SchemaView] {
  let base = unwrapNullable(c, 'base', b.node, b.pointer, true);
  let head = unwrapNullable(c, 'head', h.node, h.pointer, true);
  if (base.single && !head.single && head.alternatives) base = unwrapNullable(c, 'base', b.node, b.pointer, false);
  if (head.single && !base.single && base.alternatives) head = unwrapNullable(c, 'head', h.node, h.pointer, false);
  return [base, head];
}

/** `anyOf/oneOf: [X, {type: 'null'}]` reads as X that may be null; null branches never count as alternatives. */
function unwrapNullable(c: Comparison, side: Side, node: Json, pointer: string, unwrapSingle: boolean): SchemaView {
  const document = c.document(side);
  for (const keyword of ['anyOf', 'oneOf']) {
    const options = isObject(node) ? node[keyword] : undefined;
    if (!Array.isArray(options)) continue;
    const isNull = (option: Json) => flattenSchema(document, option)?.type === 'null';
    const nullIndexes = options.flatMap((option, index) => (isNull(option) ? [index] : []));
    if (!nullIndexes.length) continue;
    for (const index of nullIndexes) c.mark(side, join(pointer, keyword, index));
    const rest = options.flatMap((option, index) => (isNull(option) ? [] : [{ node: option, pointer: join(pointer, keyword, index), index }]));
    if (rest.length === 1 && unwrapSingle) {
      const inner = c.resolve(side, rest[0].node, rest[0].pointer);
      const view = viewOf(c, side, inner.node, inner.pointer);
      // Keywords beside the anyOf (readOnly, default, deprecated...) apply to the value too.
      const beside = Object.fromEntries(Object.entries(node).filter(([name]) => name !== keyword && SCHEMA_KEYWORDS.includes(name)));
      for (const name of Object.keys(beside)) c.mark(side, join(pointer, name));
      return { ...view, flat: { ...view.flat, ...beside }, nullable: true, single: { keyword, ...rest[0] } };
    }
    return { ...viewOf(c, side, node, pointer), nullable: true, alternatives: { keyword, items: rest } };
  }
  const plain = viewOf(c, side, node, pointer);
  const options = ['oneOf', 'anyOf'].map((keyword) => ({ keyword, list: plain.flat[keyword] })).find((entry) => Array.isArray(entry.list));
  if (options) plain.alternatives = { keyword: options.keyword, items: (options.list as Json[]).map((option, index) => ({ node: option, pointer: join(pointer, options.keyword, index), index })) };
  return plain;
}

function viewOf(c: Comparison, side: Side, node: Json, pointer: string): SchemaView {
  const flat = isObject(node) ? flattenSchema(c.document(side), node) : {};
  const types = new Set<string>(Array.isArray(flat.type) ? flat.type : typeof flat.type === 'string' ? [flat.type] : []);
  const nullable = types.has('null') || flat.nullable === true;
  types.delete('null');
  // Where each property lives (allOf parts included), so findings point at the right line.
  const origins = new Map<string, string>();
  const collect = (part: Json, partPointer: string, depth: number) => {
    const resolved = c.resolve(side, part, partPointer);
    if (!isObject(resolved.node) || depth > 8) return;
    // Later allOf parts win, as in flattenSchema.
    for (const name of Object.keys(resolved.node.properties ?? {})) origins.set(name, join(resolved.pointer, 'properties', name));
    for (const keyword of ['type', 'required', 'additionalProperties', 'unevaluatedProperties']) if (depth > 0) c.mark(side, join(resolved.pointer, keyword));
    (resolved.node.allOf ?? []).forEach((entry: Json, index: number) => collect(entry, join(resolved.pointer, 'allOf', index), depth + 1));
  };
  collect(node, pointer, 0);
  return { flat, pointer, types, nullable, origins };
}
