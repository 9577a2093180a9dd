/**
 * The schema walk: compares a base and a head schema in one direction of data flow (`rules.ts`
 * says who writes and who reads), recursing into properties, map values and keys, array items
 * and oneOf/anyOf alternatives. A schema is every part that applies to the value (schema-view.ts),
 * so a change reached through any number of `$ref`s and `allOf`s is judged at every place it
 * reaches, once per (flow, base parts, head parts).
 */
import {
  isObject,
  join,
  same,
  show,
  type Comparison,
  type Json,
  type Located,
  type Side,
} from './context.js';
import { readsTolerantly, schemaRule, type Flow } from './rules.js';
import { compareValueKeywords, type RuleFn } from './schema-values.js';
import {
  partsOf,
  SCHEMA_KEYWORDS,
  valuesOf,
  viewPair,
  type Alternative,
  type SchemaView,
} from './schema-view.js';

/** Compares two schemas; each side is one schema or several that all apply (a property declared in several allOf parts). */
export function compareSchemas(
  c: Comparison,
  flow: Flow,
  base: Located | Located[],
  head: Located | Located[],
  where: string,
): void {
  const [b, h] = viewPair(c, [base].flat(), [head].flat());
  const key = (view: SchemaView) => view.parts.map((part) => part.pointer).join(',') || view.pointer;
  if (where.length > 400 || !c.firstVisit(`${flow}|${key(b)}|${key(h)}`)) return;
  compareViews(c, flow, b, h, where);
}

function compareViews(c: Comparison, flow: Flow, base: SchemaView, head: SchemaView, where: string): void {
  const rule: RuleFn = (kind, pointer, detail) =>
    c.add(schemaRule(flow, kind).id, where, pointer, undefined, detail);
  for (const part of base.parts) markKeywords(c, 'base', part.pointer);
  for (const part of head.parts) markKeywords(c, 'head', part.pointer);
  if (!compareValueKeywords(c, flow, base, head, rule)) return;
  compareProperties(c, flow, base, head, where, rule);
  compareMapValues(c, flow, base, head, where, rule);
  const items = (view: SchemaView) =>
    valuesOf(view, 'items').map(({ value, pointer }) => ({ node: value, pointer }));
  const [bItems, hItems] = [items(base), items(head)];
  if (bItems.length || hItems.length) {
    if (!bItems.length || !hItems.length) markEverywhere(c, base, head, 'items');
    if (bItems.length && hItems.length) compareSchemas(c, flow, bItems, hItems, `${where}[]`);
    else
      rule(
        hItems.length ? 'type-narrowed' : 'type-widened',
        hItems[0]?.pointer ?? join(head.pointer, 'items'),
        `items ${bItems.length ? 'schema' : 'any'} → ${hItems.length ? 'schema' : 'any'}`,
      );
  }
  compareVariants(c, flow, base, head, where, rule);
  // propertyNames constrains map keys the way a string schema constrains values.
  const keys = (view: SchemaView) =>
    valuesOf(view, 'propertyNames').map(({ value, pointer }) => ({ node: value, pointer }));
  const [bKeys, hKeys] = [keys(base), keys(head)];
  if (bKeys.length && hKeys.length && [...bKeys, ...hKeys].every((entry) => isObject(entry.node)))
    compareSchemas(c, flow, bKeys, hKeys, `${where} keys`);
  else if (bKeys.length || hKeys.length) {
    markEverywhere(c, base, head, 'propertyNames');
    if (
      !same(
        bKeys.map((entry) => entry.node),
        hKeys.map((entry) => entry.node),
      )
    )
      rule(
        hKeys.length ? 'pattern-added' : 'pattern-removed',
        hKeys[0]?.pointer ?? join(head.pointer, 'propertyNames'),
        `propertyNames ${show(bKeys[0]?.node)} → ${show(hKeys[0]?.node)}`,
      );
  }
}

const markKeywords = (c: Comparison, side: Side, pointer: string) =>
  SCHEMA_KEYWORDS.forEach((keyword) => c.mark(side, join(pointer, keyword)));
function markEverywhere(c: Comparison, base: SchemaView, head: SchemaView, keyword: string): void {
  for (const part of base.parts) c.mark('base', join(part.pointer, keyword));
  for (const part of head.parts) c.mark('head', join(part.pointer, keyword));
}

function compareProperties(
  c: Comparison,
  flow: Flow,
  base: SchemaView,
  head: SchemaView,
  where: string,
  rule: RuleFn,
): void {
  const hidden =
    flow === 'request'
      ? 'readOnly'
      : flow === 'response' || flow === 'webhook-payload'
        ? 'writeOnly'
        : undefined;
  // readOnly in any part (beside a 3.1 $ref included) hides the property from requests; writeOnly from responses.
  const isHidden = (side: Side, conjuncts: Located[]) =>
    !!hidden && partsOf(c.document(side), conjuncts).some((part) => !!part.node[hidden]);
  // The last part that declares a property is where findings point.
  const at = (conjuncts: Located[]) => conjuncts[conjuncts.length - 1].pointer;
  const add = (
    kind: string,
    name: string,
    headPointer: string | undefined,
    basePointer: string | undefined,
    detail: string,
  ) => c.add(schemaRule(flow, kind).id, `${where}.${name}`, headPointer, basePointer, detail);
  for (const [name, conjuncts] of base.properties) {
    if (head.properties.has(name)) continue;
    for (const conjunct of conjuncts) c.mark('base', conjunct.pointer);
    if (!isHidden('base', conjuncts))
      add('property-removed', name, undefined, at(conjuncts), `property ${name} removed`);
  }
  // A reader that tolerates unknown properties elsewhere may validate an object that promised none.
  const wasClosed =
    readsTolerantly(flow) &&
    ['additionalProperties', 'unevaluatedProperties'].some((keyword) =>
      valuesOf(base, keyword).some((entry) => entry.value === false),
    );
  for (const [name, conjuncts] of head.properties) {
    const before = base.properties.get(name);
    if (!before) {
      for (const conjunct of conjuncts) c.mark('head', conjunct.pointer);
      if (isHidden('head', conjuncts)) continue;
      const required = head.required.has(name);
      add(
        `property-${required ? 'required' : 'optional'}-added${wasClosed ? '-to-closed' : ''}`,
        name,
        at(conjuncts),
        undefined,
        `${required ? 'required' : 'optional'} property ${name} added`,
      );
      continue;
    }
    const wasHidden = isHidden('base', before);
    const nowHidden = isHidden('head', conjuncts);
    if (wasHidden !== nowHidden) {
      const kind =
        hidden === 'readOnly'
          ? nowHidden
            ? 'property-became-read-only'
            : 'property-no-longer-read-only'
          : nowHidden
            ? 'property-became-write-only'
            : 'property-no-longer-write-only';
      add(kind, name, at(conjuncts), undefined, `${name} ${hidden} ${wasHidden} → ${nowHidden}`);
    }
    if (!wasHidden && !nowHidden) {
      if (!base.required.has(name) && head.required.has(name))
        add('property-became-required', name, head.required.get(name), undefined, `${name} became required`);
      if (base.required.has(name) && !head.required.has(name))
        add('property-became-optional', name, undefined, base.required.get(name), `${name} became optional`);
    }
    compareSchemas(c, flow, before, conjuncts, `${where}.${name}`);
  }
  // required entries without a property schema still constrain the object.
  for (const [name, pointer] of head.required)
    if (!base.required.has(name) && !base.properties.has(name) && !head.properties.has(name))
      rule('property-became-required', pointer, `${name} became required`);
  for (const [name] of base.required)
    if (!head.required.has(name) && !base.properties.has(name) && !head.properties.has(name))
      rule('property-became-optional', firstRequired(head), `${name} became optional`);
  // A name listed again (or in another part) while still required: the object is unchanged.
  const listed = (view: SchemaView) => valuesOf(view, 'required').map((entry) => entry.value);
  const sameNames = [...base.required.keys()].sort().join() === [...head.required.keys()].sort().join();
  if (sameNames && !same(listed(base), listed(head)))
    rule(
      'constraint-restated',
      firstRequired(head),
      `required ${show(listed(base))} → ${show(listed(head))}`,
    );
}
const firstRequired = (view: SchemaView) =>
  valuesOf(view, 'required')[0]?.pointer ?? join(view.pointer, 'required');

/** additionalProperties / unevaluatedProperties: closed, open, or the schema of every other value. */
function compareMapValues(
  c: Comparison,
  flow: Flow,
  base: SchemaView,
  head: SchemaView,
  where: string,
  rule: RuleFn,
): void {
  for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
    const [before, after] = [valuesOf(base, keyword), valuesOf(head, keyword)];
    if (!before.length && !after.length) continue;
    // Booleans (and a side without the keyword) are compared here; schemas by the recursion below.
    for (const entry of before) if (!isObject(entry.value)) c.mark('base', entry.pointer);
    for (const entry of after) if (!isObject(entry.value)) c.mark('head', entry.pointer);
    if (!before.length || !after.length) markEverywhere(c, base, head, keyword);
    const closed = (entries: typeof before) => entries.some((entry) => entry.value === false);
    const shown = (entries: typeof before) =>
      show(entries.length > 1 ? entries.map((entry) => entry.value) : entries[0]?.value);
    if (closed(before) !== closed(after)) {
      rule(
        closed(after) ? 'additional-properties-closed' : 'additional-properties-opened',
        after[0]?.pointer ?? join(head.pointer, keyword),
        `${keyword} ${shown(before)} → ${shown(after)}`,
      );
      continue;
    }
    if (closed(after)) continue;
    // Every map value must fit every part's schema; `true` or no keyword admits any value.
    const schemas = (entries: typeof before, view: SchemaView) => {
      const objects = entries
        .filter((entry) => isObject(entry.value))
        .map((entry) => ({ node: entry.value, pointer: entry.pointer }));
      return objects.length ? objects : [{ node: {}, pointer: join(view.pointer, keyword) }];
    };
    compareSchemas(c, flow, schemas(before, base), schemas(after, head), `${where}.*`);
  }
}

function compareVariants(
  c: Comparison,
  flow: Flow,
  base: SchemaView,
  head: SchemaView,
  where: string,
  rule: RuleFn,
): void {
  const bl = base.alternatives;
  const hl = head.alternatives;
  if (!bl && !hl) return;
  if (bl) c.mark('base', bl.pointer);
  if (hl) c.mark('head', hl.pointer);
  if (!bl || !hl) {
    rule(
      hl ? 'variant-added' : 'variant-removed',
      hl?.pointer ?? head.pointer,
      `${bl?.keyword ?? hl?.keyword} ${bl ? 'removed' : 'added'}`,
    );
    return;
  }
  if (bl.keyword !== hl.keyword)
    rule(
      hl.keyword === 'oneOf' ? 'variants-exclusive' : 'variants-inclusive',
      hl.pointer,
      `${bl.keyword} → ${hl.keyword}`,
    );
  // Match alternatives by $ref, then by equal content, then by type, in order.
  const pairs: Array<[Alternative, Alternative]> = [];
  const freeB = new Set(bl.items);
  const freeH = new Set(hl.items);
  const pass = (match: (a: Json, b: Json) => boolean) => {
    for (const a of [...freeB]) {
      const b = [...freeH].find((candidate) => match(a.node, candidate.node));
      if (!b) continue;
      pairs.push([a, b]);
      freeB.delete(a);
      freeH.delete(b);
    }
  };
  pass((a, b) => typeof a?.$ref === 'string' && a.$ref === b?.$ref);
  pass((a, b) => same(a, b));
  pass((a, b) => typeof a?.$ref !== 'string' && typeof b?.$ref !== 'string' && same(a?.type, b?.type));
  for (const [a, b] of pairs) compareSchemas(c, flow, a, b, `${where}<${a.index}>`);
  for (const a of freeB)
    c.add(
      schemaRule(flow, 'variant-removed').id,
      where,
      undefined,
      a.pointer,
      `${bl.keyword} alternative ${a.node?.$ref ?? show(a.node).slice(0, 60)} removed`,
    );
  for (const b of freeH)
    c.add(
      schemaRule(flow, 'variant-added').id,
      where,
      b.pointer,
      undefined,
      `${hl.keyword} alternative ${b.node?.$ref ?? show(b.node).slice(0, 60)} added`,
    );
}
