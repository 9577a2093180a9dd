/**
 * The keywords of a schema that constrain its value (type, enum, const, limits, pattern, format,
 * uniqueItems, not...) and its annotations (default, deprecated, readOnly...). Keywords from every
 * part of the schema (allOf parts, $ref targets) combine as a value must satisfy them all: the
 * tightest limit decides, enums intersect, every pattern applies. Each change of what is valid
 * becomes a schema kind of `rules.ts`; a keyword rewritten without changing what is valid is
 * `constraint-restated`.
 */
import {
  isLocalRef,
  isObject,
  join,
  same,
  show,
  valueAt,
  type Comparison,
  type Json,
  type Side,
} from './context.js';
import { patternDirection } from './pattern.js';
import type { Flow } from './rules.js';
import { firstOf, NO_TYPE, valuesOf, type SchemaView } from './schema-view.js';

/** Reports a schema kind at a pointer of the head document. */
export type RuleFn = (kind: string, pointer: string, detail: string) => void;

/**
 * A pattern's literal structure, with character classes and quantifiers blanked: equal skeletons
 * mean the same format with other lengths or alphabets (`^[a-z]{3}$` → `^[a-z0-9]{3,8}$`);
 * different ones mean another format (`^v1,...` → `^v2,...`), which readers parse differently.
 */
const skeleton = (pattern: string) =>
  pattern
    .replace(/\\[dDwWsS]/g, 'C')
    .replace(/\[(?:\\.|[^\]\\])*\]/g, 'C')
    .replace(/(?<!\\)\./g, 'C')
    .replace(/\{\d*,?\d*\}|[*+?]/g, '')
    .replace(/C+/g, 'C');
/** An enum the document itself declares open: readers were told to expect new values. */
const extensible = (schema: Json) =>
  schema?.['x-extensible-enum'] === true ||
  /\b(new|more|other)\b[^.]{0,40}\b(may|can|will)\b[^.]{0,20}\bbe added\b/i.test(
    String(schema?.description ?? ''),
  );
/** Formats of which one admits every value of the other (JSON Schema's format vocabulary). */
const FORMAT_SUBSETS = [
  'int32<int64',
  'float<double',
  'email<idn-email',
  'hostname<idn-hostname',
  'uri<iri',
  'uri<uri-reference',
  'uri<iri-reference',
  'iri<iri-reference',
  'uri-reference<iri-reference',
];
const SIZES: Record<string, 'lower' | 'upper'> = {
  minLength: 'lower',
  minItems: 'lower',
  minProperties: 'lower',
  maxLength: 'upper',
  maxItems: 'upper',
  maxProperties: 'upper',
};
const VALUE_KEYWORDS = [
  'type',
  'nullable',
  'enum',
  'const',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  ...Object.keys(SIZES),
  'pattern',
  'format',
  'uniqueItems',
  'default',
  'deprecated',
  'discriminator',
  'not',
  'contentMediaType',
  'contentEncoding',
  'readOnly',
  'writeOnly',
];

/** Compares the value keywords of both views; false when the type changed so much that nothing below compares. */
export function compareValueKeywords(
  c: Comparison,
  flow: Flow,
  base: SchemaView,
  head: SchemaView,
  report: RuleFn,
): boolean {
  const judged = new Set<string>();
  const at = (keyword: string | undefined) =>
    keyword === undefined
      ? head.pointer
      : (valuesOf(head, keyword)[0]?.pointer ?? join(head.pointer, keyword));
  const rule = (keywords: string[], kind: string, pointer: string, detail: string) => {
    for (const keyword of keywords) judged.add(keyword);
    report(kind, pointer, detail);
  };

  // Null first, then the other types.
  if (base.nullable !== head.nullable)
    rule(
      ['type', 'nullable'],
      head.nullable ? 'nullable-added' : 'nullable-removed',
      at('type'),
      `nullable ${base.nullable} → ${head.nullable}`,
    );
  const bt = [...base.types].sort();
  const ht = [...head.types].sort();
  if (bt.join() !== ht.join()) {
    // No types is any value; NO_TYPE is none. `any → object` narrows, `object → any` widens.
    const covers = (wide: string[], narrow: string[]) =>
      !wide.length ||
      narrow[0] === NO_TYPE ||
      (!!narrow.length &&
        wide[0] !== NO_TYPE &&
        narrow.every((type) => wide.includes(type) || (type === 'integer' && wide.includes('number'))));
    const detail = `type ${bt.join('|') || 'any'} → ${ht.join('|') || 'any'}`;
    if (covers(ht, bt)) rule(['type'], 'type-widened', at('type'), detail);
    else if (covers(bt, ht)) rule(['type'], 'type-narrowed', at('type'), detail);
    else {
      report('type-changed', at('type'), detail);
      for (const part of [...base.parts]) c.mark('base', part.pointer);
      for (const part of [...head.parts]) c.mark('head', part.pointer);
      return false;
    }
  }

  allowedValues(base, head, rule, at);
  const integer = bt.length === 1 && bt[0] === 'integer' && ht.length === 1 && ht[0] === 'integer';
  bound(base, head, 'lower', integer, rule, at);
  bound(base, head, 'upper', integer, rule, at);
  for (const [keyword, direction] of Object.entries(SIZES)) size(base, head, keyword, direction, rule, at);
  multipleOf(firstOf(base, 'multipleOf'), firstOf(head, 'multipleOf'), rule, at);
  patterns(base, head, rule, at);
  formats(base, head, rule, at);
  const any = (view: SchemaView, keyword: string) => view.parts.some((part) => !!part.node[keyword]);
  if (any(base, 'uniqueItems') !== any(head, 'uniqueItems'))
    rule(
      ['uniqueItems'],
      any(head, 'uniqueItems') ? 'unique-items-added' : 'unique-items-removed',
      at('uniqueItems'),
      `uniqueItems ${any(base, 'uniqueItems')} → ${any(head, 'uniqueItems')}`,
    );
  const [bd, hd] = [firstOf(base, 'default'), firstOf(head, 'default')];
  if (!same(bd, hd))
    rule(
      ['default'],
      bd === undefined ? 'default-added' : hd === undefined ? 'default-removed' : 'default-changed',
      at('default'),
      `default ${show(bd)} → ${show(hd)}`,
    );
  if (any(base, 'deprecated') !== any(head, 'deprecated'))
    rule(
      ['deprecated'],
      'deprecated',
      at('deprecated'),
      `deprecated ${any(base, 'deprecated')} → ${any(head, 'deprecated')}`,
    );
  discriminator(firstOf(base, 'discriminator'), firstOf(head, 'discriminator'), (kind, detail) =>
    rule(['discriminator'], kind, at('discriminator'), detail),
  );
  // readOnly/writeOnly matter where they hide a property (the property walk reports that); elsewhere they are annotations.
  for (const keyword of ['readOnly', 'writeOnly']) {
    const hides =
      (keyword === 'readOnly' && flow === 'request') ||
      (keyword === 'writeOnly' && (flow === 'response' || flow === 'webhook-payload'));
    if (hides) judged.add(keyword);
    else if (any(base, keyword) !== any(head, keyword))
      rule(
        [keyword],
        'annotation-changed',
        at(keyword),
        `${keyword} ${any(base, keyword)} → ${any(head, keyword)}`,
      );
  }
  const [bn, hn] = [inlined(c, 'base', base, 'not'), inlined(c, 'head', head, 'not')];
  if (!same(bn, hn))
    rule(
      ['not'],
      !bn.length ? 'not-added' : !hn.length ? 'not-removed' : 'not-changed',
      at(hn.length ? 'not' : undefined),
      !bn.length ? 'not added' : !hn.length ? 'not removed' : 'not changed',
    );
  const content = (view: SchemaView) => [firstOf(view, 'contentMediaType'), firstOf(view, 'contentEncoding')];
  if (!same(content(base), content(head)))
    rule(
      ['contentMediaType', 'contentEncoding'],
      'content-encoding-changed',
      at('contentMediaType'),
      `${show(content(base)[0] ?? content(base)[1])} → ${show(content(head)[0] ?? content(head)[1])}`,
    );

  // Rewritten without changing what is valid: an enum reordered, a limit another part already sets.
  for (const keyword of VALUE_KEYWORDS) {
    const before = valuesOf(base, keyword).map((entry) => entry.value);
    const after = valuesOf(head, keyword).map((entry) => entry.value);
    if (!judged.has(keyword) && !same(before, after))
      report(
        'constraint-restated',
        at(after.length ? keyword : undefined),
        `${keyword} ${show(before.length > 1 ? before : before[0])} → ${show(after.length > 1 ? after : after[0])}`,
      );
  }
  return true;
}

type Judge = (keywords: string[], kind: string, pointer: string, detail: string) => void;
type At = (keyword: string | undefined) => string;

/** enum and const of every part, as one set of allowed values (undefined: any value). */
function allowed(
  view: SchemaView,
): { values: unknown[]; fromConst: boolean; extensible: boolean } | undefined {
  let values: unknown[] | undefined;
  let fromConst = false;
  for (const { node } of view.parts) {
    if (Array.isArray(node.enum))
      values = values
        ? values.filter((value) => node.enum.some((entry: unknown) => same(entry, value)))
        : [...node.enum];
    if (node.const !== undefined) {
      fromConst = true;
      values = values ? values.filter((value) => same(value, node.const)) : [node.const];
    }
  }
  return values && { values, fromConst, extensible: view.parts.some((part) => extensible(part.node)) };
}

function allowedValues(base: SchemaView, head: SchemaView, rule: Judge, at: At): void {
  const b = allowed(base);
  const h = allowed(head);
  const keywords = ['enum', 'const'];
  const has = (list: unknown[], value: unknown) => list.some((entry) => same(entry, value));
  if (!b && !h) return;
  if (!b)
    return rule(
      keywords,
      h!.fromConst ? 'const-added' : 'enum-added',
      at(h!.fromConst ? 'const' : 'enum'),
      h!.fromConst ? `const ${show(h!.values[0])} added` : `enum ${show(h!.values)} added`,
    );
  if (!h)
    return rule(
      keywords,
      b.fromConst ? 'const-removed' : 'enum-removed',
      at(undefined),
      b.fromConst ? `const ${show(b.values[0])} removed` : `enum ${show(b.values)} removed`,
    );
  const removed = b.values.filter((value) => !has(h.values, value) && value !== null);
  const added = h.values.filter((value) => !has(b.values, value) && value !== null);
  const one = (values: unknown[]) => show(values.length === 1 ? values[0] : values);
  if ((b.fromConst || h.fromConst) && removed.length && added.length)
    return rule(keywords, 'const-changed', at('const'), `const ${one(b.values)} → ${one(h.values)}`);
  const where = at(h.fromConst ? 'const' : 'enum');
  const constant = b.fromConst || h.fromConst;
  if (removed.length)
    rule(
      keywords,
      'enum-value-removed',
      where,
      constant
        ? `allowed values ${show(b.values)} → ${show(h.values)}`
        : `enum values removed: ${removed.map(show).join(', ')}`,
    );
  if (added.length)
    rule(
      keywords,
      b.extensible && !constant ? 'extensible-enum-value-added' : 'enum-value-added',
      where,
      constant
        ? `allowed values ${show(b.values)} → ${show(h.values)}`
        : `enum values added: ${added.map(show).join(', ')}`,
    );
}

interface Limit {
  value: number;
  exclusive: boolean;
}
const LIMIT_KEYWORDS = { lower: ['minimum', 'exclusiveMinimum'], upper: ['maximum', 'exclusiveMaximum'] };

/** The tightest lower (or upper) bound of all parts; 3.0's boolean exclusiveMinimum/Maximum included. */
function limitOf(view: SchemaView, direction: 'lower' | 'upper', integer: boolean): Limit | undefined {
  const [inclusive, exclusive] = LIMIT_KEYWORDS[direction];
  const sign = direction === 'lower' ? 1 : -1;
  let tightest: Limit | undefined;
  for (const { node } of view.parts) {
    const candidates: Limit[] = [];
    if (typeof node[inclusive] === 'number')
      candidates.push({ value: node[inclusive], exclusive: node[exclusive] === true });
    if (typeof node[exclusive] === 'number') candidates.push({ value: node[exclusive], exclusive: true });
    for (let limit of candidates) {
      // Integers have no values between n and n + 1: > 0 is ≥ 1.
      if (integer)
        limit = {
          value: limit.exclusive
            ? sign > 0
              ? Math.floor(limit.value) + 1
              : Math.ceil(limit.value) - 1
            : sign > 0
              ? Math.ceil(limit.value)
              : Math.floor(limit.value),
          exclusive: false,
        };
      if (!tightest || compareLimits(limit, tightest, sign) > 0) tightest = limit;
    }
  }
  return tightest;
}
/** Positive when `a` admits fewer values than `b`. */
const compareLimits = (a: Limit, b: Limit, sign: number) =>
  a.value !== b.value ? sign * (a.value - b.value) : Number(a.exclusive) - Number(b.exclusive);

function changedKeywords(base: SchemaView, head: SchemaView, keywords: string[]): string[] {
  return keywords.filter(
    (keyword) =>
      !same(
        valuesOf(base, keyword).map((entry) => entry.value),
        valuesOf(head, keyword).map((entry) => entry.value),
      ),
  );
}
const describe = (base: SchemaView, head: SchemaView, keywords: string[]) =>
  keywords
    .map((keyword) => `${keyword} ${show(firstOf(base, keyword))} → ${show(firstOf(head, keyword))}`)
    .join(', ');

function bound(
  base: SchemaView,
  head: SchemaView,
  direction: 'lower' | 'upper',
  integer: boolean,
  rule: Judge,
  at: At,
): void {
  const keywords = LIMIT_KEYWORDS[direction];
  const changed = changedKeywords(base, head, keywords);
  if (!changed.length) return;
  const sign = direction === 'lower' ? 1 : -1;
  const b = limitOf(base, direction, integer);
  const h = limitOf(head, direction, integer);
  const order = !b && !h ? 0 : !b ? 1 : !h ? -1 : compareLimits(h, b, sign);
  const kind = order > 0 ? 'limit-tightened' : order < 0 ? 'limit-loosened' : 'constraint-restated';
  rule(
    keywords,
    kind,
    at(changed.find((keyword) => valuesOf(head, keyword).length) ?? (order ? changed[0] : undefined)),
    describe(base, head, changed),
  );
}

function size(
  base: SchemaView,
  head: SchemaView,
  keyword: string,
  direction: 'lower' | 'upper',
  rule: Judge,
  at: At,
): void {
  const tightest = (view: SchemaView) => {
    const values = valuesOf(view, keyword).flatMap((entry) =>
      typeof entry.value === 'number' ? [entry.value] : [],
    );
    return values.length ? (direction === 'lower' ? Math.max(...values) : Math.min(...values)) : undefined;
  };
  const [b, h] = [tightest(base), tightest(head)];
  if (b === h) return;
  const tighter = b === undefined || (h !== undefined && (direction === 'lower' ? h > b : h < b));
  rule(
    [keyword],
    tighter ? 'limit-tightened' : 'limit-loosened',
    at(keyword),
    `${keyword} ${show(b)} → ${show(h)}`,
  );
}

/** `multipleOf: 0.1` → `0.01` admits more values; decimal divisors are compared as ratios, not with `%`. */
function multipleOf(before: unknown, after: unknown, rule: Judge, at: At): void {
  if (same(before, after)) return;
  const a = typeof before === 'number' && before > 0 ? before : undefined;
  const b = typeof after === 'number' && after > 0 ? after : undefined;
  const divides = (divisor: number, value: number) =>
    Math.abs(value / divisor - Math.round(value / divisor)) < 1e-9 * Math.max(1, value / divisor);
  const detail = `multipleOf ${show(before)} → ${show(after)}`;
  if (a === undefined || b === undefined)
    return rule(
      ['multipleOf'],
      a === undefined ? 'limit-tightened' : 'limit-loosened',
      at('multipleOf'),
      detail,
    );
  if (divides(a, b)) rule(['multipleOf'], 'limit-tightened', at('multipleOf'), detail);
  else if (divides(b, a)) rule(['multipleOf'], 'limit-loosened', at('multipleOf'), detail);
  else rule(['multipleOf'], 'type-changed', at('multipleOf'), detail);
}

/** Every part's pattern applies; a pattern replaced by another is compared for its direction. */
function patterns(base: SchemaView, head: SchemaView, rule: Judge, at: At): void {
  const list = (view: SchemaView) => [
    ...new Set(
      valuesOf(view, 'pattern').flatMap((entry) => (typeof entry.value === 'string' ? [entry.value] : [])),
    ),
  ];
  const [b, h] = [list(base), list(head)];
  const removed = b.filter((pattern) => !h.includes(pattern));
  const added = h.filter((pattern) => !b.includes(pattern));
  const where = (pattern: string) =>
    valuesOf(head, 'pattern').find((entry) => entry.value === pattern)!.pointer;
  if (removed.length === 1 && added.length === 1) {
    const [before, after] = [removed[0], added[0]];
    const detail = `pattern ${show(before)} → ${show(after)}`;
    if (skeleton(before) !== skeleton(after))
      return rule(['pattern'], 'pattern-replaced', where(after), detail);
    const direction = patternDirection(before, after);
    if (direction === 'wider') rule(['pattern'], 'pattern-widened', where(after), detail);
    else if (direction !== 'same') rule(['pattern'], 'pattern-changed', where(after), detail);
    return;
  }
  for (const pattern of removed)
    rule(['pattern'], 'pattern-removed', at(undefined), `pattern ${show(pattern)} → none`);
  for (const pattern of added)
    rule(['pattern'], 'pattern-added', where(pattern), `pattern none → ${show(pattern)}`);
}

function formats(base: SchemaView, head: SchemaView, rule: Judge, at: At): void {
  const list = (view: SchemaView) => [...new Set(valuesOf(view, 'format').map((entry) => entry.value))];
  const [b, h] = [list(base), list(head)];
  const removed = b.filter((format) => !h.includes(format));
  const added = h.filter((format) => !b.includes(format));
  if (removed.length === 1 && added.length === 1) {
    const [before, after] = [removed[0], added[0]];
    const kind = FORMAT_SUBSETS.includes(`${before}<${after}`)
      ? 'format-widened'
      : FORMAT_SUBSETS.includes(`${after}<${before}`)
        ? 'format-narrowed'
        : 'format-changed';
    return rule(['format'], kind, at('format'), `format ${show(before)} → ${show(after)}`);
  }
  for (const format of removed)
    rule(['format'], 'format-removed', at(undefined), `format ${show(format)} → none`);
  for (const format of added) rule(['format'], 'format-added', at('format'), `format none → ${show(format)}`);
}

function discriminator(bd: Json, hd: Json, rule: (kind: string, detail: string) => void): void {
  if (same(bd, hd)) return;
  const mappingChanged = Object.entries<unknown>(bd?.mapping ?? {}).some(
    ([value, target]) => hd?.mapping?.[value] !== target,
  );
  if (!bd || !hd)
    rule(
      hd ? 'discriminator-added' : 'discriminator-removed',
      `discriminator ${show(bd?.propertyName)} → ${show(hd?.propertyName)}`,
    );
  else if (bd.propertyName !== hd.propertyName || mappingChanged)
    rule('discriminator-changed', `discriminator ${show(bd)} → ${show(hd)}`);
  // A mapping entry only added goes with a new alternative, reported as variant-added.
  else rule('annotation-changed', 'discriminator mapping extended');
}

/**
 * A keyword's values with every $ref in them followed (so a change behind a $ref shows), the
 * components reached recorded as compared.
 */
function inlined(c: Comparison, side: Side, view: SchemaView, keyword: string): Json[] {
  const follow = (node: Json, pointer: string, depth: number): Json => {
    if (depth > 16) return node;
    if (isLocalRef(node)) {
      const target = node.$ref.slice(1);
      c.followed(side, pointer, target);
      c.mark(side, target);
      return follow(valueAt(c.document(side), target), target, depth + 1);
    }
    if (Array.isArray(node))
      return node.map((entry, index) => follow(entry, join(pointer, index), depth + 1));
    return isObject(node)
      ? Object.fromEntries(
          Object.entries(node).map(([key, value]) => [key, follow(value, join(pointer, key), depth + 1)]),
        )
      : node;
  };
  return valuesOf(view, keyword).map((entry) => follow(entry.value, entry.pointer, 0));
}
