/**
 * The schema walk: compares a base and a head schema in one direction of data flow (`rules.ts`
 * says who writes and who reads), recursing into properties, map values and keys, array items
 * and oneOf/anyOf alternatives. Each (flow, base schema, head schema) is compared once.
 */
import { flattenSchema } from '../core/refs.js';
import { isObject, join, same, show, type Comparison, type Json, type Located, type Side } from './context.js';
import { schemaRule, type Flow } from './rules.js';
import { compareValueKeywords, type RuleFn } from './schema-values.js';
import { SCHEMA_KEYWORDS, viewPair, type Alternative, type SchemaView } from './schema-view.js';

export function compareSchemas(c: Comparison, flow: Flow, rawBase: Located, rawHead: Located, where: string): void {
  const b = c.resolve('base', rawBase.node, rawBase.pointer);
  const h = c.resolve('head', rawHead.node, rawHead.pointer);
  if (where.length > 400 || !c.firstVisit(`${flow}|${b.pointer}|${h.pointer}`)) return;
  const [base, head] = viewPair(c, b, h);
  compareViews(c, flow, base, head, where);
}

function compareViews(c: Comparison, flow: Flow, base: SchemaView, head: SchemaView, where: string): void {
  const b = base.flat;
  const h = head.flat;
  const rule: RuleFn = (kind, pointerKeyword, detail) => {
    c.add(schemaRule(flow, kind).id, where, pointerKeyword === undefined ? head.pointer : join(head.pointer, pointerKeyword), undefined, detail);
  };
  c.markBoth(base.pointer, head.pointer, ...SCHEMA_KEYWORDS);

  // Null first, then the other types.
  if (base.nullable !== head.nullable) rule(head.nullable ? 'nullable-added' : 'nullable-removed', 'type', `nullable ${base.nullable} → ${head.nullable}`);
  const bt = [...base.types].sort();
  const ht = [...head.types].sort();
  if (bt.join() !== ht.join()) {
    const covers = (wide: string[], narrow: string[]) => narrow.every((type) => wide.includes(type) || (type === 'integer' && wide.includes('number')));
    const detail = `type ${bt.join('|') || 'any'} → ${ht.join('|') || 'any'}`;
    if (!ht.length || covers(ht, bt)) rule('type-widened', 'type', detail);
    else if (!bt.length || covers(bt, ht)) rule('type-narrowed', 'type', detail);
    else {
      rule('type-changed', 'type', detail);
      c.mark('base', base.pointer);
      c.mark('head', head.pointer);
      return;
    }
  }

  compareValueKeywords(flow, b, h, rule);
  compareProperties(c, flow, base, head, where, rule);
  compareMapValues(c, flow, base, head, where, rule);
  if (b.items !== undefined || h.items !== undefined) {
    if (b.items === undefined || h.items === undefined) c.markBoth(base.pointer, head.pointer, 'items');
    if (b.items !== undefined && h.items !== undefined) compareSchemas(c, flow, { node: b.items, pointer: join(base.pointer, 'items') }, { node: h.items, pointer: join(head.pointer, 'items') }, `${where}[]`);
    else rule(h.items === undefined ? 'type-widened' : 'type-narrowed', 'items', `items ${b.items === undefined ? 'any' : 'schema'} → ${h.items === undefined ? 'any' : 'schema'}`);
  }
  compareVariants(c, flow, base, head, where, rule);
  // propertyNames constrains map keys the way a string schema constrains values.
  if (isObject(b.propertyNames) && isObject(h.propertyNames)) compareSchemas(c, flow, { node: b.propertyNames, pointer: join(base.pointer, 'propertyNames') }, { node: h.propertyNames, pointer: join(head.pointer, 'propertyNames') }, `${where} keys`);
  else if (b.propertyNames !== undefined || h.propertyNames !== undefined) {
    c.markBoth(base.pointer, head.pointer, 'propertyNames');
    if (!same(b.propertyNames, h.propertyNames)) rule(h.propertyNames === undefined ? 'pattern-removed' : 'pattern-added', 'propertyNames', `propertyNames ${show(b.propertyNames)} → ${show(h.propertyNames)}`);
  }
}

function compareProperties(c: Comparison, flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
  const bp: Record<string, Json> = base.flat.properties ?? {};
  const hp: Record<string, Json> = head.flat.properties ?? {};
  const bReq = new Set<string>(base.flat.required ?? []);
  const hReq = new Set<string>(head.flat.required ?? []);
  const hidden = flow === 'request' ? 'readOnly' : flow === 'response' || flow === 'webhook-payload' ? 'writeOnly' : undefined;
  // In 3.1 a $ref may carry readOnly/writeOnly beside it, so look at the node before following it.
  const isHidden = (side: Side, schema: Json) => !!hidden && (!!schema?.[hidden] || !!flattenSchema(c.document(side), schema)?.[hidden]);
  const at = (view: SchemaView, name: string) => view.origins.get(name) ?? join(view.pointer, 'properties', name);
  const add = (kind: string, name: string, headPointer: string | undefined, basePointer: string | undefined, detail: string) => c.add(schemaRule(flow, kind).id, `${where}.${name}`, headPointer, basePointer, detail);
  for (const name of Object.keys(bp)) {
    if (name in hp) continue;
    c.mark('base', at(base, name));
    if (!isHidden('base', bp[name])) add('property-removed', name, undefined, at(base, name), `property ${name} removed`);
  }
  for (const name of Object.keys(hp)) {
    const pointer = at(head, name);
    if (!(name in bp)) {
      c.mark('head', pointer);
      if (isHidden('head', hp[name])) continue;
      add(hReq.has(name) ? 'property-required-added' : 'property-optional-added', name, pointer, undefined, `${hReq.has(name) ? 'required' : 'optional'} property ${name} added`);
      continue;
    }
    // 3.1 allows keywords beside a $ref; the ones read here are compared here.
    c.markBoth(at(base, name), pointer, 'readOnly', 'writeOnly', 'deprecated');
    const refSibling = (schema: Json, keyword: string) => (typeof schema?.$ref === 'string' ? !!schema[keyword] : undefined);
    if (refSibling(bp[name], 'deprecated') !== refSibling(hp[name], 'deprecated') && (refSibling(bp[name], 'deprecated') || refSibling(hp[name], 'deprecated'))) {
      add('deprecated', name, join(pointer, 'deprecated'), undefined, `${name} deprecated changed`);
    }
    for (const keyword of ['readOnly', 'writeOnly']) {
      if (keyword !== hidden && !!refSibling(bp[name], keyword) !== !!refSibling(hp[name], keyword)) add('annotation-changed', name, join(pointer, keyword), undefined, `${name} ${keyword} changed`);
    }
    const wasHidden = isHidden('base', bp[name]);
    const nowHidden = isHidden('head', hp[name]);
    if (wasHidden !== nowHidden) {
      const kind = hidden === 'readOnly' ? (nowHidden ? 'property-became-read-only' : 'property-no-longer-read-only') : nowHidden ? 'property-became-write-only' : 'property-no-longer-write-only';
      add(kind, name, pointer, undefined, `${name} ${hidden} ${wasHidden} → ${nowHidden}`);
    }
    if (!wasHidden && !nowHidden) {
      if (!bReq.has(name) && hReq.has(name)) add('property-became-required', name, join(head.pointer, 'required'), undefined, `${name} became required`);
      if (bReq.has(name) && !hReq.has(name)) add('property-became-optional', name, join(head.pointer, 'required'), undefined, `${name} became optional`);
    }
    compareSchemas(c, flow, { node: bp[name], pointer: at(base, name) }, { node: hp[name], pointer }, `${where}.${name}`);
  }
  // required entries without a property schema still constrain the object.
  const bare = (required: Set<string>, props: Record<string, Json>) => [...required].filter((name) => !(name in props));
  const bBare = bare(bReq, bp);
  const hBare = bare(hReq, hp);
  for (const name of hBare) if (!bBare.includes(name) && !(name in bp)) rule('property-became-required', 'required', `${name} became required`);
  for (const name of bBare) if (!hBare.includes(name) && !(name in hp)) rule('property-became-optional', 'required', `${name} became optional`);
}

/** additionalProperties / unevaluatedProperties: closed, open, or the schema of every other value. */
function compareMapValues(c: Comparison, flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
  for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
    const before = base.flat[keyword];
    const after = head.flat[keyword];
    if (before === undefined && after === undefined) continue;
    if (!isObject(before) || !isObject(after)) c.markBoth(base.pointer, head.pointer, keyword);
    const closed = (value: unknown) => value === false;
    if (closed(before) !== closed(after)) {
      rule(closed(after) ? 'additional-properties-closed' : 'additional-properties-opened', keyword, `${keyword} ${show(before)} → ${show(after)}`);
      continue;
    }
    const schemaOf = (value: unknown) => (isObject(value) ? value : value === true || value === undefined ? {} : undefined);
    const bs = schemaOf(before);
    const hs = schemaOf(after);
    if (bs && hs && !same(before, after)) compareSchemas(c, flow, { node: bs, pointer: join(base.pointer, keyword) }, { node: hs, pointer: join(head.pointer, keyword) }, `${where}.*`);
  }
}

function compareVariants(c: Comparison, flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
  const bl = base.alternatives;
  const hl = head.alternatives;
  if (!bl && !hl) return;
  if (bl) c.mark('base', join(base.pointer, bl.keyword));
  if (hl) c.mark('head', join(head.pointer, hl.keyword));
  if (!bl || !hl) {
    rule(hl ? 'variant-added' : 'variant-removed', hl?.keyword, `${bl?.keyword ?? hl?.keyword} ${bl ? 'removed' : 'added'}`);
    return;
  }
  if (bl.keyword !== hl.keyword) rule(hl.keyword === 'oneOf' ? 'variants-exclusive' : 'variants-inclusive', hl.keyword, `${bl.keyword} → ${hl.keyword}`);
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
  for (const a of freeB) c.add(schemaRule(flow, 'variant-removed').id, where, undefined, a.pointer, `${bl.keyword} alternative ${a.node?.$ref ?? show(a.node).slice(0, 60)} removed`);
  for (const b of freeH) c.add(schemaRule(flow, 'variant-added').id, where, b.pointer, undefined, `${hl.keyword} alternative ${b.node?.$ref ?? show(b.node).slice(0, 60)} added`);
}
