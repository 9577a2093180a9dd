/**
 * fast-check arbitraries from JSON Schema 2020-12: every value they make satisfies the schema
 * (formats, patterns, enums, bounds, required, additionalProperties, propertyNames, min/max
 * properties and items, oneOf/anyOf/allOf, a discriminator's value for each member). The property
 * stage still validates each value with Ajv before sending it, so a schema this builder reads too
 * loosely costs a skipped run, never a false failure of the target.
 *
 * A fast-check wrapper around the value generator's core (generators/core/values/, copied beside
 * this file as `schema/`): which properties a side of a message carries (readOnly, writeOnly), a
 * discriminator's mapping, and the formats fast-check has no arbitrary for come from there.
 */
import fc from 'fast-check';
import { FORMATS } from '../../../core/values/formats.js';
import { nodeFromSchema } from '../../../core/values/from-schema.js';
import { Random } from '../../../core/values/random.js';
import { drawValue } from '../../../core/values/draw.js';
import { hiddenOn, withoutHidden } from '../../../core/values/sides.js';
import { merged } from '../../../core/schema-merge.js';
import { bounded, budgeted } from './bounded-filter.js';

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/** Where `$ref`s point: the shared schema document, by its `$id`. */
export interface SchemaRoot {
  $id: string;
}

/** Nested $refs deeper than this generate only what is required (recursive schemas terminate). */
const MAX_DEPTH = 5;
/** Arrays and maps stay small: bugs show up with few items, and shrinking is faster. */
const MAX_GENERATED_ITEMS = 8;
/** Sizes up to this are also tried at their maximum (maxItems, maxProperties, maxLength), where off-by-one bugs live. */
const MAX_BOUNDARY_SIZE = 1000;

/** Code points below the surrogates; those above them are numbered on from here. */
const SURROGATES = { first: 0xd800, count: 0x800 };

/**
 * One code point, any but a lone surrogate: fast-check's `unit: 'binary'` draws exactly these, from
 * the same integer, but builds a map of all 1,112,064 of them to read values back (a second of CPU in
 * every process that makes a string arbitrary); here both ways are arithmetic.
 */
export const anyCodePoint = fc.nat({ max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    const codePoint = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (
      codePoint === undefined ||
      String.fromCodePoint(codePoint) !== value ||
      (codePoint >= SURROGATES.first && codePoint < SURROGATES.first + SURROGATES.count)
    )
      throw new Error('not one code point outside the surrogates');
    return codePoint < SURROGATES.first ? codePoint : codePoint - SURROGATES.count;
  },
);

/** The value generator's plain value of a schema with no refs (a string's, a key's). */
const plainValue = (schema: Schema) => () => drawValue(nodeFromSchema(NO_ROOT, schema));
const NO_ROOT = {};

/** Usually `usual`, one time in five the value at the schema's size limit. */
const atBoundary = <T>(usual: fc.Arbitrary<T>, boundary: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: boundary, weight: 1 });

export function resolve(root: SchemaRoot, schema: Schema): Schema {
  let current = schema;
  for (
    let hops = 0;
    hops < 32 && current && typeof current === 'object' && typeof current.$ref === 'string';
    hops += 1
  ) {
    const [id, pointer = ''] = current.$ref.split('#');
    if (id && id !== root.$id) throw new Error(`cannot resolve ${current.$ref}`);
    const target = pointer
      .split('/')
      .slice(1)
      .map((part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: Schema, key: string) => node?.[key], root);
    // Keywords beside a $ref (2020-12 allows them) apply too.
    const { $ref: _ref, ...siblings } = current;
    current = Object.keys(siblings).length ? { allOf: [target, siblings] } : target;
  }
  return current;
}

/** In a merged schema: the patterns of other allOf members, which its values must match too. */
const ALSO_PATTERNS = Symbol('also patterns');

/** allOf merged into one schema (properties, required and the tighter bounds). */
export function merge(root: SchemaRoot, schema: Schema): Schema {
  const resolved = resolve(root, schema);
  if (!resolved || typeof resolved !== 'object' || !Array.isArray(resolved.allOf)) return resolved;
  const folded = foldAllOf(root, resolved);
  return folded && folded.excluded.length > 0 ? false : (folded?.schema ?? false);
}

/** Whether a schema's `additionalProperties: false` allows only the names it declares itself. */
const closesItsObject = (schema: Schema) =>
  schema.additionalProperties === false && !schema.patternProperties;

/**
 * An allOf folded into one schema, and the names it requires that a member closing its object
 * (`additionalProperties: false`, which sees only that member's own properties) does not declare:
 * with any, no object satisfies it, and an object-only schema none at all (json2video's elements:
 * `{type}` closed, beside a closed `BaseElement` that does not declare `type`). Properties some
 * closed member does not declare are left out: no value may have them. Undefined when a member is
 * `false`.
 */
function foldAllOf(root: SchemaRoot, resolved: Schema): { schema: Schema; excluded: string[] } | undefined {
  const { allOf, ...rest } = resolved;
  let merged: Schema = { ...rest };
  const closed: Array<Set<string>> = closesItsObject(rest)
    ? [new Set(Object.keys(rest.properties ?? {}))]
    : [];
  for (const part of (allOf as Schema[]).map((entry: Schema) => merge(root, entry))) {
    if (part === false) return undefined;
    if (!part || typeof part !== 'object') continue;
    if (closesItsObject(part)) closed.push(new Set(Object.keys(part.properties ?? {})));
    const next: Schema = { ...merged, ...part };
    if (merged.properties || part.properties) {
      next.properties = { ...(merged.properties ?? {}) };
      for (const [name, value] of Object.entries(part.properties ?? {}))
        next.properties[name] = next.properties[name] ? { allOf: [next.properties[name], value] } : value;
    }
    if (merged.required || part.required)
      next.required = [...new Set([...(merged.required ?? []), ...(part.required ?? [])])];
    for (const key of ['minimum', 'minLength', 'minItems', 'minProperties', 'exclusiveMinimum'])
      if (typeof merged[key] === 'number' && typeof part[key] === 'number')
        next[key] = Math.max(merged[key], part[key]);
    for (const key of ['maximum', 'maxLength', 'maxItems', 'maxProperties', 'exclusiveMaximum'])
      if (typeof merged[key] === 'number' && typeof part[key] === 'number')
        next[key] = Math.min(merged[key], part[key]);
    if (merged.additionalProperties === false || part.additionalProperties === false)
      next.additionalProperties = false;
    // Every pattern holds: the first is drawn from, the others are checked (a member's own allOf
    // brings its patterns along).
    const patterns = [
      ...new Set(
        [
          merged.pattern,
          ...(merged[ALSO_PATTERNS] ?? []),
          part.pattern,
          ...(part[ALSO_PATTERNS] ?? []),
        ].filter((pattern): pattern is string => typeof pattern === 'string'),
      ),
    ];
    if (patterns.length > 0) next.pattern = patterns[0];
    if (patterns.length > 1) next[ALSO_PATTERNS] = patterns.slice(1);
    if (merged.type && part.type) {
      const a = [merged.type].flat();
      const b = [part.type].flat();
      const both = a.filter(
        (type: string) => b.includes(type) || (type === 'integer' && b.includes('number')),
      );
      next.type = both.length === 0 ? part.type : both.length === 1 ? both[0] : both;
    }
    merged = next;
  }
  if (closed.length === 0) return { schema: merged, excluded: [] };
  const allowed = (name: string) => closed.every((names) => names.has(name));
  const declared: Record<string, unknown> = merged.properties ?? {};
  const required = (merged.required ?? []) as string[];
  const objectOnly = merged.type !== undefined && [merged.type].flat().every((type) => type === 'object');
  // Where a value other than an object may satisfy the schema, a required name stays declared, so
  // that nobody reads it as required and never declared.
  if (merged.properties)
    merged.properties = Object.fromEntries(
      Object.entries(declared).filter(([name]) => allowed(name) || (!objectOnly && required.includes(name))),
    );
  // A required name no member declares is findForbiddenRequired's (e-conomic's Employee).
  const excluded = objectOnly
    ? required.filter((name) => Object.hasOwn(declared, name) && !allowed(name))
    : [];
  return { schema: merged, excluded };
}

function regexOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

const codePoints = (value: string) => [...value].length;

/** `^ATOM*$` or `^ATOM+$`: one character class repeated, the common "allowed characters" pattern. */
const REPEATED_ATOM = /^\^(\[(?:\\.|[^\]\\])*\]|\\.|[^\\()[\]{}|*+?^$])([*+])\$$/;

/**
 * A pattern that only says which characters are allowed, with its length bounds folded in
 * (`^[^\x00-\x1F]*$` and minLength 12 become `^[^\x00-\x1F]{12,52}$`): stringMatching draws short
 * strings, and filtering them by length would almost never end.
 */
function lengthBoundedPattern(source: string, minLength: number, maxLength: number): string | undefined {
  const match = REPEATED_ATOM.exec(source);
  if (!match || (minLength === 0 && maxLength >= 40)) return undefined;
  const low = Math.max(minLength, match[2] === '+' ? 1 : 0);
  return `^${match[1]}{${low},${Math.max(low, Math.min(maxLength, low + 40))}}$`;
}

/**
 * fast-check's strings for a pattern, or undefined where it cannot draw them. It has no word
 * boundaries (`\b`, `\B`; AWS SSO's request IDs, `\b[0-9a-f]{8}\b-…`): such a pattern is drawn
 * without them, and the caller keeps the draws the whole pattern matches.
 */
function stringsMatching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  // Without its boundaries a pattern is drawn whole (nothing around it), where a boundary most often holds.
  for (const source of [pattern.source, `^(?:${withoutWordBoundaries(pattern.source)})$`])
    try {
      return fc.stringMatching(new RegExp(source, pattern.flags));
    } catch {
      // the next, or none
    }
  return undefined;
}

/** A pattern's source without its word-boundary assertions (`[\b]` in a class is a backspace, and stays). */
function withoutWordBoundaries(source: string): string {
  let out = '';
  let inClass = false;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') {
      const escaped = source.slice(at, at + 2);
      if (inClass || (escaped !== '\\b' && escaped !== '\\B')) out += escaped;
      at += 1;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    out += char;
  }
  return out;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 40);
  const also = ((schema[ALSO_PATTERNS] ?? []) as string[]).map(regexOf);
  const fits = (value: string) =>
    codePoints(value) >= minLength &&
    codePoints(value) <= maxLength &&
    also.every((each) => each.test(value));
  const pattern = typeof schema.pattern === 'string' ? regexOf(schema.pattern) : undefined;
  let base: fc.Arbitrary<string> | undefined;
  switch (schema.format) {
    case 'date-time':
      // RFC 3339 in its variety: no fraction or up to nine digits, `Z` or an offset (a pattern may narrow it).
      base = fc
        .tuple(
          fc.date({
            min: new Date('1970-01-01T00:00:00Z'),
            max: new Date('2199-12-31T23:59:59Z'),
            noInvalidDate: true,
          }),
          fc.stringMatching(/^(\.\d{1,9})?$/),
          fc.constantFrom('Z', 'Z', '+00:00', '-05:30', '+14:00'),
        )
        .map(([date, fraction, zone]) => `${date.toISOString().slice(0, 19)}${fraction}${zone}`);
      break;
    case 'date':
      base = fc
        .date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2199-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
      break;
    case 'time':
      base = fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(11, 19) + 'Z');
      break;
    case 'email':
      base = fc.emailAddress();
      break;
    case 'uuid':
      base = fc.uuid();
      break;
    case 'uri':
    case 'url':
      base = fc.webUrl();
      break;
    case 'ipv4':
      base = fc.ipV4();
      break;
    case 'ipv6':
      base = fc.ipV6();
      break;
    case 'hostname':
      base = fc.domain();
      break;
    default:
      // A format fast-check has no arbitrary for (byte, duration, uri-template, …): the core's draws.
      if (schema.format !== undefined && FORMATS[schema.format]?.drawn)
        base = fc
          .integer({ min: 0, max: 0x7fffffff })
          .map((seed) => FORMATS[schema.format]!.drawn!(new Random(seed)));
      else if (schema.format !== undefined && FORMATS[schema.format])
        base = fc.constantFrom(FORMATS[schema.format]!.minimal, FORMATS[schema.format]!.example);
  }
  if (base && pattern)
    return bounded(base, (value) => pattern.test(value) && fits(value), plainValue(schema));
  if (base) return bounded(base, fits, plainValue(schema));
  if (pattern) {
    const lengthBounded = lengthBoundedPattern(schema.pattern, minLength, maxLength);
    // fast-check cannot draw every pattern (a lookahead, a backreference): the value generator's
    // draws, one seed per value, still checked against the pattern and the lengths.
    const fastCheck = stringsMatching(lengthBounded ? regexOf(lengthBounded) : pattern);
    const node = fastCheck ? undefined : nodeFromSchema(NO_ROOT, schema);
    const matching =
      fastCheck ??
      fc
        .integer({ min: 1, max: 0x7fffffff })
        .map((seed) => String(drawValue(node!, { seed, mode: 'realistic' })));
    return bounded(matching, (value) => pattern.test(value) && fits(value), plainValue(schema));
  }
  // Any code point (one per unit), so length bounds count as JSON Schema counts them; now and then exactly maxLength.
  const usual = fc.string({ unit: anyCodePoint, minLength, maxLength: Math.min(maxLength, minLength + 40) });
  return schema.maxLength !== undefined && schema.maxLength <= MAX_BOUNDARY_SIZE
    ? atBoundary(
        usual,
        fc.string({ unit: anyCodePoint, minLength: schema.maxLength, maxLength: schema.maxLength }),
      )
    : usual;
}

/**
 * How far a drawn number reaches where its schema sets no bound: a side without a bound reaches this
 * far from zero, or, when the other side's bound lies past that (AWS Athena's `minimum: 10000000`
 * with no maximum), as far again beyond that bound.
 */
const INTEGER_REACH = 1_000_000;
const NUMBER_REACH = 1e9;

/** The end a side without a bound reaches (`sign` -1 for the lower end), given the other side's bound. */
function reach(other: number | undefined, sign: 1 | -1, limit: number): number {
  if (other === undefined || other * sign <= limit) return sign * limit;
  const end = other + sign * Math.max(limit, Math.abs(other));
  return Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, end));
}

/** A number schema's bounds as 2020-12 states them (an exclusive bound is a number). */
function declaredBounds(schema: Schema) {
  const strictLower = typeof schema.exclusiveMinimum === 'number';
  const strictUpper = typeof schema.exclusiveMaximum === 'number';
  return {
    lower: strictLower ? schema.exclusiveMinimum : schema.minimum,
    upper: strictUpper ? schema.exclusiveMaximum : schema.maximum,
    strictLower,
    strictUpper,
  };
}

/**
 * The range of integers (in steps of `multipleOf`) a schema's integers are drawn from. fast-check's
 * integers are safe integers: an int64 bound (kinto's maximum 2^63) left it drawing without end, so
 * a bound past 2^53 is brought inside (JSON numbers there are not exact anyway).
 */
export function integerBounds(schema: Schema): { min: number; max: number; step: number } {
  const { lower, upper, strictLower, strictUpper } = declaredBounds(schema);
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  const int32 = schema.format === 'int32';
  const lowest = typeof lower === 'number' ? Math.ceil(lower / step) : undefined;
  const highest = typeof upper === 'number' ? Math.floor(upper / step) : undefined;
  let min = lowest ?? (int32 ? Math.ceil(-2147483648 / step) : Math.ceil(reach(highest, -1, INTEGER_REACH)));
  let max = highest ?? (int32 ? Math.floor(2147483647 / step) : Math.floor(reach(lowest, 1, INTEGER_REACH)));
  if (strictLower && min * step === lower) min += 1;
  if (strictUpper && max * step === upper) max -= 1;
  // In steps: the values drawn (a step count times the step) must be safe, not only the counts.
  const most = Math.floor(Number.MAX_SAFE_INTEGER / step);
  const least = Math.ceil(Number.MIN_SAFE_INTEGER / step);
  if (max > most && min <= most) max = most;
  if (min < least && max >= least) min = least;
  return { min, max, step };
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  if (integer || typeof schema.multipleOf === 'number') {
    const { min, max, step } = integerBounds(schema);
    // A whole step multiplies exactly; a fractional one (0.1) is rounded back from binary's error.
    return fc
      .integer({ min, max })
      .map((n) => (Number.isInteger(step) ? n * step : Number((n * step).toPrecision(12))));
  }
  const { lower, upper, strictLower, strictUpper } = declaredBounds(schema);
  return fc
    .double({
      min: typeof lower === 'number' ? lower : reach(upper, -1, NUMBER_REACH),
      max: typeof upper === 'number' ? upper : reach(lower, 1, NUMBER_REACH),
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: strictLower,
      maxExcluded: strictUpper,
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
}

/** The required property of array items that identifies them (`id`, `*_id`): generated items keep it unique. */
function itemKey(root: SchemaRoot, items: Schema): string | undefined {
  const schema = merge(root, items);
  return (schema?.required ?? []).find((name: string) => name === 'id' || name.endsWith('_id'));
}

function isReadOnly(root: SchemaRoot, schema: Schema): boolean {
  return Boolean(schema) && typeof schema === 'object' && hiddenOn('request', nodeFromSchema(root, schema));
}

/**
 * A request value without the properties its schema marks readOnly (OpenAPI: the server sets them,
 * a request should not send them; a validator such as Prism's refuses them where
 * additionalProperties is false). Follows objects, arrays and the branches of oneOf/anyOf.
 */
export function withoutReadOnly(root: SchemaRoot, schema: Schema, value: unknown): unknown {
  return schema && typeof schema === 'object'
    ? withoutHidden(nodeFromSchema(root, schema), value, 'request')
    : value;
}

/** Properties of an object schema that are writeOnly (sent, never answered), allOf merged. */
export function writeOnlyProperties(root: SchemaRoot, schema: Schema): Set<string> {
  const node = schema && typeof schema === 'object' ? merged(nodeFromSchema(root, schema)) : undefined;
  return new Set(
    node?.kind === 'object'
      ? node.properties
          .filter((property) => hiddenOn('response', property.node))
          .map((property) => property.name)
      : [],
  );
}

/**
 * oneOf/anyOf members each with their discriminator value required (the mapping's, else the
 * member's name, as OAS says): a value without it may match several members, and so none of a oneOf.
 */
function withDiscriminator(root: SchemaRoot, schema: Schema, key: 'oneOf' | 'anyOf'): Schema[] {
  const options: Schema[] = schema[key];
  const property = schema.discriminator?.propertyName;
  if (typeof property !== 'string') return options;
  const node = nodeFromSchema(root, { [key]: options, discriminator: schema.discriminator });
  const mapping = node.discriminator?.mapping ?? [];
  return options.map((option, index) => {
    const member = node.kind === 'union' ? node.members[index] : undefined;
    const values = mapping
      .filter(
        (entry) =>
          member?.kind === 'ref' && entry.target.name !== undefined && entry.target.name === member.name,
      )
      .map((entry) => entry.value);
    return values.length > 0
      ? { allOf: [option, { required: [property], properties: { [property]: { enum: values } } }] }
      : option;
  });
}

const IS_TYPE: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  null: (value) => value === null,
};

/** Whether a merged schema is an enum none of whose values its type admits: no value satisfies it. */
function enumOutsideType(schema: Schema): boolean {
  if (!schema || typeof schema !== 'object' || !Array.isArray(schema.enum) || schema.type === undefined)
    return false;
  const types: string[] = [schema.type].flat();
  return !schema.enum.some((value: unknown) => types.some((type) => IS_TYPE[type]?.(value) ?? true));
}

/** An enum none of whose values its type admits, and where it is (a JSON pointer, "" at the top). */
export interface EnumOutsideType {
  at: string;
  values: unknown[];
  types: string[];
}

/**
 * The first thing `found` names in a schema or in a property it requires, followed into nested
 * objects (`enters` says which nodes the walk goes into) and into the items of an array that must
 * hold one (minItems), with the JSON pointer of where; undefined
 * when there is none. What the suites' spec findings on a body look for (an enum outside its type,
 * a required property the schema forbids) walks this way.
 */
export function firstInRequired<T>(
  root: SchemaRoot,
  schema: unknown,
  found: (node: Schema, at: string) => T | undefined,
  enters: (node: Schema) => boolean = () => true,
  at = '',
  depth = 0,
): T | undefined {
  const node = merge(root, schema);
  if (!node || typeof node !== 'object' || depth > MAX_DEPTH) return undefined;
  const here = found(node, at);
  if (here !== undefined) return here;
  // An array that must hold an item (amadeus' `guests`, minItems 1) requires what its first item
  // does: `prefixItems[0]` where it has one (2020-12), else `items`.
  if ([node.type].flat().every((type) => type === 'array') && node.type !== undefined) {
    const first = Array.isArray(node.prefixItems) ? node.prefixItems[0] : node.items;
    return (node.minItems ?? 0) > 0 && first !== undefined
      ? firstInRequired(root, first, found, enters, `${at}/0`, depth + 1)
      : undefined;
  }
  if (!enters(node)) return undefined;
  for (const { schema: property, segment } of requiredDeclared(node)) {
    const deeper = firstInRequired(root, property, found, enters, `${at}/${segment}`, depth + 1);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/** A merged object schema's required properties that it declares, each with its pointer segment. */
function requiredDeclared(node: Schema): Array<{ schema: unknown; segment: string }> {
  const declared: Record<string, unknown> = node.properties ?? {};
  return (Array.isArray(node.required) ? (node.required as string[]) : [])
    .filter((name) => Object.hasOwn(declared, name))
    .map((name) => ({ schema: declared[name], segment: name.replace(/~/g, '~0').replace(/\//g, '~1') }));
}

/** A node no value but an object satisfies (no type says object): the finders walk into its required properties. */
const onlyAnObject = (node: Schema) =>
  (node.type === undefined ? ['object'] : [node.type].flat()).every((type) => type === 'object');

/**
 * Where a schema, or a property it requires (followed into nested objects), is an enum none of whose
 * values its type admits, so no value satisfies it (apptigent's CompareStrings: `lower`, a string
 * whose enum is [true, false]); undefined when there is none. An object that may be null, or of
 * another type, is satisfied by that instead. The suites' check and the round trip's.
 */
export function findEnumOutsideType(root: SchemaRoot, schema: unknown): EnumOutsideType | undefined {
  return firstInRequired(
    root,
    schema,
    (node, at) => (enumOutsideType(node) ? { at, values: node.enum, types: [node.type].flat() } : undefined),
    onlyAnObject,
  );
}

/** What follows an escape's letter as part of it: a code's hex digits, a control letter. */
const ESCAPE_TAIL: Record<string, number> = { u: 4, x: 2, c: 1 };

/**
 * A lower bound on the length, in characters (code points, as `maxLength` counts and Ajv's `u`
 * patterns match), of
 * any text a JSON Schema pattern matches; a match may be part of a longer string, so no string the
 * pattern admits is shorter. Infinity when it matches no text at all (an anchor where no text can
 * be), or, given `allowed`, no text of those characters (a character it requires, written as
 * itself, that `allowed` refuses); 0 for what it does not read (a backreference, a malformed pattern).
 */
export function shortestMatch(pattern: string, allowed?: (char: string) => boolean): number {
  let at = 0;
  const fail = (): never => {
    throw new Error('unread');
  };
  // `before`: how many characters the enclosing sequences must match before this point.
  const alternatives = (before: number): number => {
    let shortest = sequence(before);
    while (pattern[at] === '|') {
      at += 1;
      shortest = Math.min(shortest, sequence(before));
    }
    return shortest;
  };
  const sequence = (before: number): number => {
    let length = 0;
    let ended = false;
    let impossible = false;
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      const char = pattern[at];
      const atom = atomLength(before + length);
      const least = leastRepeats();
      // Without the multiline flag (JSON Schema has none), `^` matches only where the text starts
      // and `$` where it ends: one after a character the pattern must match, or a character it
      // must match after `$`, leaves nothing it can match (AWS ec2's `...:placement-group/^.{1,255}$`).
      if (least > 0 && ((char === '^' && before + length > 0) || (atom > 0 && ended))) impossible = true;
      if (least > 0 && char === '$') ended = true;
      if (least > 0) length += atom * least;
    }
    return impossible ? Infinity : length;
  };
  const atomLength = (before: number): number => {
    const char = pattern[at];
    if (char === '(') {
      at += 1;
      let assertion = false;
      if (pattern[at] === '?') {
        const kind = pattern.slice(at + 1, at + 3);
        // A lookaround matches no character of its own: `(?=`, `(?!`, `(?<=`, `(?<!`.
        assertion = /^[=!]|^<[=!]/.test(kind);
        if (kind[0] === ':' || kind[0] === '=' || kind[0] === '!') at += 2;
        else if (assertion) at += 3;
        else if (kind[0] === '<') at = pattern.indexOf('>', at) + 1 || fail();
        else fail();
      }
      const inner = alternatives(assertion ? 0 : before);
      if (pattern[at] !== ')') fail();
      at += 1;
      return assertion ? 0 : inner;
    }
    if (char === '[') {
      at += pattern[at + 1] === '^' ? 2 : 1;
      while (at < pattern.length && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
      if (at >= pattern.length) fail();
      at += 1;
      return 1;
    }
    if (char === '\\') {
      const escaped = pattern[at + 1] ?? fail();
      at += 1 + codeUnits(at + 1);
      if (escaped === 'b' || escaped === 'B') return 0;
      // A backreference may match the empty text.
      if (/[1-9]/.test(escaped) || escaped === 'k') fail();
      // An escaped punctuation character is that character (`\.`, `\\`): one the alphabet lacks is never matched.
      if (allowed && /[^\w\s]/.test(escaped) && !allowed(escaped)) return Infinity;
      if ((escaped === 'p' || escaped === 'P' || escaped === 'u') && pattern[at] === '{')
        at = pattern.indexOf('}', at) + 1 || fail();
      else at += ESCAPE_TAIL[escaped] ?? 0;
      // `\uD83D\uDE00`, a surrogate pair written as two escapes, is one character.
      if (
        escaped === 'u' &&
        /^[dD][89abAB]/.test(pattern.slice(at - 4)) &&
        /^\\u[dD][c-fC-F]/.test(pattern.slice(at))
      )
        at += 6;
      return 1;
    }
    // A character beyond the Basic Multilingual Plane is one, in two code units.
    const literal = String.fromCodePoint(pattern.codePointAt(at) ?? 0);
    at += codeUnits(at);
    if (char === '^' || char === '$') return 0;
    return allowed && char !== '.' && !allowed(literal) ? Infinity : 1;
  };
  const codeUnits = (index: number): number => ((pattern.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
  const leastRepeats = (): number => {
    const char = pattern[at];
    let least: number;
    if (char === '*' || char === '?') least = 0;
    else if (char === '+') least = 1;
    else if (char === '{') {
      const bounds = /^\{(\d+)(?:,\d*)?\}/.exec(pattern.slice(at));
      if (!bounds) return 1; // a literal brace
      at += bounds[0].length - 1;
      least = Number(bounds[1]);
    } else return 1;
    at += 1;
    if (pattern[at] === '?') at += 1; // lazy
    return least;
  };
  try {
    const length = alternatives(0);
    return at === pattern.length ? length : 0;
  } catch {
    return 0;
  }
}

/**
 * The characters a value of a format can hold, as ajv-formats' patterns for it admit them (the
 * stubs and the suites check formats with ajv-formats): a pattern that requires another character
 * excludes the format.
 */
const FORMAT_ALPHABETS: Record<string, RegExp> = {
  email: /^[a-z0-9!#$%&'*+/=?^_`{|}~.@-]$/i,
  ipv4: /^[0-9.]$/,
  date: /^[0-9-]$/,
  time: /^[0-9:.+zZ-]$/,
  'date-time': /^[0-9:.+tTzZ\s-]$/,
};

/**
 * Why no string meets a string-only schema's bounds, or undefined: its minLength above its
 * maxLength, a pattern no text of at most maxLength characters matches (apprunner's ServiceId:
 * a UUID's 36 characters, maxLength 32), or a pattern that matches no text at all (ec2's `^` after
 * the characters of an ARN).
 */
function stringOutOfBounds(node: Schema): string | undefined {
  const types: unknown[] = [node.type].flat();
  const max = typeof node.maxLength === 'number' ? node.maxLength : undefined;
  if (types.length !== 1 || types[0] !== 'string') return undefined;
  if (node.enum !== undefined || node.const !== undefined) return undefined;
  if (max !== undefined && typeof node.minLength === 'number' && node.minLength > max)
    return `minLength ${node.minLength} is above its maxLength ${max}`;
  const alphabet = typeof node.format === 'string' ? FORMAT_ALPHABETS[node.format] : undefined;
  for (const pattern of [node.pattern, ...(node[ALSO_PATTERNS] ?? [])]) {
    if (typeof pattern !== 'string') continue;
    const shortest = shortestMatch(pattern);
    if (shortest === Infinity)
      return `its pattern ${JSON.stringify(pattern)} matches no text: it puts ^ after a character it requires, or one after $ (JSON Schema patterns have no multiline flag)`;
    if (max !== undefined && shortest > max)
      return `its pattern ${JSON.stringify(pattern)} matches nothing shorter than ${shortest} characters, above its maxLength ${max}`;
    if (alphabet && shortestMatch(pattern, (char) => alphabet.test(char)) === Infinity)
      return `its pattern ${JSON.stringify(pattern)} requires a character no ${node.format} value holds: the pattern and format: ${node.format} exclude each other`;
  }
  return undefined;
}

/**
 * Where a schema, or a property it requires (followed into nested objects), is a string whose
 * bounds no value meets (stringOutOfBounds), with why; undefined when there is none. The suites'
 * check and the round trip's, as findEnumOutsideType.
 */
export function findStringOutOfBounds(
  root: SchemaRoot,
  schema: unknown,
): { at: string; why: string } | undefined {
  return firstInRequired(
    root,
    schema,
    (node, at) => {
      const why = stringOutOfBounds(node);
      return why === undefined ? undefined : { at, why };
    },
    onlyAnObject,
  );
}

/**
 * Where a schema, or a property it requires (followed into nested objects), is an allOf whose
 * members close their objects against a name another requires (`foldAllOf`), so no value
 * satisfies it: "<pointer> <names>"; undefined when there is none.
 */
export function findExcludedByAllOf(
  root: SchemaRoot,
  schema: unknown,
  at = '',
  depth = 0,
): string | undefined {
  const resolved = resolve(root, schema);
  if (!resolved || typeof resolved !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(resolved.allOf)) {
    const folded = foldAllOf(root, resolved);
    // A member no value satisfies (`allOf: [{$ref: …}]` beside a description): the cause is in it.
    if (!folded)
      for (const member of resolved.allOf as Schema[]) {
        const inner = findExcludedByAllOf(root, member, at, depth + 1);
        if (inner !== undefined) return inner;
      }
    else if (folded.excluded.length > 0) return `${at || '/'} ${folded.excluded.join(', ')}`;
  }
  const node = merge(root, resolved);
  if (!node || typeof node !== 'object') return undefined;
  for (const { schema: property, segment } of requiredDeclared(node)) {
    const deeper = findExcludedByAllOf(root, property, `${at}/${segment}`, depth + 1);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/** Whether no value satisfies a schema on its face: an optional part such a schema gives is left out. */
export function neverSatisfied(root: SchemaRoot, schema: Schema, depth = 0): boolean {
  if (schema === undefined || depth > MAX_DEPTH) return false;
  const node = merge(root, schema);
  if (node === false) return true;
  if (findEnumOutsideType(root, schema) !== undefined) return true;
  if (findStringOutOfBounds(root, schema) !== undefined) return true;
  if (!node || typeof node !== 'object') return false;
  // A choice none of whose members any value satisfies (json2video's elements, every kind excluded).
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(node[key]) && node[key].length > 0) {
      const { [key]: _options, ...rest } = node;
      return withDiscriminator(root, node, key).every((option: Schema) =>
        neverSatisfied(root, Object.keys(rest).length ? { allOf: [rest, option] } : option, depth + 1),
      );
    }
  // As arbitraryFrom reads the type: an object whose required property, or an array whose required
  // items, no value satisfies.
  const type =
    node.type ??
    (node.properties || node.required || node.additionalProperties !== undefined
      ? 'object'
      : node.items
        ? 'array'
        : undefined);
  if (type === 'object')
    return requiredDeclared(node).some((property) => neverSatisfied(root, property.schema, depth + 1));
  if (type === 'array')
    return (node.minItems ?? 0) > 0 && neverSatisfied(root, node.items ?? true, depth + 1);
  return false;
}

function objectArbitrary(
  root: SchemaRoot,
  schema: Schema,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const required: string[] = schema.required ?? [];
  const properties: Record<string, Schema> = schema.properties ?? {};
  const names = [...new Set([...Object.keys(properties), ...required])];
  const deep = depth >= MAX_DEPTH;
  const fixed: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    if (deep && !required.includes(name)) continue;
    // Requests never carry readOnly properties (the server sets them), even required ones.
    if (isReadOnly(root, properties[name])) continue;
    // An optional property no value satisfies (apptigent's `trim`: a string whose enum is
    // [true, false]; an allOf whose members exclude each other) is left out; a required one makes
    // the body the spec's defect (valid-request.ts).
    if (!required.includes(name) && neverSatisfied(root, properties[name])) continue;
    // Own keys only: a required `constructor` the properties leave out is any value, not Object's.
    fixed[name] = schemaArbitrary(root, Object.hasOwn(properties, name) ? properties[name] : true, depth + 1);
  }
  let result: fc.Arbitrary<Record<string, unknown>> = fc.record(fixed, {
    requiredKeys: required.filter((name) => Object.hasOwn(fixed, name)),
  });
  // A map-like object (no declared properties): keys from propertyNames, values from additionalProperties.
  const extra = schema.additionalProperties;
  if (names.length === 0 && extra !== false && extra !== undefined && !deep) {
    const keySchema = {
      type: 'string',
      ...(schema.propertyNames && typeof schema.propertyNames === 'object'
        ? merge(root, schema.propertyNames)
        : {}),
    };
    const keys = bounded(
      stringArbitrary({ minLength: 1, ...keySchema }),
      (key) => !['__proto__', 'constructor', 'prototype'].includes(key),
      () => 'key',
    );
    const maxKeys = Math.min(schema.maxProperties ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS);
    const values = schemaArbitrary(root, extra === true ? {} : extra, depth + 1);
    // Entries with distinct keys; the minProperties bound below gives the fallback of a draw that has too few.
    const dictionary = (min: number, max: number): fc.Arbitrary<Record<string, unknown>> =>
      min === 0
        ? fc.dictionary(keys, values, { maxKeys: max })
        : distinctItems(
            fc.tuple(keys, values),
            ([key]) => key,
            min,
            max,
            () => undefined,
          ).map((entries) => Object.fromEntries(entries));
    result = dictionary(Math.min(schema.minProperties ?? 0, maxKeys), maxKeys);
    if (
      typeof schema.maxProperties === 'number' &&
      schema.maxProperties > maxKeys &&
      schema.maxProperties <= MAX_BOUNDARY_SIZE
    )
      result = atBoundary(result, dictionary(schema.maxProperties, schema.maxProperties));
  }
  const minProperties = schema.minProperties ?? 0;
  const maxProperties = schema.maxProperties ?? Infinity;
  if (minProperties > 0 || maxProperties < Infinity)
    result = bounded(
      result,
      (value) => Object.keys(value).length >= minProperties && Object.keys(value).length <= maxProperties,
      () => drawValue(nodeFromSchema(root, schema), { side: 'request' }),
    );
  return result;
}

/**
 * Any JSON value, without the keys a JSON parser that guards prototypes refuses: fast-check draws
 * `__proto__` on purpose, and the stubs (as Fastify and most servers) answer a body holding it 400,
 * a key no schema can declare (gsmtasks' free-form `metadata`). `constructor` goes too, as in the
 * maps drawn for `additionalProperties`.
 */
export function anyJson(maxDepth: number): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth }).map(withoutPrototypeKeys);
}

function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, each] of Object.entries(value))
    if (key !== '__proto__' && key !== 'constructor') out[key] = withoutPrototypeKeys(each);
  return out;
}

/**
 * From `min` to `max` items, no two the same by `identity`. fast-check's uniqueArray and
 * dictionary filter a draw until it holds `min` distinct items: for ever where the items repeat
 * (cleanrooms' IDs, `.*<uuid>.*` exactly 36 long, which fast-check seldom draws at that length, so
 * each falls back to one value). Here a plain array's distinct items, topped up from spare draws to
 * the length fast-check chose, bounded like every filter: past its tries `fallback()` where that
 * is such an array, else a short draw the caller's validation refuses (minItems).
 */
function distinctItems<T>(
  items: fc.Arbitrary<T>,
  identity: (item: T) => unknown,
  min: number,
  max: number,
  fallback: () => unknown,
): fc.Arbitrary<T[]> {
  const distinctOf = (drawn: T[]) => {
    const seen = new Set<unknown>();
    return drawn.filter((item) => {
      const key = identity(item);
      return !seen.has(key) && Boolean(seen.add(key));
    });
  };
  return bounded(
    fc
      .tuple(
        fc.array(items, { minLength: min, maxLength: max }),
        fc.array(items, { minLength: max, maxLength: max }),
      )
      .map(([drawn, spare]) => distinctOf([...drawn, ...spare]).slice(0, drawn.length)),
    (drawn) => Array.isArray(drawn) && drawn.length >= min && distinctOf(drawn).length === drawn.length,
    fallback,
  );
}

/** An arbitrary for the values a schema accepts. */
export function arbitraryFrom(root: SchemaRoot, raw: Schema): fc.Arbitrary<unknown> {
  return budgeted(schemaArbitrary(root, raw, 0));
}

function schemaArbitrary(root: SchemaRoot, raw: Schema, depth: number): fc.Arbitrary<unknown> {
  if (raw === true || raw === undefined) return anyJson(1);
  if (raw === false) throw new Error('schema `false` accepts no value');
  const schema = merge(root, raw);
  if (schema === false) throw new Error('schema `false` accepts no value');
  if (!schema || typeof schema !== 'object') return anyJson(1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key]) && schema[key].length) {
      const { [key]: _options, ...rest } = schema;
      // Members no value satisfies are never drawn (a discriminated member whose allOf excludes its tag).
      const options = withDiscriminator(root, schema, key)
        .map((option: Schema) => (Object.keys(rest).length ? { allOf: [rest, option] } : option))
        .filter((option: Schema) => !neverSatisfied(root, option, depth + 1));
      if (options.length === 0) throw new Error(`no member of its ${key} accepts a value`);
      return fc.oneof(...options.map((option: Schema) => schemaArbitrary(root, option, depth + 1)));
    }
  }
  let type = schema.type;
  if (Array.isArray(type)) {
    // A type no value of which satisfies the rest (an object whose required part none does) is not drawn.
    const parts = type.flatMap((entry: string) => {
      try {
        return [schemaArbitrary(root, { ...schema, type: entry }, depth)];
      } catch {
        return [];
      }
    });
    if (parts.length === 0) throw new Error(`no type of ${JSON.stringify(type)} accepts a value`);
    return fc.oneof(...parts);
  }
  type ??=
    schema.properties || schema.required || schema.additionalProperties !== undefined
      ? 'object'
      : schema.items
        ? 'array'
        : schema.pattern || schema.format || schema.minLength !== undefined
          ? 'string'
          : undefined;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, minLength + MAX_GENERATED_ITEMS),
      );
      // Items no value satisfies: only the empty array, when it is allowed.
      if (minLength === 0 && (depth >= MAX_DEPTH || neverSatisfied(root, schema.items ?? true)))
        return fc.constant([]);
      const items = schemaArbitrary(root, schema.items ?? true, depth + 1);
      const key = itemKey(root, schema.items ?? true);
      // Unique items drawn from a few values (an enum, a boolean): never more than there are, or the draw never ends.
      const itemSchema = merge(root, schema.items ?? true);
      const distinct = !schema.uniqueItems
        ? Infinity
        : Array.isArray(itemSchema?.enum)
          ? itemSchema.enum.length
          : itemSchema && 'const' in itemSchema
            ? 1
            : itemSchema?.type === 'boolean'
              ? 2
              : Infinity;
      if (distinct < minLength) throw new Error(`uniqueItems: ${minLength} items from ${distinct} values`);
      // What makes two items the same: the key (an `id`), or the whole value where items must differ.
      const identity: ((item: unknown) => unknown) | undefined = key
        ? (item) => (item as Record<string, unknown>)?.[key]
        : schema.uniqueItems
          ? (item) => JSON.stringify(item)
          : undefined;
      const sized = (min: number, max: number): fc.Arbitrary<unknown[]> => {
        if (!identity) return fc.array(items, { minLength: min, maxLength: max });
        if (min > 0)
          return distinctItems(items, identity, min, max, () => drawValue(nodeFromSchema(root, schema)));
        return key
          ? fc.uniqueArray(items, { maxLength: max, selector: identity })
          : fc.uniqueArray(items, { maxLength: max, comparator: (a, b) => identity(a) === identity(b) });
      };
      const boundary =
        typeof schema.maxItems === 'number' &&
        schema.maxItems > maxLength &&
        schema.maxItems <= distinct &&
        schema.maxItems <= MAX_BOUNDARY_SIZE &&
        depth < 2;
      const most = Math.min(maxLength, distinct);
      return boundary
        ? atBoundary(sized(minLength, most), sized(schema.maxItems, schema.maxItems))
        : sized(minLength, most);
    }
    case 'object':
      return objectArbitrary(root, schema, depth);
    default:
      return anyJson(1);
  }
}
