/**
 * The breaking-change classifier: compares two bundled OpenAPI documents (3.0 or 3.1) and returns
 * one finding per change, each naming a rule of `rules.ts`. It reads the documents rather than the
 * IR because it must see what the IR normalises away (security alternatives, headers, media
 * types, links, webhooks' own headers). Every raw difference that no rule accounts for is
 * returned as `unclassified`, so an unknown change is never silently passed.
 */
import type { OpenApiDocument } from '../core/load.js';
import { escapePointerPart, flattenSchema, pointerToPath } from '../core/refs.js';
import { jsonDiff } from './json-diff.js';
import { FLOWS, schemaRule, type Flow } from './rules.js';

export interface Finding {
  rule: string;
  /** Human context: "POST /v1/nature/subjects request body .consent_artifact". */
  where: string;
  /** JSON pointer of the change in the head document (or of the nearest surviving parent). */
  pointer: string;
  /** What changed, briefly: "maxLength 200 → 100". */
  detail: string;
}

// Documents are untyped JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Side = 'base' | 'head';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (value: unknown): value is Record<string, Json> => !!value && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));
const join = (pointer: string, ...parts: Array<string | number>) => pointer + parts.map((part) => `/${escapePointerPart(String(part))}`).join('');

/** Schema keywords compared below, so a difference in them is accounted for. */
const SCHEMA_KEYWORDS = [
  'type', 'nullable', 'enum', 'const', 'format', 'pattern', 'uniqueItems', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems',
  'minProperties', 'maxProperties', 'required', 'discriminator', 'not', 'contentMediaType', 'contentEncoding', '$ref',
];
/**
 * A pattern's literal structure, with character classes and quantifiers blanked: equal skeletons
 * mean the same format with other lengths or alphabets (`^[a-z]{3}$` → `^[a-z0-9]{3,8}$`);
 * different ones mean another format (`^v1,...` → `^v2,...`), which readers parse differently.
 */
export const skeleton = (pattern: string) =>
  pattern
    .replace(/\\[dDwWsS]/g, 'C')
    .replace(/\[(?:\\.|[^\]\\])*\]/g, 'C')
    .replace(/(?<!\\)\./g, 'C')
    .replace(/\{\d*,?\d*\}|[*+?]/g, '')
    .replace(/C+/g, 'C');
/** An enum the document itself declares open: readers were told to expect new values. */
const extensible = (schema: Json) => schema?.['x-extensible-enum'] === true || /\b(new|more|other)\b[^.]{0,40}\b(may|can|will)\b[^.]{0,20}\bbe added\b/i.test(String(schema?.description ?? ''));
/** Format changes whose direction is known: the head format admits more (or fewer) values. */
const FORMAT_WIDER: Record<string, string> = { 'int32>int64': 'format-widened', 'float>double': 'format-widened', 'int64>int32': 'format-narrowed', 'double>float': 'format-narrowed' };
/** Lower bounds tighten upwards, upper bounds downwards. */
const LIMITS: Record<string, 'lower' | 'upper' | 'divisor'> = {
  minimum: 'lower', exclusiveMinimum: 'lower', minLength: 'lower', minItems: 'lower', minProperties: 'lower',
  maximum: 'upper', exclusiveMaximum: 'upper', maxLength: 'upper', maxItems: 'upper', maxProperties: 'upper', multipleOf: 'divisor',
};

class Comparison {
  readonly findings: Finding[] = [];
  private readonly handled: Record<Side, Set<string>> = { base: new Set(), head: new Set() };
  private readonly seenSchemas = new Set<string>();

  constructor(
    readonly base: OpenApiDocument,
    readonly head: OpenApiDocument,
  ) {}

  /** Marks a subtree (or a single keyword) as accounted for. */
  mark(side: Side, pointer: string | undefined): void {
    if (pointer !== undefined) this.handled[side].add(pointer);
  }

  isHandled(side: Side, pointer: string): boolean {
    for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
      if (this.handled[side].has(current)) return true;
      if (!current) return false;
    }
  }

  add(rule: string, where: string, headPointer: string | undefined, basePointer: string | undefined, detail: string): void {
    this.findings.push({ rule, where, pointer: this.locate(headPointer, basePointer), detail });
  }

  /** The head pointer, or the nearest parent of the base pointer that still exists in head. */
  private locate(headPointer: string | undefined, basePointer: string | undefined): string {
    if (headPointer !== undefined) return headPointer;
    let current = basePointer ?? '';
    while (current && valueAt(this.head, current) === undefined) current = current.slice(0, current.lastIndexOf('/'));
    return current;
  }

  /** Follows $refs one hop at a time, marking each $ref, and returns the target and its pointer. */
  resolve(side: Side, node: Json, pointer: string): { node: Json; pointer: string } {
    const document = side === 'base' ? this.base : this.head;
    for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/'); hops += 1) {
      this.mark(side, join(pointer, '$ref'));
      pointer = node.$ref.slice(1);
      node = valueAt(document, pointer);
    }
    return { node, pointer };
  }

  // ---- schemas ----------------------------------------------------------------------------

  schema(flow: Flow, rawBase: Json, rawHead: Json, basePtr: string, headPtr: string, where: string): void {
    const b = this.resolve('base', rawBase, basePtr);
    const h = this.resolve('head', rawHead, headPtr);
    const key = `${flow}|${b.pointer}|${h.pointer}`;
    if (this.seenSchemas.has(key) || where.length > 400) return;
    this.seenSchemas.add(key);
    let base = this.unwrapNullable('base', b.node, b.pointer, true);
    let head = this.unwrapNullable('head', h.node, h.pointer, true);
    // `X | null` against `X | Y | null`: compare both as lists of alternatives.
    if (base.single && !head.single && head.alternatives) base = this.unwrapNullable('base', b.node, b.pointer, false);
    if (head.single && !base.single && base.alternatives) head = this.unwrapNullable('head', h.node, h.pointer, false);
    this.schemaNode(flow, base, head, where);
  }

  /** `anyOf/oneOf: [X, {type: 'null'}]` reads as X that may be null; null branches never count as alternatives. */
  private unwrapNullable(side: Side, node: Json, pointer: string, unwrapSingle: boolean): SchemaView {
    const document = side === 'base' ? this.base : this.head;
    for (const keyword of ['anyOf', 'oneOf']) {
      const options = isObject(node) ? node[keyword] : undefined;
      if (!Array.isArray(options)) continue;
      const isNull = (option: Json) => flattenSchema(document, option)?.type === 'null';
      const nullIndexes = options.flatMap((option, index) => (isNull(option) ? [index] : []));
      if (!nullIndexes.length) continue;
      for (const index of nullIndexes) this.mark(side, join(pointer, keyword, index));
      const rest = options.flatMap((option, index) => (isNull(option) ? [] : [{ node: option, pointer: join(pointer, keyword, index), index }]));
      if (rest.length === 1 && unwrapSingle) {
        const inner = this.resolve(side, rest[0].node, rest[0].pointer);
        const view = this.view(side, inner.node, inner.pointer);
        // Keywords beside the anyOf (readOnly, default, deprecated...) apply to the value too.
        const beside = Object.fromEntries(Object.entries(node).filter(([name]) => name !== keyword && SCHEMA_KEYWORDS.includes(name)));
        for (const name of Object.keys(beside)) this.mark(side, join(pointer, name));
        return { ...view, flat: { ...view.flat, ...beside }, nullable: true, single: { keyword, ...rest[0] } };
      }
      return { ...this.view(side, node, pointer), nullable: true, alternatives: { keyword, items: rest } };
    }
    const plain = this.view(side, node, pointer);
    const options = ['oneOf', 'anyOf'].map((keyword) => ({ keyword, list: plain.flat[keyword] })).find((entry) => Array.isArray(entry.list));
    if (options) plain.alternatives = { keyword: options.keyword, items: (options.list as Json[]).map((option, index) => ({ node: option, pointer: join(pointer, options.keyword, index), index })) };
    return plain;
  }

  private view(side: Side, node: Json, pointer: string): SchemaView {
    const document = side === 'base' ? this.base : this.head;
    const flat = isObject(node) ? flattenSchema(document, node) : {};
    const types = new Set<string>(Array.isArray(flat.type) ? flat.type : typeof flat.type === 'string' ? [flat.type] : []);
    const nullable = types.has('null') || flat.nullable === true;
    types.delete('null');
    // Where each property lives (allOf parts included), so findings point at the right line.
    const origins = new Map<string, string>();
    const collect = (part: Json, partPointer: string, depth: number) => {
      const resolved = this.resolve(side, part, partPointer);
      if (!isObject(resolved.node) || depth > 8) return;
      // Later allOf parts win, as in flattenSchema.
      for (const name of Object.keys(resolved.node.properties ?? {})) origins.set(name, join(resolved.pointer, 'properties', name));
      for (const keyword of ['type', 'required', 'additionalProperties', 'unevaluatedProperties']) if (depth > 0) this.mark(side, join(resolved.pointer, keyword));
      (resolved.node.allOf ?? []).forEach((entry: Json, index: number) => collect(entry, join(resolved.pointer, 'allOf', index), depth + 1));
    };
    collect(node, pointer, 0);
    return { flat, pointer, types, nullable, origins };
  }

  private schemaNode(flow: Flow, base: SchemaView, head: SchemaView, where: string): void {
    const b = base.flat;
    const h = head.flat;
    const rule = (kind: string, pointerKeyword: string | undefined, detail: string) => {
      this.add(schemaRule(flow, kind).id, where, pointerKeyword === undefined ? head.pointer : join(head.pointer, pointerKeyword), undefined, detail);
    };
    for (const keyword of SCHEMA_KEYWORDS) {
      this.mark('base', join(base.pointer, keyword));
      this.mark('head', join(head.pointer, keyword));
    }

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
        this.mark('base', base.pointer);
        this.mark('head', head.pointer);
        return;
      }
    }

    this.enumLike(b, h, rule);
    for (const [keyword, kind] of Object.entries(LIMITS)) this.limit(keyword, kind, b[keyword], h[keyword], rule);
    if (typeof b.pattern === 'string' && typeof h.pattern === 'string' && b.pattern !== h.pattern && skeleton(b.pattern) !== skeleton(h.pattern)) rule('pattern-replaced', 'pattern', `pattern ${show(b.pattern)} → ${show(h.pattern)}`);
    else this.addedRemovedChanged('pattern', b.pattern, h.pattern, rule);
    const wider = FORMAT_WIDER[`${b.format}>${h.format}`];
    if (wider) rule(wider, 'format', `format ${show(b.format)} → ${show(h.format)}`);
    else this.addedRemovedChanged('format', b.format, h.format, rule);
    if (!!b.uniqueItems !== !!h.uniqueItems) rule(h.uniqueItems ? 'unique-items-added' : 'unique-items-removed', 'uniqueItems', `uniqueItems ${!!b.uniqueItems} → ${!!h.uniqueItems}`);
    if (!same(b.default, h.default)) rule(b.default === undefined ? 'default-added' : h.default === undefined ? 'default-removed' : 'default-changed', 'default', `default ${show(b.default)} → ${show(h.default)}`);
    if (!!b.deprecated !== !!h.deprecated) rule('deprecated', 'deprecated', `deprecated ${!!b.deprecated} → ${!!h.deprecated}`);
    if (!same(b.discriminator, h.discriminator)) {
      const bd = b.discriminator;
      const hd = h.discriminator;
      const mappingChanged = Object.entries<unknown>(bd?.mapping ?? {}).some(([value, target]) => hd?.mapping?.[value] !== target);
      if (!bd || !hd) rule(hd ? 'discriminator-added' : 'discriminator-removed', 'discriminator', `discriminator ${show(bd?.propertyName)} → ${show(hd?.propertyName)}`);
      else if (bd.propertyName !== hd.propertyName || mappingChanged) rule('discriminator-changed', 'discriminator', `discriminator ${show(bd)} → ${show(hd)}`);
      // A mapping entry only added goes with a new alternative, reported as variant-added.
      else rule('annotation-changed', 'discriminator', 'discriminator mapping extended');
    }
    // readOnly/writeOnly matter where they hide a property (properties() reports that); elsewhere they are annotations.
    for (const keyword of ['readOnly', 'writeOnly']) {
      const hides = (keyword === 'readOnly' && flow === 'request') || (keyword === 'writeOnly' && (flow === 'response' || flow === 'webhook-payload'));
      if (!!b[keyword] !== !!h[keyword] && !hides) rule('annotation-changed', keyword, `${keyword} ${!!b[keyword]} → ${!!h[keyword]}`);
    }
    if (!same(b.not, h.not)) rule('not-changed', 'not', 'not changed');
    if (b.contentMediaType !== h.contentMediaType || b.contentEncoding !== h.contentEncoding) rule('content-encoding-changed', 'contentMediaType', `${show(b.contentMediaType ?? b.contentEncoding)} → ${show(h.contentMediaType ?? h.contentEncoding)}`);

    this.properties(flow, base, head, where, rule);
    this.additional(flow, base, head, where, rule);
    if (b.items !== undefined || h.items !== undefined) {
      if (b.items === undefined || h.items === undefined) {
        this.mark('base', join(base.pointer, 'items'));
        this.mark('head', join(head.pointer, 'items'));
      }
      if (b.items !== undefined && h.items !== undefined) this.schema(flow, b.items, h.items, join(base.pointer, 'items'), join(head.pointer, 'items'), `${where}[]`);
      else rule(h.items === undefined ? 'type-widened' : 'type-narrowed', 'items', `items ${b.items === undefined ? 'any' : 'schema'} → ${h.items === undefined ? 'any' : 'schema'}`);
    }
    this.variants(flow, base, head, where, rule);
    // propertyNames constrains map keys the way a string schema constrains values.
    if (isObject(b.propertyNames) && isObject(h.propertyNames)) this.schema(flow, b.propertyNames, h.propertyNames, join(base.pointer, 'propertyNames'), join(head.pointer, 'propertyNames'), `${where} keys`);
    else if (b.propertyNames !== undefined || h.propertyNames !== undefined) {
      this.mark('base', join(base.pointer, 'propertyNames'));
      this.mark('head', join(head.pointer, 'propertyNames'));
      if (!same(b.propertyNames, h.propertyNames)) rule(h.propertyNames === undefined ? 'pattern-removed' : 'pattern-added', 'propertyNames', `propertyNames ${show(b.propertyNames)} → ${show(h.propertyNames)}`);
    }
  }

  private enumLike(b: Json, h: Json, rule: RuleFn): void {
    const bEnum: unknown[] | undefined = Array.isArray(b.enum) ? b.enum : undefined;
    const hEnum: unknown[] | undefined = Array.isArray(h.enum) ? h.enum : undefined;
    const has = (list: unknown[], value: unknown) => list.some((entry) => same(entry, value));
    if (bEnum && hEnum) {
      const removed = bEnum.filter((value) => !has(hEnum, value) && value !== null);
      const added = hEnum.filter((value) => !has(bEnum, value) && value !== null);
      if (removed.length) rule('enum-value-removed', 'enum', `enum values removed: ${removed.map(show).join(', ')}`);
      if (added.length) rule(extensible(b) ? 'extensible-enum-value-added' : 'enum-value-added', 'enum', `enum values added: ${added.map(show).join(', ')}`);
    } else if (bEnum && !hEnum && h.const === undefined) rule('enum-removed', undefined, `enum ${show(bEnum)} removed`);
    else if (!bEnum && hEnum && b.const === undefined) rule('enum-added', 'enum', `enum ${show(hEnum)} added`);
    // const and a one-value enum say the same thing; compare the allowed sets.
    const allowed = (schema: Json): unknown[] | undefined => (schema.const !== undefined ? [schema.const] : undefined);
    const bc = allowed(b);
    const hc = allowed(h);
    if (bc || hc) {
      const bSet = bc ?? bEnum;
      const hSet = hc ?? hEnum;
      if (same(bSet, hSet)) return;
      if (!bSet) rule('const-added', 'const', `const ${show(h.const)} added`);
      else if (!hSet) rule('const-removed', undefined, `const ${show(b.const)} removed`);
      else if (hSet.every((value) => has(bSet, value))) rule('enum-value-removed', 'const', `allowed values ${show(bSet)} → ${show(hSet)}`);
      else if (bSet.every((value) => has(hSet, value))) rule('enum-value-added', hc ? 'const' : 'enum', `allowed values ${show(bSet)} → ${show(hSet)}`);
      else rule('const-changed', 'const', `const ${show(bSet.length === 1 ? bSet[0] : bSet)} → ${show(hSet.length === 1 ? hSet[0] : hSet)}`);
    }
  }

  private limit(keyword: string, kind: 'lower' | 'upper' | 'divisor', before: unknown, after: unknown, rule: RuleFn): void {
    if (same(before, after)) return;
    // 3.0's boolean exclusiveMinimum/Maximum: true is tighter.
    if (typeof before === 'boolean' || typeof after === 'boolean') {
      rule(after === true ? 'limit-tightened' : 'limit-loosened', keyword, `${keyword} ${show(before)} → ${show(after)}`);
      return;
    }
    const a = typeof before === 'number' ? before : undefined;
    const b = typeof after === 'number' ? after : undefined;
    let tighter: boolean;
    if (a === undefined) tighter = true;
    else if (b === undefined) tighter = false;
    else if (kind === 'divisor') tighter = b % a === 0 ? true : a % b === 0 ? false : true;
    else tighter = kind === 'lower' ? b > a : b < a;
    const detail = `${keyword} ${show(before)} → ${show(after)}`;
    if (kind === 'divisor' && a !== undefined && b !== undefined && b % a !== 0 && a % b !== 0) rule('type-changed', keyword, detail);
    else rule(tighter ? 'limit-tightened' : 'limit-loosened', keyword, detail);
  }

  private addedRemovedChanged(keyword: 'pattern' | 'format', before: unknown, after: unknown, rule: RuleFn): void {
    if (same(before, after)) return;
    const kind = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    rule(`${keyword}-${kind}`, kind === 'removed' ? undefined : keyword, `${keyword} ${show(before)} → ${show(after)}`);
  }

  private properties(flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
    const bp: Record<string, Json> = base.flat.properties ?? {};
    const hp: Record<string, Json> = head.flat.properties ?? {};
    const bReq = new Set<string>(base.flat.required ?? []);
    const hReq = new Set<string>(head.flat.required ?? []);
    const hidden = flow === 'request' ? 'readOnly' : flow === 'response' || flow === 'webhook-payload' ? 'writeOnly' : undefined;
    // In 3.1 a $ref may carry readOnly/writeOnly beside it, so look at the node before following it.
    const isHidden = (side: Side, schema: Json) => !!hidden && (!!schema?.[hidden] || !!flattenSchema(side === 'base' ? this.base : this.head, schema)?.[hidden]);
    const at = (view: SchemaView, name: string) => view.origins.get(name) ?? join(view.pointer, 'properties', name);
    for (const name of Object.keys(bp)) {
      if (name in hp) continue;
      this.mark('base', at(base, name));
      if (isHidden('base', bp[name])) continue;
      this.add(schemaRule(flow, 'property-removed').id, `${where}.${name}`, undefined, at(base, name), `property ${name} removed`);
    }
    for (const name of Object.keys(hp)) {
      const pointer = at(head, name);
      if (!(name in bp)) {
        this.mark('head', pointer);
        if (isHidden('head', hp[name])) continue;
        const kind = hReq.has(name) ? 'property-required-added' : 'property-optional-added';
        this.add(schemaRule(flow, kind).id, `${where}.${name}`, pointer, undefined, `${hReq.has(name) ? 'required' : 'optional'} property ${name} added`);
        continue;
      }
      // 3.1 allows keywords beside a $ref; the ones read here are compared here.
      for (const keyword of ['readOnly', 'writeOnly', 'deprecated']) {
        this.mark('base', join(at(base, name), keyword));
        this.mark('head', join(pointer, keyword));
      }
      const refSibling = (schema: Json, keyword: string) => (typeof schema?.$ref === 'string' ? !!schema[keyword] : undefined);
      if (refSibling(bp[name], 'deprecated') !== refSibling(hp[name], 'deprecated') && (refSibling(bp[name], 'deprecated') || refSibling(hp[name], 'deprecated'))) {
        this.add(schemaRule(flow, 'deprecated').id, `${where}.${name}`, join(pointer, 'deprecated'), undefined, `${name} deprecated changed`);
      }
      for (const keyword of ['readOnly', 'writeOnly']) {
        if (keyword !== hidden && !!refSibling(bp[name], keyword) !== !!refSibling(hp[name], keyword)) this.add(schemaRule(flow, 'annotation-changed').id, `${where}.${name}`, join(pointer, keyword), undefined, `${name} ${keyword} changed`);
      }
      const wasHidden = isHidden('base', bp[name]);
      const nowHidden = isHidden('head', hp[name]);
      if (wasHidden !== nowHidden) {
        const kind = hidden === 'readOnly' ? (nowHidden ? 'property-became-read-only' : 'property-no-longer-read-only') : nowHidden ? 'property-became-write-only' : 'property-no-longer-write-only';
        this.add(schemaRule(flow, kind).id, `${where}.${name}`, pointer, undefined, `${name} ${hidden} ${wasHidden} → ${nowHidden}`);
      }
      if (!wasHidden && !nowHidden) {
        if (!bReq.has(name) && hReq.has(name)) this.add(schemaRule(flow, 'property-became-required').id, `${where}.${name}`, join(head.pointer, 'required'), undefined, `${name} became required`);
        if (bReq.has(name) && !hReq.has(name)) this.add(schemaRule(flow, 'property-became-optional').id, `${where}.${name}`, join(head.pointer, 'required'), undefined, `${name} became optional`);
      }
      this.schema(flow, bp[name], hp[name], at(base, name), pointer, `${where}.${name}`);
    }
    // required entries without a property schema still constrain the object.
    const bare = (required: Set<string>, props: Record<string, Json>) => [...required].filter((name) => !(name in props));
    const bBare = bare(bReq, bp);
    const hBare = bare(hReq, hp);
    for (const name of hBare) if (!bBare.includes(name) && !(name in bp)) rule('property-became-required', 'required', `${name} became required`);
    for (const name of bBare) if (!hBare.includes(name) && !(name in hp)) rule('property-became-optional', 'required', `${name} became optional`);
  }

  private additional(flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
    for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
      const before = base.flat[keyword];
      const after = head.flat[keyword];
      if (before === undefined && after === undefined) continue;
      if (!isObject(before) || !isObject(after)) {
        this.mark('base', join(base.pointer, keyword));
        this.mark('head', join(head.pointer, keyword));
      }
      const closed = (value: unknown) => value === false;
      if (closed(before) !== closed(after)) {
        rule(closed(after) ? 'additional-properties-closed' : 'additional-properties-opened', keyword, `${keyword} ${show(before)} → ${show(after)}`);
        continue;
      }
      const schemaOf = (value: unknown) => (isObject(value) ? value : value === true || value === undefined ? {} : undefined);
      const bs = schemaOf(before);
      const hs = schemaOf(after);
      if (bs && hs && !same(before, after)) this.schema(flow, bs, hs, join(base.pointer, keyword), join(head.pointer, keyword), `${where}.*`);
    }
  }

  private variants(flow: Flow, base: SchemaView, head: SchemaView, where: string, rule: RuleFn): void {
    const bl = base.alternatives;
    const hl = head.alternatives;
    if (!bl && !hl) return;
    if (bl) this.mark('base', join(base.pointer, bl.keyword));
    if (hl) this.mark('head', join(head.pointer, hl.keyword));
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
    for (const [a, b] of pairs) this.schema(flow, a.node, b.node, a.pointer, b.pointer, `${where}<${a.index}>`);
    for (const a of freeB) this.add(schemaRule(flow, 'variant-removed').id, where, undefined, a.pointer, `${bl.keyword} alternative ${a.node?.$ref ?? show(a.node).slice(0, 60)} removed`);
    for (const b of freeH) this.add(schemaRule(flow, 'variant-added').id, where, b.pointer, undefined, `${hl.keyword} alternative ${b.node?.$ref ?? show(b.node).slice(0, 60)} added`);
  }
}

interface Alternative {
  node: Json;
  pointer: string;
  index: number;
}

type RuleFn = (kind: string, pointerKeyword: string | undefined, detail: string) => void;

interface SchemaView {
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

export function valueAt(document: Json, pointer: string): Json {
  if (!pointer) return document;
  return pointerToPath(`#${pointer}`).reduce<Json>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), document);
}

// ---- operations, parameters, bodies, responses, security ---------------------------------------

interface Operation {
  method: string;
  path: string;
  pointer: string;
  node: Json;
  /** Path-level and operation-level parameters, resolved, keyed by location and name. */
  parameters: Map<string, { node: Json; pointer: string }>;
}

function operationsOf(c: Comparison, side: Side, document: Json, root: 'paths' | 'webhooks'): Operation[] {
  const out: Operation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(document[root] ?? {})) {
    const item = c.resolve(side, rawItem, join('', root, path));
    if (!isObject(item.node)) continue;
    for (const method of METHODS) {
      const node = item.node[method];
      if (!isObject(node)) continue;
      const pointer = join(item.pointer, method);
      const parameters = new Map<string, { node: Json; pointer: string }>();
      const collect = (list: Json, listPointer: string) =>
        (Array.isArray(list) ? list : []).forEach((raw, index) => {
          const resolved = c.resolve(side, raw, join(listPointer, index));
          if (!isObject(resolved.node)) return;
          const name = String(resolved.node.name ?? '');
          parameters.set(`${resolved.node.in}:${resolved.node.in === 'header' ? name.toLowerCase() : name}`, resolved);
        });
      collect(item.node.parameters, join(item.pointer, 'parameters'));
      collect(node.parameters, join(pointer, 'parameters'));
      out.push({ method, path, pointer, node, parameters });
    }
  }
  return out;
}

const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

function compareOperations(c: Comparison, root: 'paths' | 'webhooks'): void {
  const baseOps = operationsOf(c, 'base', c.base, root);
  const headOps = operationsOf(c, 'head', c.head, root);
  const webhook = root === 'webhooks';
  const label = (op: Operation) => (webhook ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`);
  const matched = new Set<Operation>();
  for (const before of baseOps) {
    let after = headOps.find((op) => op.method === before.method && op.path === before.path);
    if (!after && !webhook) after = headOps.find((op) => !matched.has(op) && op.method === before.method && template(op.path) === template(before.path) && !baseOps.some((other) => other.path === op.path && other.method === op.method));
    if (!after && !webhook && before.node.operationId) {
      const moved = headOps.find((op) => op.node.operationId === before.node.operationId && !baseOps.some((other) => other.path === op.path && other.method === op.method));
      if (moved) {
        c.add('operation-path-changed', label(before), moved.pointer, undefined, `${label(before)} → ${label(moved)}`);
        after = moved;
      }
    }
    if (!after) {
      c.mark('base', before.pointer);
      c.add(webhook ? 'webhook-removed' : 'operation-removed', label(before), undefined, before.pointer, `${label(before)} removed`);
      continue;
    }
    matched.add(after);
    compareOperation(c, before, after, label(after), webhook);
  }
  for (const after of headOps) {
    if (matched.has(after)) continue;
    c.mark('head', after.pointer);
    c.add(webhook ? 'webhook-added' : 'operation-added', label(after), after.pointer, undefined, `${label(after)} added`);
  }
  // Path items themselves (a whole path renamed or removed) are accounted for by their operations.
  for (const op of baseOps) c.mark('base', join('', root, op.path, 'parameters'));
  for (const op of headOps) c.mark('head', join('', root, op.path, 'parameters'));
}

function compareOperation(c: Comparison, before: Operation, after: Operation, where: string, webhook: boolean): void {
  const [b, h] = [before.node, after.node];
  c.mark('base', join(before.pointer, 'operationId'));
  c.mark('head', join(after.pointer, 'operationId'));
  if (!webhook && b.operationId && h.operationId && b.operationId !== h.operationId) c.add('operation-id-changed', where, join(after.pointer, 'operationId'), undefined, `operationId ${b.operationId} → ${h.operationId}`);
  c.mark('base', join(before.pointer, 'deprecated'));
  c.mark('head', join(after.pointer, 'deprecated'));
  if (!!b.deprecated !== !!h.deprecated) c.add('operation-deprecated', where, join(after.pointer, 'deprecated'), undefined, `deprecated ${!!b.deprecated} → ${!!h.deprecated}`);

  compareParameters(c, before, after, where, webhook);
  compareRequestBody(c, before, after, where, webhook);
  compareResponses(c, before, after, where, webhook);
  if (!webhook) {
    compareSecurity(c, before, after, where);
    compareKeyTypes(c, before, after, where);
    compareServers(c, b.servers, h.servers, join(before.pointer, 'servers'), join(after.pointer, 'servers'), where);
  }
}

function compareParameters(c: Comparison, before: Operation, after: Operation, where: string, webhook: boolean): void {
  const flow: Flow = webhook ? 'webhook-payload' : 'request';
  const renamed = new Map<string, string>();
  // Path parameters are positional on the wire: a different name at the same place is a rename.
  const bNames = pathParams(before.path);
  const hNames = pathParams(after.path);
  if (!webhook && bNames.length === hNames.length) bNames.forEach((name, index) => name !== hNames[index] && renamed.set(`path:${name}`, `path:${hNames[index]}`));
  const seenHead = new Set<string>();
  for (const [key, param] of before.parameters) {
    const headKey = renamed.get(key) ?? key;
    const other = after.parameters.get(headKey);
    const name = `${param.node.in} parameter ${param.node.name}`;
    if (!other) {
      c.mark('base', param.pointer);
      const movedTo = [...after.parameters.values()].find((candidate) => candidate.node.name === param.node.name && !before.parameters.has(`${candidate.node.in}:${candidate.node.in === 'header' ? String(candidate.node.name).toLowerCase() : candidate.node.name}`));
      if (movedTo && !webhook) {
        seenHead.add(`${movedTo.node.in}:${movedTo.node.in === 'header' ? String(movedTo.node.name).toLowerCase() : movedTo.node.name}`);
        c.mark('head', movedTo.pointer);
        c.add('request-parameter-location-changed', `${where} ${name}`, movedTo.pointer, undefined, `${param.node.name} moved from ${param.node.in} to ${movedTo.node.in}`);
      } else c.add(webhook ? 'webhook-header-removed' : 'request-parameter-removed', `${where} ${name}`, undefined, param.pointer, `${name} removed`);
      continue;
    }
    seenHead.add(headKey);
    if (headKey !== key) c.add('request-parameter-renamed', `${where} ${name}`, join(other.pointer, 'name'), undefined, `path parameter {${param.node.name}} renamed {${other.node.name}}`);
    for (const keyword of ['name', 'in', 'required', 'deprecated', 'style', 'explode', 'allowReserved', 'allowEmptyValue', ...(param.node.schema === undefined || other.node.schema === undefined ? ['schema'] : [])]) {
      c.mark('base', join(param.pointer, keyword));
      c.mark('head', join(other.pointer, keyword));
    }
    const required = (node: Json) => node.in === 'path' || node.required === true;
    if (required(param.node) !== required(other.node)) {
      const rule = webhook ? `webhook-header-became-${required(other.node) ? 'required' : 'optional'}` : `request-parameter-became-${required(other.node) ? 'required' : 'optional'}`;
      c.add(rule, `${where} ${name}`, join(other.pointer, 'required'), undefined, `required ${required(param.node)} → ${required(other.node)}`);
    }
    if (!!param.node.deprecated !== !!other.node.deprecated) c.add(webhook ? 'docs-changed' : 'request-parameter-deprecated', `${where} ${name}`, join(other.pointer, 'deprecated'), undefined, `deprecated ${!!param.node.deprecated} → ${!!other.node.deprecated}`);
    const serialisation = (node: Json) => [node.style ?? defaultStyle(node.in), node.explode ?? (node.style ?? defaultStyle(node.in)) === 'form', !!node.allowReserved];
    if (!same(serialisation(param.node), serialisation(other.node))) c.add('request-parameter-serialization-changed', `${where} ${name}`, other.pointer, undefined, `style/explode ${show(serialisation(param.node))} → ${show(serialisation(other.node))}`);
    if (param.node.schema !== undefined || other.node.schema !== undefined) c.schema(flow, param.node.schema ?? {}, other.node.schema ?? {}, join(param.pointer, 'schema'), join(other.pointer, 'schema'), `${where} ${name}`);
  }
  for (const [key, param] of after.parameters) {
    if (seenHead.has(key) || before.parameters.has(key)) continue;
    c.mark('head', param.pointer);
    const name = `${param.node.in} parameter ${param.node.name}`;
    const required = param.node.in === 'path' || param.node.required === true;
    const rule = webhook ? 'webhook-header-added' : required ? 'request-parameter-required-added' : 'request-parameter-optional-added';
    c.add(rule, `${where} ${name}`, param.pointer, undefined, `${required ? 'required' : 'optional'} ${name} added`);
  }
}

const defaultStyle = (location: string) => (location === 'query' || location === 'cookie' ? 'form' : 'simple');
const mediaKey = (type: string) => type.split(';')[0].trim().toLowerCase();

function compareRequestBody(c: Comparison, before: Operation, after: Operation, where: string, webhook: boolean): void {
  const b = before.node.requestBody === undefined ? undefined : c.resolve('base', before.node.requestBody, join(before.pointer, 'requestBody'));
  const h = after.node.requestBody === undefined ? undefined : c.resolve('head', after.node.requestBody, join(after.pointer, 'requestBody'));
  if (!b && !h) return;
  const label = webhook ? `${where} payload` : `${where} request body`;
  if (!b || !h) {
    if (b) c.mark('base', b.pointer);
    if (h) c.mark('head', h.pointer);
    if (webhook) c.add(b ? 'webhook-payload-removed' : 'webhook-added', label, h?.pointer, b?.pointer, b ? 'payload removed' : 'payload added');
    else if (b) c.add('request-body-removed', label, undefined, b.pointer, 'request body removed');
    else c.add(h!.node.required ? 'request-body-required-added' : 'request-body-optional-added', label, h!.pointer, undefined, `${h!.node.required ? 'required' : 'optional'} request body added`);
    return;
  }
  c.mark('base', join(b.pointer, 'required'));
  c.mark('head', join(h.pointer, 'required'));
  if (!webhook && !!b.node.required !== !!h.node.required) c.add(h.node.required ? 'request-body-became-required' : 'request-body-became-optional', label, join(h.pointer, 'required'), undefined, `required ${!!b.node.required} → ${!!h.node.required}`);
  compareContent(c, webhook ? 'webhook-payload' : 'request', b, h, label);
}

/** Media types of a body; request and webhook payload bodies are written by one side only. */
function compareContent(c: Comparison, flow: Flow, b: { node: Json; pointer: string }, h: { node: Json; pointer: string }, where: string): void {
  const bContent: Record<string, Json> = b.node.content ?? {};
  const hContent: Record<string, Json> = h.node.content ?? {};
  const hByKey = new Map(Object.keys(hContent).map((type) => [mediaKey(type), type]));
  const bByKey = new Map(Object.keys(bContent).map((type) => [mediaKey(type), type]));
  const isRequest = flow === 'request' || flow === 'webhook-reply';
  for (const [key, type] of bByKey) {
    const pointer = join(b.pointer, 'content', type);
    const headType = hByKey.get(key);
    if (!headType) {
      c.mark('base', pointer);
      const rule = flow === 'webhook-payload' ? 'webhook-payload-media-type-changed' : isRequest ? 'request-media-type-removed' : hByKey.size ? 'response-media-type-removed' : 'response-body-removed';
      c.add(rule, `${where} ${type}`, undefined, pointer, `media type ${type} removed`);
      continue;
    }
    const headPointer = join(h.pointer, 'content', headType);
    const bSchema = bContent[type].schema;
    const hSchema = hContent[headType].schema;
    // A schema present on one side only is compared against {}; the missing side has nothing to account for.
    if (bSchema === undefined || hSchema === undefined) {
      c.mark('base', join(pointer, 'schema'));
      c.mark('head', join(headPointer, 'schema'));
    }
    if (bSchema !== undefined || hSchema !== undefined) c.schema(flow, bSchema ?? {}, hSchema ?? {}, join(pointer, 'schema'), join(headPointer, 'schema'), where);
  }
  for (const [key, type] of hByKey) {
    if (bByKey.has(key)) continue;
    const pointer = join(h.pointer, 'content', type);
    c.mark('head', pointer);
    const rule = flow === 'webhook-payload' ? 'webhook-payload-media-type-changed' : isRequest ? 'request-media-type-added' : bByKey.size ? 'response-media-type-added' : 'response-body-added';
    // A payload gaining a second media type does not change what receivers get today.
    if (flow === 'webhook-payload' && bByKey.size) c.add('docs-changed', `${where} ${type}`, pointer, undefined, `media type ${type} added`);
    else c.add(rule, `${where} ${type}`, pointer, undefined, `media type ${type} added`);
  }
}

function compareResponses(c: Comparison, before: Operation, after: Operation, where: string, webhook: boolean): void {
  const flow: Flow = webhook ? 'webhook-reply' : 'response';
  const bResponses: Record<string, Json> = before.node.responses ?? {};
  const hResponses: Record<string, Json> = after.node.responses ?? {};
  const success = (status: string) => /^[23]/.test(status);
  const baseHasSuccess = Object.keys(bResponses).some(success);
  for (const status of Object.keys(bResponses)) {
    const basePointer = join(before.pointer, 'responses', status);
    if (!(status in hResponses)) {
      c.mark('base', basePointer);
      const rule = webhook ? 'webhook-reply-status-removed' : success(status) ? 'response-status-removed' : 'response-error-status-removed';
      c.add(rule, `${where} response ${status}`, undefined, basePointer, `response ${status} removed`);
      continue;
    }
    const b = c.resolve('base', bResponses[status], basePointer);
    const h = c.resolve('head', hResponses[status], join(after.pointer, 'responses', status));
    const label = webhook ? `${where} reply ${status}` : `${where} response ${status}`;
    compareContent(c, flow, b, h, `${label} body`);
    if (!webhook) compareHeaders(c, b, h, label);
    c.mark('base', join(b.pointer, 'links'));
    c.mark('head', join(h.pointer, 'links'));
    if (!same(b.node.links, h.node.links)) c.add('response-link-changed', `${label} links`, join(h.pointer, 'links'), undefined, `links ${Object.keys(b.node.links ?? {}).join(', ') || 'none'} → ${Object.keys(h.node.links ?? {}).join(', ') || 'none'}`);
  }
  for (const status of Object.keys(hResponses)) {
    if (status in bResponses) continue;
    const pointer = join(after.pointer, 'responses', status);
    c.mark('head', pointer);
    const rule = webhook ? 'webhook-reply-status-added' : success(status) && baseHasSuccess ? 'response-success-status-added' : 'response-status-added';
    c.add(rule, `${where} response ${status}`, pointer, undefined, `response ${status} added`);
  }
}

function compareHeaders(c: Comparison, b: { node: Json; pointer: string }, h: { node: Json; pointer: string }, where: string): void {
  const bHeaders: Record<string, Json> = b.node.headers ?? {};
  const hHeaders: Record<string, Json> = h.node.headers ?? {};
  const hByKey = new Map(Object.keys(hHeaders).map((name) => [name.toLowerCase(), name]));
  const bKeys = new Set(Object.keys(bHeaders).map((name) => name.toLowerCase()));
  for (const name of Object.keys(bHeaders)) {
    const basePointer = join(b.pointer, 'headers', name);
    const headName = hByKey.get(name.toLowerCase());
    if (!headName) {
      c.mark('base', basePointer);
      c.add('response-header-removed', `${where} header ${name}`, undefined, basePointer, `header ${name} removed`);
      continue;
    }
    const bh = c.resolve('base', bHeaders[name], basePointer);
    const hh = c.resolve('head', hHeaders[headName], join(h.pointer, 'headers', headName));
    for (const keyword of ['required', 'deprecated', 'style', 'explode', ...(bh.node.schema === undefined || hh.node.schema === undefined ? ['schema'] : [])]) {
      c.mark('base', join(bh.pointer, keyword));
      c.mark('head', join(hh.pointer, keyword));
    }
    if (!!bh.node.required !== !!hh.node.required) c.add(hh.node.required ? 'response-header-became-required' : 'response-header-became-optional', `${where} header ${name}`, join(hh.pointer, 'required'), undefined, `required ${!!bh.node.required} → ${!!hh.node.required}`);
    if (!!bh.node.deprecated !== !!hh.node.deprecated) c.add('docs-changed', `${where} header ${name}`, join(hh.pointer, 'deprecated'), undefined, `deprecated ${!!bh.node.deprecated} → ${!!hh.node.deprecated}`);
    if (bh.node.schema !== undefined || hh.node.schema !== undefined) c.schema('response', bh.node.schema ?? {}, hh.node.schema ?? {}, join(bh.pointer, 'schema'), join(hh.pointer, 'schema'), `${where} header ${name}`);
  }
  for (const name of Object.keys(hHeaders)) {
    if (bKeys.has(name.toLowerCase())) continue;
    const pointer = join(h.pointer, 'headers', name);
    c.mark('head', pointer);
    c.add('response-header-added', `${where} header ${name}`, pointer, undefined, `header ${name} added`);
  }
}

/** Security requirements as alternatives (OR) of schemes (AND), each with its scopes. */
type Requirement = Map<string, Set<string>>;
const requirementsOf = (security: Json): Requirement[] => {
  const list: Json[] = Array.isArray(security) ? security : [];
  if (!list.length) return [new Map()];
  return list.map((entry) => new Map(Object.entries<Json>(entry ?? {}).map(([scheme, scopes]) => [scheme, new Set<string>(Array.isArray(scopes) ? scopes : [])])));
};
/** Credentials that satisfy `have` also satisfy `need` when need asks for no more. */
const satisfies = (have: Requirement, need: Requirement) => [...need].every(([scheme, scopes]) => have.has(scheme) && [...scopes].every((scope) => have.get(scheme)!.has(scope)));
const describe = (requirement: Requirement) => (requirement.size ? [...requirement].map(([scheme, scopes]) => `${scheme}${scopes.size ? `[${[...scopes].join(', ')}]` : ''}`).join(' + ') : 'no credentials');

function compareSecurity(c: Comparison, before: Operation, after: Operation, where: string): void {
  const effective = (side: Side, op: Operation) => {
    const document = side === 'base' ? c.base : c.head;
    if (op.node.security !== undefined) {
      c.mark(side, join(op.pointer, 'security'));
      return { value: op.node.security, pointer: join(op.pointer, 'security') };
    }
    c.mark(side, '/security');
    return { value: document.security, pointer: '/security' };
  };
  const b = effective('base', before);
  const h = effective('head', after);
  const bReqs = requirementsOf(b.value);
  const hReqs = requirementsOf(h.value);
  for (const requirement of bReqs) {
    if (hReqs.some((candidate) => satisfies(requirement, candidate))) continue;
    // The same schemes with more scopes reads as "a new scope", anything else as a tighter requirement.
    const sameSchemes = hReqs.find((candidate) => candidate.size === requirement.size && [...candidate.keys()].every((scheme) => requirement.has(scheme)) && satisfies(candidate, requirement));
    if (sameSchemes) {
      const added = [...sameSchemes].flatMap(([scheme, scopes]) => [...scopes].filter((scope) => !requirement.get(scheme)!.has(scope)));
      c.add('security-scope-added', where, h.pointer, undefined, `needs scope ${added.join(', ')} (was ${describe(requirement)})`);
    } else c.add('security-requirement-tightened', where, h.pointer, undefined, `${describe(requirement)} no longer accepted (now ${hReqs.map(describe).join(' or ')})`);
  }
  for (const requirement of hReqs) {
    if (bReqs.some((candidate) => satisfies(candidate, requirement) && satisfies(requirement, candidate))) continue;
    // Weaker than a base requirement: loosened; stronger: the tightening reported above; else a new way in.
    if (bReqs.some((candidate) => satisfies(candidate, requirement))) c.add('security-requirement-loosened', where, h.pointer, undefined, `${describe(requirement)} now enough`);
    else if (!bReqs.some((candidate) => satisfies(requirement, candidate))) c.add('security-alternative-added', where, h.pointer, undefined, `${describe(requirement)} now accepted as an alternative`);
  }
}

function compareKeyTypes(c: Comparison, before: Operation, after: Operation, where: string): void {
  const b: unknown[] | undefined = before.node['x-key-types'];
  const h: unknown[] | undefined = after.node['x-key-types'];
  c.mark('base', join(before.pointer, 'x-key-types'));
  c.mark('head', join(after.pointer, 'x-key-types'));
  if (!Array.isArray(b) || !Array.isArray(h)) {
    if (!same(b, h)) c.add('extension-changed', where, join(after.pointer, 'x-key-types'), undefined, `x-key-types ${show(b)} → ${show(h)}`);
    return;
  }
  const removed = b.filter((type) => !h.includes(type));
  const added = h.filter((type) => !b.includes(type));
  if (removed.length) c.add('key-type-removed', where, join(after.pointer, 'x-key-types'), undefined, `key types no longer accepted: ${removed.join(', ')}`);
  if (added.length) c.add('key-type-added', where, join(after.pointer, 'x-key-types'), undefined, `key types now accepted: ${added.join(', ')}`);
}

function compareServers(c: Comparison, bList: Json, hList: Json, bPointer: string, hPointer: string, where: string): void {
  if (bList === undefined && hList === undefined) return;
  const urls = (list: Json) => (Array.isArray(list) ? list : []).map((server: Json) => String(server?.url ?? ''));
  const b = urls(bList);
  const h = urls(hList);
  (Array.isArray(bList) ? bList : []).forEach((server: Json, index: number) => {
    const other = h.indexOf(String(server?.url ?? ''));
    if (other >= 0) {
      c.mark('base', join(bPointer, index, 'url'));
      c.mark('head', join(hPointer, other, 'url'));
      return;
    }
    c.mark('base', join(bPointer, index));
    c.add('server-removed', where, undefined, join(bPointer, index), `server ${server?.url} removed`);
  });
  (Array.isArray(hList) ? hList : []).forEach((server: Json, index: number) => {
    if (b.includes(String(server?.url ?? ''))) return;
    c.mark('head', join(hPointer, index));
    c.add('server-added', where, join(hPointer, index), undefined, `server ${server?.url} added`);
  });
}

function compareSecuritySchemes(c: Comparison): void {
  const b: Record<string, Json> = c.base.components?.securitySchemes ?? {};
  const h: Record<string, Json> = c.head.components?.securitySchemes ?? {};
  for (const name of new Set([...Object.keys(b), ...Object.keys(h)])) {
    const pointer = join('', 'components', 'securitySchemes', name);
    if (!(name in h) || !(name in b)) {
      c.mark(name in b ? 'base' : 'head', pointer);
      c.add(name in b ? 'security-scheme-removed' : 'security-scheme-added', `security scheme ${name}`, name in h ? pointer : undefined, name in b ? pointer : undefined, `scheme ${name} ${name in b ? 'removed' : 'added'}`);
      continue;
    }
    const wire = (scheme: Json) => ({ type: scheme.type, scheme: String(scheme.scheme ?? '').toLowerCase(), in: scheme.in, name: scheme.name, openIdConnectUrl: scheme.openIdConnectUrl, flows: Object.fromEntries(Object.entries<Json>(scheme.flows ?? {}).map(([flow, value]) => [flow, { authorizationUrl: value.authorizationUrl, tokenUrl: value.tokenUrl }])) });
    for (const keyword of ['type', 'scheme', 'in', 'name', 'openIdConnectUrl', 'bearerFormat']) {
      c.mark('base', join(pointer, keyword));
      c.mark('head', join(pointer, keyword));
    }
    for (const flow of new Set([...Object.keys(b[name].flows ?? {}), ...Object.keys(h[name].flows ?? {})])) {
      for (const keyword of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
        c.mark('base', join(pointer, 'flows', flow, keyword));
        c.mark('head', join(pointer, 'flows', flow, keyword));
      }
      // Scope definitions are documentation; requirements are compared per operation.
      c.mark('base', join(pointer, 'flows', flow, 'scopes'));
      c.mark('head', join(pointer, 'flows', flow, 'scopes'));
    }
    if (!same(wire(b[name]), wire(h[name]))) c.add('security-scheme-changed', `security scheme ${name}`, pointer, undefined, `${show(wire(b[name]))} → ${show(wire(h[name]))}`);
    else if (b[name].bearerFormat !== h[name].bearerFormat) c.add('docs-changed', `security scheme ${name}`, join(pointer, 'bearerFormat'), undefined, 'bearerFormat changed');
    if (!same(b[name].flows, h[name].flows) && same(wire(b[name]), wire(h[name]))) c.add('docs-changed', `security scheme ${name}`, join(pointer, 'flows'), undefined, 'scope descriptions changed');
  }
}

// ---- what no rule accounted for --------------------------------------------------------------

const DOCS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', '$comment', 'tags', 'xml', 'contact', 'license', 'termsOfService']);
/** Map-like keywords: the segment after them is a name, not a keyword. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas', 'parameters', 'headers', 'responses', 'examples', 'links', 'callbacks', 'securitySchemes', 'requestBodies', 'pathItems', 'webhooks', 'paths', 'content', 'variables', 'mapping', 'scopes', 'encoding']);

function residue(c: Comparison): void {
  const visited = (side: Side, pointer: string) => {
    const match = /^\/components\/[^/]+\/[^/]+/.exec(pointer);
    return match ? c.isHandled(side, `${match[0]}/$ref-target`) : true;
  };
  // One finding per changed documentation keyword, extension or component, not per leaf under it.
  const reported = new Set<string>();
  for (const difference of jsonDiff(c.base, c.head)) {
    if ((difference.base !== undefined && c.isHandled('base', difference.base)) || (difference.head !== undefined && c.isHandled('head', difference.head))) continue;
    const pointer = difference.head ?? difference.base!;
    const parts = pointerToPath(`#${pointer}`);
    const keywordIndex = (test: (part: string) => boolean) => parts.findIndex((part, index) => test(part) && !NAMED.has(parts[index - 1] ?? '') && parts[index - 1] !== 'components');
    const upTo = (index: number) => join('', ...parts.slice(0, index + 1));
    let rule = 'unclassified';
    let unit = pointer;
    const docs = keywordIndex((part) => DOCS.has(part));
    const extension = keywordIndex((part) => part.startsWith('x-'));
    if (['info', 'tags', 'externalDocs', 'openapi'].includes(parts[0])) [rule, unit] = ['docs-changed', upTo(0)];
    // Root security that every operation overrides reaches no request.
    else if (parts[0] === 'security') [rule, unit] = ['component-unused-changed', upTo(0)];
    else if (docs >= 0) [rule, unit] = ['docs-changed', upTo(docs)];
    else if (extension >= 0) [rule, unit] = ['extension-changed', upTo(extension)];
    else if (parts[0] === 'components' && parts[1] === 'examples') [rule, unit] = ['docs-changed', upTo(2)];
    else if (parts[0] === 'components' && !visited('base', pointer) && !visited('head', pointer)) [rule, unit] = ['component-unused-changed', upTo(2)];
    if (reported.has(`${rule}|${unit}`)) continue;
    reported.add(`${rule}|${unit}`);
    const inHead = valueAt(c.head, unit) !== undefined;
    const inBase = valueAt(c.base, unit) !== undefined;
    const shown = inBase && inHead ? 'changed' : inHead ? 'added' : 'removed';
    c.add(rule, unit || '/', inHead ? unit : undefined, unit, `${unit || '/'} ${shown}`);
  }
}

/** Compares two bundled documents; every difference ends up in exactly one kind of finding. */
export function compareDocuments(base: OpenApiDocument, head: OpenApiDocument): Finding[] {
  const c = new Comparison(base, head);
  trackComponentVisits(c);
  compareOperations(c, 'paths');
  compareOperations(c, 'webhooks');
  compareServers(c, base.servers, head.servers, '/servers', '/servers', 'servers');
  compareSecuritySchemes(c);
  residue(c);
  return dedupe(c.findings);
}

/** Records which components an operation reaches (through resolve), to tell unused ones apart. */
function trackComponentVisits(c: Comparison): void {
  const original = c.resolve.bind(c);
  c.resolve = (side, node, pointer) => {
    const result = original(side, node, pointer);
    const match = /^\/components\/[^/]+\/[^/]+/.exec(result.pointer);
    if (match) c.mark(side, `${match[0]}/$ref-target`);
    return result;
  };
}

/** A shared schema reached from many operations is reported once per rule and place. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.pointer}|${finding.detail}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()];
}

export { FLOWS };
