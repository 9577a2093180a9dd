/**
 * The value generator: a value that satisfies a schema node, the same one for the same node,
 * options and seed. One generator for the contract suites' derived requests, the READMEs'
 * examples, the round trip's fallbacks and (later) mock data; modes say what kind of value:
 *
 * - `minimal`: the plainest valid value. The spec's own words first (const, examples, default,
 *   the first enum value), then required properties only, empty arrays, the lowest number the
 *   bounds allow, `a` repeated to the minimum length. The contract suites' derived requests.
 * - `example`: an illustrative one, as README examples show: one item in each array, `example`
 *   padded to length, 1 and 1.5 within the bounds, a date-time whose every field shows.
 * - `realistic`: values that look real, from a strategy keyed by format and property name
 *   (strategy.ts; `REALISTIC` is the default), else seeded draws; every property given.
 *
 * Formats (formats.ts) and patterns (pattern.ts) are met; a `side` leaves out what that side of a
 * message never carries (readOnly in requests, even when required; writeOnly in responses);
 * oneOf/anyOf take their first member (a seeded one when realistic) with its discriminator set.
 */
import { fold, merged } from '../schema-merge.js';
import type {
  ArrayNode,
  NumberNode,
  ObjectNode,
  SchemaNode,
  StringNode,
  UnionNode,
} from '../schema-nodes.js';
import { formatValue } from './formats.js';
import { stringMatching } from './pattern.js';
import { Random } from './random.js';
import { REALISTIC } from './realistic.js';
import { hiddenOn, withoutHidden, type MessageSide } from './sides.js';
import type { DrawMode, ValueContext, ValueStrategy } from './strategy.js';

export interface DrawOptions {
  /** Default `minimal`. */
  mode?: DrawMode | undefined;
  /** Seeds every choice that is not fixed by the mode (default 1). */
  seed?: number | undefined;
  /** Which side of a message the value is for: a request leaves out readOnly properties, a response writeOnly ones. */
  side?: MessageSide | undefined;
  /** Whether the spec's const, examples, default and enum are used first (default true). */
  useExamples?: boolean | undefined;
  /**
   * The value itself (not what it holds) must not be an empty array or object (a required
   * parameter that is, is not sent): an array gets one item, an object with no required property
   * every property, and a string a pattern allows empty one character (where the pattern allows it).
   */
  nonEmpty?: boolean | undefined;
  /**
   * A oneOf's value is set apart from its other members where the schemas show how, even by a
   * value of another type on a property the drawn member leaves open (`apart`): what a validator
   * of the spec takes, and nothing a real server would expect. The round trip (its stubs judge by
   * the spec alone) and mock data (every value validates) ask for it; the suites, which may meet a
   * real target, report such a oneOf as the spec's defect instead, and the READMEs show ordinary
   * values. Default false.
   */
  exclusiveOneOf?: boolean | undefined;
  /** Nesting deeper than this is `null` (a recursive schema that requires itself). Default 6. */
  maxDepth?: number | undefined;
  /** Asked first for every value (the realistic mode's seam); default REALISTIC in that mode, none in the others. */
  strategy?: ValueStrategy | undefined;
}

interface State {
  depth: number;
  path: string[];
  property?: string | undefined;
  nonEmpty: boolean;
}

/** A value of the node (see the module's comment for what each mode draws). */
export function drawValue(node: SchemaNode, options: DrawOptions = {}): unknown {
  const generator = new Generator(options);
  return generator.draw(node, { depth: 0, path: [], nonEmpty: options.nonEmpty === true });
}

const IS_KIND: Partial<Record<SchemaNode['kind'], (value: unknown) => boolean>> = {
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: (value) => Array.isArray(value),
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
};

/**
 * Whether a spec's example or default is of the node's kind: specs write an object's example as
 * its JSON text (microcks) or a number's as a string, and such a value is drawn from the schema
 * instead (no SDK type takes it: an object schema's type is an object).
 */
function fitsKind(node: SchemaNode, value: unknown): boolean {
  const isKind = IS_KIND[node.kind];
  // Other kinds (enum, const, combinations, any) are not a JSON type: their own checks judge the value.
  if (!isKind) return true;
  return value === null ? node.nullable : isKind(value);
}

class Generator {
  readonly mode: DrawMode;
  private readonly random: Random;
  private readonly strategy?: ValueStrategy | undefined;
  private readonly maxDepth: number;

  constructor(private readonly options: DrawOptions) {
    this.mode = options.mode ?? 'minimal';
    this.random = new Random(options.seed ?? 1);
    this.strategy = options.strategy ?? (this.mode === 'realistic' ? REALISTIC : undefined);
    this.maxDepth = options.maxDepth ?? 6;
  }

  draw(node: SchemaNode, state: State): unknown {
    if (state.depth > this.maxDepth) return null;
    const flat = merged(node);
    const random = this.random.fork(state.path.join('/'));
    if (flat.kind === 'const') return flat.value;
    // Where an empty value cannot be sent (a path segment, a header), the empty text is not drawn
    // while the schema allows another (brex's path `dataset`, an enum listing "" first).
    const usable = (value: unknown) => !(state.nonEmpty && value === '');
    if (this.options.useExamples !== false) {
      const example = flat.examples.find((value) => fitsKind(flat, value) && usable(value));
      if (example !== undefined) return withoutHidden(flat, example, this.options.side);
      if (flat.default !== undefined && fitsKind(flat, flat.default.value) && usable(flat.default.value))
        return withoutHidden(flat, flat.default.value, this.options.side);
    }
    if (flat.kind === 'enum') {
      const values = flat.values.some(usable) ? flat.values.filter(usable) : flat.values;
      return this.mode === 'realistic' ? random.pick(values) : (values[0] ?? null);
    }
    if (this.strategy) {
      const context: ValueContext = {
        node: flat,
        path: state.path,
        mode: this.mode,
        random,
        ...(state.property !== undefined ? { property: state.property } : {}),
        ...(this.options.side ? { side: this.options.side } : {}),
      };
      const answer = this.strategy(context);
      if (answer !== undefined && fits(flat, answer)) return answer;
    }
    if (flat.kind === 'union') return this.member(flat, flat, state, random);
    if (flat.variants.length > 0) {
      // oneOf/anyOf beside the node's own keywords: a member of each, folded into the rest.
      let own: SchemaNode = { ...flat, variants: [] } as SchemaNode;
      for (const union of flat.variants) own = fold(own, merged(this.choose(union, random)));
      return this.withDiscriminator(flat, this.draw(own, state), own);
    }
    switch (flat.kind) {
      case 'object':
        return this.object(flat, state);
      case 'array':
        return this.array(flat, state, random);
      case 'integer':
      case 'number':
        return this.number(flat, random);
      case 'string':
        return this.string(flat, random, state.nonEmpty);
      case 'boolean':
        return this.mode === 'realistic' ? random.chance(0.5) : true;
      case 'any':
        return this.mode === 'minimal' ? null : 'example';
      default:
        return null;
    }
  }

  /** The member of a union to draw: the first that can hold a value (a seeded one when realistic). */
  private choose(union: UnionNode, random: Random): SchemaNode {
    const possible = union.members.filter((member) => merged(member).kind !== 'never');
    const members = possible.length > 0 ? possible : union.members;
    return (this.mode === 'realistic' ? random.pick(members) : members[0]) ?? union;
  }

  private member(union: UnionNode, holder: SchemaNode, state: State, random: Random): unknown {
    const chosen = this.choose(union, random);
    if (chosen === union) return null;
    const drawn = (member: SchemaNode) =>
      this.withDiscriminator(holder, this.draw(member, { ...state, depth: state.depth + 1 }), member);
    const first = drawn(chosen);
    // oneOf: a value must satisfy exactly one member. Specs often write oneOf of objects that
    // require nothing (nexmo's SMS or Error, jumpseller's answers), which almost every drawn value
    // of one member also satisfies; asked to (`exclusiveOneOf`), such a value is set apart from the
    // other members where the schemas show how, and where the chosen member's cannot be, the next
    // member's is tried.
    if (!this.options.exclusiveOneOf || !union.exclusive || holder.discriminator) return first;
    const possible = union.members.filter((member) => merged(member).kind !== 'never');
    for (const member of [chosen, ...possible.filter((each) => each !== chosen)]) {
      const alone = this.alone(member === chosen ? first : drawn(member), member, possible, state);
      if (alone !== undefined) return alone;
    }
    return first;
  }

  /**
   * `value` (one of `member`'s) set apart from every other member, each plainly refusing it, or
   * undefined. Setting it apart from one member can make another take it again, so the rounds go
   * on until none changes it.
   */
  private alone(value: unknown, member: SchemaNode, members: SchemaNode[], state: State): unknown {
    const keep = merged(member);
    for (let round = 0; round < 3; round += 1) {
      let changed = false;
      for (const other of members) {
        if (other === member) continue;
        const set = this.apart(value, keep, merged(other), state, 0);
        if (set === undefined) return undefined;
        if (set !== value) [value, changed] = [set, true];
      }
      if (!changed) return value;
    }
    return undefined;
  }

  /**
   * `value` itself when `away` plainly refuses it (`refuses`); else a copy that `away` refuses and
   * `keep` still takes, where the schemas show how: a property `away` declares and `keep` leaves
   * open gets a value of another type, a property `keep` declares and a closed `away` does not
   * gets one of `keep`'s values, and a property or item both declare is set apart the same way,
   * one level down. Undefined when nothing plain tells them apart.
   */
  private apart(
    value: unknown,
    keep: SchemaNode,
    away: SchemaNode,
    state: State,
    depth: number,
  ): unknown | undefined {
    const side = this.options.side;
    if (refuses(away, value, side)) return value;
    if (depth > 4 || keep.kind !== away.kind || keep.variants.length > 0) return undefined;
    const within = (name: string | number) => ({
      depth: state.depth + 1,
      path: [...state.path, String(name)],
      ...(typeof name === 'string' ? { property: name } : {}),
      nonEmpty: false,
    });
    if (keep.kind === 'array' && away.kind === 'array' && Array.isArray(value)) {
      if (keep.prefixItems.length > 0 || away.prefixItems.length > 0) return undefined;
      if (value.length === 0 && (keep.maxItems ?? 1) < 1) return undefined;
      const [item = this.draw(keep.items, within(0)), ...rest] = value;
      const set = this.apart(item, merged(keep.items), merged(away.items), within(0), depth + 1);
      return set === undefined ? undefined : [set, ...rest];
    }
    if (keep.kind !== 'object' || away.kind !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    const room = keep.maxProperties === undefined || Object.keys(record).length < keep.maxProperties;
    for (const property of away.properties) {
      if (
        !room ||
        keep.propertyNames !== undefined ||
        Object.hasOwn(record, property.name) ||
        !leavesOpen(keep, property.name) ||
        hiddenOn(side, property.node)
      )
        continue;
      const other = otherType(merged(property.node));
      if (other !== undefined) return { ...record, [property.name]: other };
    }
    if (room && away.additionalProperties?.kind === 'never')
      for (const property of keep.properties)
        if (
          !holds(away, property.name) &&
          !Object.hasOwn(record, property.name) &&
          !hiddenOn(side, property.node)
        )
          return { ...record, [property.name]: this.draw(property.node, within(property.name)) };
    for (const property of keep.properties) {
      const theirs = away.properties.find((each) => each.name === property.name);
      if (!theirs || hiddenOn(side, property.node)) continue;
      const present = Object.hasOwn(record, property.name);
      if (!present && !room) continue;
      const own = present ? record[property.name] : this.draw(property.node, within(property.name));
      const set = this.apart(
        own,
        merged(property.node),
        merged(theirs.node),
        within(property.name),
        depth + 1,
      );
      if (set !== undefined && present && set === own) return value;
      if (set !== undefined) return { ...record, [property.name]: set };
    }
    return undefined;
  }

  /** The discriminator property set to the value that names the drawn member (OAS: the mapping, else its name). */
  private withDiscriminator(holder: SchemaNode, value: unknown, member: SchemaNode): unknown {
    const discriminator = holder.discriminator;
    if (!discriminator || !value || typeof value !== 'object' || Array.isArray(value)) return value;
    const entry = discriminator.mapping.find(
      (candidate) =>
        member.kind === 'ref' &&
        (candidate.target.ref === member.ref || candidate.target.name === member.name),
    );
    return entry ? { ...(value as object), [discriminator.propertyName]: entry.value } : value;
  }

  private object(node: ObjectNode, state: State): Record<string, unknown> {
    const side = this.options.side;
    const visible = node.properties.filter((property) => !hiddenOn(side, property.node));
    const everything = this.mode === 'realistic' && state.depth < 3;
    const chosen = visible.filter((property) => property.required || everything);
    const out: Record<string, unknown> = {};
    const put = (name: string, value: SchemaNode | undefined) => {
      out[name] =
        value === undefined
          ? null
          : this.draw(value, {
              depth: state.depth + 1,
              path: [...state.path, name],
              property: name,
              nonEmpty: false,
            });
    };
    for (const property of chosen) put(property.name, property.node);
    // Required names no property declares: their value is whatever other keys may hold.
    const declared = new Set(node.properties.map((property) => property.name));
    for (const name of node.required) if (!declared.has(name)) put(name, extraValues(node));
    // A value that must not be empty gets every property when none is required (a required
    // object parameter with nothing in it is not sent); fewer keys than minProperties asks for:
    // the optional properties next, then keys of the map's own.
    if (state.nonEmpty && Object.keys(out).length === 0)
      for (const property of visible) put(property.name, property.node);
    const wanted = Math.max(node.minProperties ?? 0, state.nonEmpty ? 1 : 0);
    for (const property of visible) {
      if (Object.keys(out).length >= wanted) break;
      if (!(property.name in out)) put(property.name, property.node);
    }
    const extra = extraValues(node);
    for (let index = 1; Object.keys(out).length < wanted && extra && index <= wanted; index += 1) {
      const key = `key${index}`;
      if (!(key in out)) put(key, extra);
    }
    return out;
  }

  private array(node: ArrayNode, state: State, random: Random): unknown[] {
    const least = Math.max(node.minItems ?? 0, state.nonEmpty ? 1 : 0);
    const most = node.maxItems ?? Infinity;
    const wanted =
      this.mode === 'realistic'
        ? random.integer(Math.max(least, 1), Math.max(least, Math.min(most, least + 3)))
        : this.mode === 'example' && state.depth < 3
          ? Math.max(least, 1)
          : least;
    const count = Math.min(wanted, most);
    const items: unknown[] = [];
    const seen = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const itemNode = node.prefixItems[index] ?? node.items;
      const itemState = {
        depth: state.depth + 1,
        path: [...state.path, `${index}`],
        ...(state.property !== undefined ? { property: state.property } : {}),
        nonEmpty: false,
      };
      let item = this.draw(itemNode, itemState);
      // Unique items: later ones drawn again, as realistic draws, until they differ; when none
      // does (an enum of three), the array ends there if it is long enough.
      for (let attempt = 1; node.uniqueItems && seen.has(JSON.stringify(item)) && attempt <= 16; attempt += 1)
        item = new Generator({
          ...this.options,
          mode: 'realistic',
          seed: (this.options.seed ?? 1) + attempt * 7919,
        }).draw(itemNode, itemState);
      if (node.uniqueItems && seen.has(JSON.stringify(item)) && items.length >= least) break;
      seen.add(JSON.stringify(item));
      items.push(item);
    }
    return items;
  }

  private number(node: NumberNode, random: Random): number {
    const integer = node.kind === 'integer';
    const preferred =
      this.mode === 'realistic'
        ? random.integer(0, 100) + (integer ? 0 : random.integer(0, 99) / 100)
        : this.mode === 'example'
          ? integer
            ? 1
            : 1.5
          : (lowerBound(node) ?? (upperBound(node) !== undefined ? Math.min(0, upperBound(node)!) : 1));
    return nearestNumber(node, preferred);
  }

  private string(node: StringNode, random: Random, nonEmpty = false): string {
    const minLength = node.minLength ?? 0;
    const maxLength = node.maxLength ?? Infinity;
    const pattern = node.pattern !== undefined ? compiled(node.pattern) : undefined;
    const fitsString = (value: string | undefined): value is string =>
      value !== undefined &&
      [...value].length >= minLength &&
      [...value].length <= maxLength &&
      (pattern === undefined || pattern.test(value));
    const formatted = formatValue(
      node.format,
      this.mode === 'realistic' ? 'drawn' : this.mode === 'example' ? 'example' : 'minimal',
      random,
    );
    if (fitsString(formatted)) return formatted;
    if (node.pattern !== undefined) {
      const matchingOf = (least: number) =>
        stringMatching(
          node.pattern!,
          { minLength: least, maxLength },
          this.mode === 'realistic' ? random : undefined,
        );
      // A pattern that allows the empty text still gets a character where one is wanted (a path
      // segment: empty, it is no parameter at all), unless the pattern allows nothing longer.
      const matching = (nonEmpty && minLength === 0 ? matchingOf(1) : undefined) ?? matchingOf(minLength);
      if (matching !== undefined) return matching;
    }
    const text =
      this.mode === 'minimal' ? 'a'.repeat(Math.max(1, minLength)) : 'example'.padEnd(minLength, 'x');
    return [...text].slice(0, Math.max(Math.min(maxLength, text.length), Math.min(1, maxLength))).join('');
  }
}

/** Whether an object node declares a key, by name or by one of its patterns. */
function holds(node: ObjectNode, name: string): boolean {
  return (
    node.properties.some((property) => property.name === name) ||
    node.patternProperties.some((each) => compiled(each.pattern)?.test(name))
  );
}

/** Whether an object node takes any value for a key it does not declare. */
function leavesOpen(node: ObjectNode, name: string): boolean {
  return !holds(node, name) && node.additionalProperties === undefined;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a merged node refuses a value for a reason plain to see: its JSON type, an enum or const
 * that does not hold it, a key it requires that is missing (one this side carries), or a key a
 * closed object does not declare. False where it cannot tell (unions, intersections, any).
 */
function refuses(node: SchemaNode, value: unknown, side: MessageSide | undefined, depth = 0): boolean {
  if (depth > 4) return false;
  if (value === null) return !node.nullable && node.kind !== 'any';
  switch (node.kind) {
    case 'never':
      return true;
    case 'const':
      return !sameJson(node.value, value);
    case 'enum':
      return !node.values.some((each) => sameJson(each, value));
    case 'string':
    case 'boolean':
      return typeof value !== node.kind;
    case 'number':
      return typeof value !== 'number';
    case 'integer':
      return typeof value !== 'number' || !Number.isInteger(value);
    case 'array':
      return (
        !Array.isArray(value) ||
        (node.prefixItems.length === 0 &&
          value.some((item) => refuses(merged(node.items), item, side, depth + 1)))
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return true;
      const record = value as Record<string, unknown>;
      // A required key this side never carries (readOnly in a request) is not missing.
      const carried = (name: string) =>
        !node.properties.some((property) => property.name === name && hiddenOn(side, property.node));
      if (node.required.some((name) => !Object.hasOwn(record, name) && carried(name))) return true;
      if (
        node.additionalProperties?.kind === 'never' &&
        Object.keys(record).some((name) => !holds(node, name))
      )
        return true;
      return node.properties.some(
        (property) =>
          Object.hasOwn(record, property.name) &&
          refuses(merged(property.node), record[property.name], side, depth + 1),
      );
    }
    default:
      return false;
  }
}

/** A value of another JSON type than every value `node` takes (undefined when it takes any). */
function otherType(node: SchemaNode): unknown {
  switch (node.kind) {
    case 'string':
      return 0;
    case 'integer':
    case 'number':
    case 'boolean':
    case 'object':
    case 'array':
      return 'x';
    case 'enum':
    case 'const': {
      const values = node.kind === 'enum' ? node.values : [node.value];
      return values.every((each) => typeof each === 'string') ? 0 : undefined;
    }
    default:
      return undefined;
  }
}

/** What keys the properties leave out may hold (undefined when none may be added). */
function extraValues(node: ObjectNode): SchemaNode | undefined {
  const extra = node.additionalProperties;
  if (extra?.kind === 'never') return undefined;
  return (
    extra ?? {
      kind: 'any',
      pointer: node.pointer,
      schema: true,
      nullable: false,
      readOnly: false,
      writeOnly: false,
      deprecated: false,
      examples: [],
      allOf: [],
      variants: [],
      declaredTypes: [],
    }
  );
}

function lowerBound(node: NumberNode): number | undefined {
  const values = [node.minimum, node.exclusiveMinimum].filter(
    (value): value is number => value !== undefined,
  );
  return values.length > 0 ? Math.max(...values) : undefined;
}

function upperBound(node: NumberNode): number | undefined {
  const values = [node.maximum, node.exclusiveMaximum].filter(
    (value): value is number => value !== undefined,
  );
  return values.length > 0 ? Math.min(...values) : undefined;
}

/** Whether a number satisfies the node's kind, bounds and multipleOf. */
export function numberFits(node: NumberNode, value: number): boolean {
  if (!Number.isFinite(value) || (node.kind === 'integer' && !Number.isInteger(value))) return false;
  if (node.minimum !== undefined && value < node.minimum) return false;
  if (node.maximum !== undefined && value > node.maximum) return false;
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) return false;
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) return false;
  if (node.multipleOf !== undefined) {
    const ratio = value / node.multipleOf;
    if (Math.abs(ratio - Math.round(ratio)) > 1e-9) return false;
  }
  return true;
}

/** The valid number nearest to `preferred` (moved into the bounds, then onto a multiple), or `preferred` when none is found. */
function nearestNumber(node: NumberNode, preferred: number): number {
  const tidy = (value: number) => Number(value.toPrecision(12));
  const lower = lowerBound(node);
  const upper = upperBound(node);
  const value = Math.min(Math.max(preferred, lower ?? -Infinity), upper ?? Infinity);
  const step = node.multipleOf ?? (node.kind === 'integer' ? 1 : undefined);
  const candidates =
    step !== undefined
      ? [
          Math.ceil(value / step),
          Math.ceil(value / step) + 1,
          Math.floor(value / step),
          Math.floor(value / step) - 1,
        ].map((multiple) => tidy(multiple * step))
      : [
          value,
          ...(lower !== undefined ? [lower + (upper !== undefined ? (upper - lower) / 2 : 1)] : []),
          ...(upper !== undefined ? [upper - 1] : []),
        ];
  return candidates.find((candidate) => numberFits(node, candidate)) ?? preferred;
}

const patterns = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | undefined {
  if (!patterns.has(pattern)) patterns.set(pattern, compile(pattern, 'u') ?? compile(pattern, '') ?? null);
  return patterns.get(pattern) ?? undefined;
}

function compile(pattern: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return undefined;
  }
}

/** Whether a strategy's answer satisfies what the node says as far as the generator checks. */
function fits(node: SchemaNode, value: unknown): boolean {
  if (value === null) return node.nullable || node.kind === 'null' || node.kind === 'any';
  switch (node.kind) {
    case 'string': {
      if (typeof value !== 'string') return false;
      const length = [...value].length;
      const pattern = node.pattern !== undefined ? compiled(node.pattern) : undefined;
      return (
        length >= (node.minLength ?? 0) &&
        length <= (node.maxLength ?? Infinity) &&
        (pattern === undefined || pattern.test(value))
      );
    }
    case 'integer':
    case 'number':
      return typeof value === 'number' && numberFits(node, value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return node.values.some((each) => JSON.stringify(each) === JSON.stringify(value));
    case 'const':
      return JSON.stringify(node.value) === JSON.stringify(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'never':
      return false;
    default:
      return true;
  }
}
