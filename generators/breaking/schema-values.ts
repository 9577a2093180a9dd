/**
 * The keywords of one schema that constrain its value (enum, const, limits, pattern, format,
 * uniqueItems, not...) and its annotations (default, deprecated, readOnly...): each difference
 * becomes a schema kind of `rules.ts`, reported through `rule`.
 */
import { same, show, type Json } from './context.js';
import type { Flow } from './rules.js';

/** Reports a schema kind at a keyword of the head schema (the schema itself when undefined). */
export type RuleFn = (kind: string, pointerKeyword: string | undefined, detail: string) => void;

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
const extensible = (schema: Json) => schema?.['x-extensible-enum'] === true || /\b(new|more|other)\b[^.]{0,40}\b(may|can|will)\b[^.]{0,20}\bbe added\b/i.test(String(schema?.description ?? ''));
/** Format changes whose direction is known: the head format admits more (or fewer) values. */
const FORMAT_WIDER: Record<string, string> = { 'int32>int64': 'format-widened', 'float>double': 'format-widened', 'int64>int32': 'format-narrowed', 'double>float': 'format-narrowed' };
/** Lower bounds tighten upwards, upper bounds downwards. */
const LIMITS: Record<string, 'lower' | 'upper' | 'divisor'> = {
  minimum: 'lower', exclusiveMinimum: 'lower', minLength: 'lower', minItems: 'lower', minProperties: 'lower',
  maximum: 'upper', exclusiveMaximum: 'upper', maxLength: 'upper', maxItems: 'upper', maxProperties: 'upper', multipleOf: 'divisor',
};

export function compareValueKeywords(flow: Flow, b: Json, h: Json, rule: RuleFn): void {
  enumLike(b, h, rule);
  for (const [keyword, kind] of Object.entries(LIMITS)) limit(keyword, kind, b[keyword], h[keyword], rule);
  if (typeof b.pattern === 'string' && typeof h.pattern === 'string' && b.pattern !== h.pattern && skeleton(b.pattern) !== skeleton(h.pattern)) rule('pattern-replaced', 'pattern', `pattern ${show(b.pattern)} → ${show(h.pattern)}`);
  else addedRemovedChanged('pattern', b.pattern, h.pattern, rule);
  const wider = FORMAT_WIDER[`${b.format}>${h.format}`];
  if (wider) rule(wider, 'format', `format ${show(b.format)} → ${show(h.format)}`);
  else addedRemovedChanged('format', b.format, h.format, rule);
  if (!!b.uniqueItems !== !!h.uniqueItems) rule(h.uniqueItems ? 'unique-items-added' : 'unique-items-removed', 'uniqueItems', `uniqueItems ${!!b.uniqueItems} → ${!!h.uniqueItems}`);
  if (!same(b.default, h.default)) rule(b.default === undefined ? 'default-added' : h.default === undefined ? 'default-removed' : 'default-changed', 'default', `default ${show(b.default)} → ${show(h.default)}`);
  if (!!b.deprecated !== !!h.deprecated) rule('deprecated', 'deprecated', `deprecated ${!!b.deprecated} → ${!!h.deprecated}`);
  if (!same(b.discriminator, h.discriminator)) discriminator(b.discriminator, h.discriminator, rule);
  // readOnly/writeOnly matter where they hide a property (the property walk reports that); elsewhere they are annotations.
  for (const keyword of ['readOnly', 'writeOnly']) {
    const hides = (keyword === 'readOnly' && flow === 'request') || (keyword === 'writeOnly' && (flow === 'response' || flow === 'webhook-payload'));
    if (!!b[keyword] !== !!h[keyword] && !hides) rule('annotation-changed', keyword, `${keyword} ${!!b[keyword]} → ${!!h[keyword]}`);
  }
  if (!same(b.not, h.not)) rule('not-changed', 'not', 'not changed');
  if (b.contentMediaType !== h.contentMediaType || b.contentEncoding !== h.contentEncoding) rule('content-encoding-changed', 'contentMediaType', `${show(b.contentMediaType ?? b.contentEncoding)} → ${show(h.contentMediaType ?? h.contentEncoding)}`);
}

function discriminator(bd: Json, hd: Json, rule: RuleFn): void {
  const mappingChanged = Object.entries<unknown>(bd?.mapping ?? {}).some(([value, target]) => hd?.mapping?.[value] !== target);
  if (!bd || !hd) rule(hd ? 'discriminator-added' : 'discriminator-removed', 'discriminator', `discriminator ${show(bd?.propertyName)} → ${show(hd?.propertyName)}`);
  else if (bd.propertyName !== hd.propertyName || mappingChanged) rule('discriminator-changed', 'discriminator', `discriminator ${show(bd)} → ${show(hd)}`);
  // A mapping entry only added goes with a new alternative, reported as variant-added.
  else rule('annotation-changed', 'discriminator', 'discriminator mapping extended');
}

function enumLike(b: Json, h: Json, rule: RuleFn): void {
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

function limit(keyword: string, kind: 'lower' | 'upper' | 'divisor', before: unknown, after: unknown, rule: RuleFn): void {
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

function addedRemovedChanged(keyword: 'pattern' | 'format', before: unknown, after: unknown, rule: RuleFn): void {
  if (same(before, after)) return;
  const kind = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  rule(`${keyword}-${kind}`, kind === 'removed' ? undefined : keyword, `${keyword} ${show(before)} → ${show(after)}`);
}
