/**
 * A string that matches a JSON Schema `pattern` (ECMA-262 syntax), within length bounds: the
 * pattern is read into a small tree (alternatives, sequences, character sets, repeats) and walked,
 * each choice made by a chooser: the first alternative, the fewest repeats and the plainest
 * character (`[A-Z]{2}-\d+` -> `AA-0`), or seeded random ones. Anchors, word boundaries and
 * lookarounds match no text of their own: the walk notes where it meets each, and a draw is kept
 * only where each holds there, tested alone at its place. So a draw that breaks a lookaround is
 * refused without testing the whole pattern, whose failing test may backtrack exponentially, and is
 * drawn again from a seed. A lookaround holding a choice inside a repeat (`(?!(a+)+b)`) is beyond
 * it, as its own test may backtrack so. A Unicode property escape (`\p{L}`) draws from the
 * characters of the Basic Multilingual Plane it matches (as the engine's Unicode version has them).
 * A backreference writes again what its group wrote in this walk (nothing where the group took no
 * part, as the engine matches it); one into or out of a lookaround, or to a group the pattern lacks,
 * is beyond it: `undefined`, and the caller says so. Every answer is checked against the pattern
 * itself before it is returned.
 */
import { Random } from './random.js';

type Ranges = Array<[number, number]>;

type RegexNode =
  | { type: 'sequence'; items: RegexNode[] }
  | { type: 'alternatives'; options: RegexNode[] }
  | { type: 'set'; ranges: Ranges; negated: boolean }
  /** `groups`: the capturing groups inside, which each pass forgets (ECMA-262 RepeatMatcher). */
  | { type: 'repeat'; node: RegexNode; min: number; max: number; id: number; groups: number[] }
  /** A capturing group a backreference names (groups are nodes only in a pattern that has one). */
  | { type: 'group'; node: RegexNode; index: number }
  /** `name`: a named one's, whose number is known once every group is read. */
  | { type: 'backreference'; index: number; name?: string }
  /** `^`, `$`, `\b` or a lookaround: a condition at the place the walk meets it (the parser's `assertions[id]`). */
  | { type: 'assertion'; id: number }
  | { type: 'empty' };

/** What an assertion asks of its place: the start, the end, or a source tested alone there (`(?!-)`, `\b`). */
type Assertion = { kind: 'start' } | { kind: 'end' } | { kind: 'test'; source: string };

class Unsupported extends Error {}

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x2028, 0x2029],
  [0xfeff, 0xfeff],
];
const LINE_BREAKS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

/** Characters tried first, in this order: what a person would write. */
const PLAIN = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_-. ',
  ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => String.fromCharCode(0x21 + index)),
].map((char) => char.charCodeAt(0));

function complement(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  let next = 0;
  for (const [from, to] of sorted) {
    if (from > next) out.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

/** The characters a set node matches, as ranges. */
const matched = (node: { ranges: Ranges; negated: boolean }): Ranges =>
  node.negated ? complement(node.ranges) : node.ranges;

const overlaps = (a: Ranges, b: Ranges) =>
  a.some(([from, to]) => b.some(([start, end]) => from <= end && start <= to));

/**
 * Whether a repeat of more than one holds a choice whose end the text does not fix: another repeat
 * of varying count (`(a+)+`, `(\d?\d)+`, `(a+-?){1,20}`) or alternatives (`([a-z]|[a-z0-9])+`). A
 * failing test of it may backtrack exponentially. An inner repeat of a set followed by a character
 * it cannot match ends where that character is (`(\d+\.)+`).
 */
function hasAmbiguousNestedRepeat(node: RegexNode, inRepeat = false, follower?: RegexNode): boolean {
  switch (node.type) {
    case 'group':
      return hasAmbiguousNestedRepeat(node.node, inRepeat, follower);
    case 'sequence':
      return node.items.some((item, index) =>
        hasAmbiguousNestedRepeat(
          item,
          inRepeat,
          index + 1 < node.items.length ? node.items[index + 1] : undefined,
        ),
      );
    case 'alternatives':
      return inRepeat || node.options.some((option) => hasAmbiguousNestedRepeat(option, inRepeat));
    case 'repeat': {
      const inner = ungrouped(node.node);
      const next = follower && ungrouped(follower);
      const endFixed =
        inner.type === 'set' && next?.type === 'set' && !overlaps(matched(inner), matched(next));
      if (inRepeat && node.max > node.min && !endFixed) return true;
      return hasAmbiguousNestedRepeat(node.node, inRepeat || node.max > 1);
    }
    default:
      return false;
  }
}

/** A node without the groups around it. */
const ungrouped = (node: RegexNode): RegexNode => (node.type === 'group' ? ungrouped(node.node) : node);

const properties = new Map<string, Ranges>();

/**
 * The characters of the Basic Multilingual Plane a Unicode property escape (`\p{L}`, `\P{N}`)
 * matches, as ranges: enough to draw from, and every draw is tested against the pattern itself.
 */
function propertyRanges(escape: string): Ranges {
  let ranges = properties.get(escape);
  if (!ranges) {
    let regex: RegExp;
    try {
      regex = new RegExp(`^${escape}$`, 'u');
    } catch {
      throw new Unsupported(`Unicode property escape ${escape}`);
    }
    ranges = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (!regex.test(String.fromCharCode(code))) continue;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === code - 1) last[1] = code;
      else ranges.push([code, code]);
    }
    properties.set(escape, ranges);
  }
  return ranges;
}

/** Reads a pattern into a tree; throws Unsupported for what the generator cannot follow. */
class Parser {
  private at = 0;
  private repeats = 0;
  /** Inside a lookaround, whose source is tested whole: its own anchors and lookarounds are its. */
  private lookaroundDepth = 0;
  readonly assertions: Assertion[] = [];
  /** Capturing groups so far, numbered as the engine numbers them (by their opening parenthesis). */
  private groups = 0;
  private readonly groupNames = new Map<string, number>();
  /** Groups inside a lookaround: its source is tested alone, so the walk never writes them. */
  private readonly lookaroundGroups = new Set<number>();
  private readonly references: Array<{ index?: number; name?: string }> = [];
  /** Groups are nodes only where a backreference may name one; other trees stay as they were. */
  private readonly keepsGroups: boolean;

  constructor(private readonly source: string) {
    this.keepsGroups = /\\[1-9]|\\k</.test(source);
  }

  parse(): RegexNode {
    const node = this.alternatives();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.source[this.at]}`);
    for (const reference of this.references) {
      const index = reference.name !== undefined ? this.groupNames.get(reference.name) : reference.index;
      if (index === undefined || index > this.groups) throw new Unsupported('backreference to no group');
      if (this.lookaroundGroups.has(index)) throw new Unsupported('backreference into a lookaround');
    }
    if (this.references.length > 0) resolveReferences(node, this.groupNames);
    return node;
  }

  private assertion(assertion: Assertion): RegexNode {
    if (this.lookaroundDepth > 0) return { type: 'empty' };
    this.assertions.push(assertion);
    return { type: 'assertion', id: this.assertions.length - 1 };
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private alternatives(): RegexNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { type: 'alternatives', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const groupsBefore = this.groups;
      const atom = this.atom();
      const inside = Array.from(
        { length: this.groups - groupsBefore },
        (_, index) => groupsBefore + index + 1,
      );
      items.push(this.quantified(atom, inside));
    }
    return { type: 'sequence', items };
  }

  private quantified(atom: RegexNode, groups: number[]): RegexNode {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      this.at += match[0].length - 1;
    } else return atom;
    this.at += 1;
    if (this.peek() === '?') this.at += 1; // lazy: the same strings match
    this.repeats += 1;
    return { type: 'repeat', node: atom, min, max, id: this.repeats, groups };
  }

  private atom(): RegexNode {
    const char = this.source[this.at];
    this.at += 1;
    switch (char) {
      case '^':
        return this.assertion({ kind: 'start' });
      case '$':
        return this.assertion({ kind: 'end' });
      case '.':
        return { type: 'set', ranges: LINE_BREAKS, negated: true };
      case '(': {
        if (this.peek() === '?') {
          const kind = this.source.slice(this.at, this.at + 3);
          if (kind.startsWith('?:')) {
            this.at += 2;
            return this.group(undefined);
          } else if (kind.startsWith('?<') && kind !== '?<=' && kind !== '?<!') {
            const end = this.source.indexOf('>', this.at);
            if (end === -1) throw new Unsupported('unterminated group name');
            const name = this.source.slice(this.at + 2, end);
            this.at = end + 1;
            this.groups += 1;
            this.groupNames.set(name, this.groups);
            return this.group(this.groups);
          } else {
            // A lookaround matches no text of its own: its source is tested alone where the walk
            // meets it (AWS RUM's `^(localhost)|^(?![-.])…` draws "localhost"). Its own tree is read
            // only to find its end and to refuse what would make that test slow.
            const start = this.at - 1;
            this.at += kind.startsWith('?<') ? 3 : 2;
            this.lookaroundDepth += 1;
            const groupsBefore = this.groups;
            const referencesBefore = this.references.length;
            const inner = this.alternatives();
            this.lookaroundDepth -= 1;
            for (let index = groupsBefore + 1; index <= this.groups; index += 1)
              this.lookaroundGroups.add(index);
            // Its own backreferences are its (tested with it); one to a group outside is not.
            const references = this.references.splice(referencesBefore);
            for (const reference of references)
              if (
                reference.index !== undefined &&
                (reference.index <= groupsBefore || reference.index > this.groups)
              )
                throw new Unsupported('backreference out of a lookaround');
              else if (reference.name !== undefined && !this.namedWithin(reference.name, groupsBefore))
                throw new Unsupported('backreference out of a lookaround');
            if (this.peek() !== ')') throw new Unsupported('unterminated lookaround');
            this.at += 1;
            // A lookaround that fails or holds after exponential backtracking (`(?!(a+)+b)`) would
            // hang the test of a draw: beyond this reader.
            if (hasAmbiguousNestedRepeat(inner))
              throw new Unsupported('a repeat inside a repeat in a lookaround');
            // Tested alone, its groups would be numbered from 1: as many empty groups before it
            // (matching nothing where it is tested) keep the numbers its backreferences use.
            const numbering = references.some((reference) => reference.index !== undefined)
              ? '()'.repeat(groupsBefore)
              : '';
            return this.assertion({
              kind: 'test',
              source: numbering + this.source.slice(start, this.at),
            });
          }
        }
        this.groups += 1;
        return this.group(this.groups);
      }
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape(false);
      case '*':
      case '+':
      case '?':
        throw new Unsupported(`nothing to repeat before ${char}`);
      default: {
        const code = this.source.codePointAt(this.at - 1)!;
        if (code > 0xffff) this.at += 1;
        return { type: 'set', ranges: [[code, code]], negated: false };
      }
    }
  }

  /** The rest of a group after its opening: a node of its own where it captures and may be named. */
  private group(index: number | undefined): RegexNode {
    const inner = this.alternatives();
    if (this.peek() !== ')') throw new Unsupported('unterminated group');
    this.at += 1;
    return index !== undefined && this.keepsGroups && this.lookaroundDepth === 0
      ? { type: 'group', node: inner, index }
      : inner;
  }

  /** Whether the group of this name opened after the first `groupsBefore` groups. */
  private namedWithin(name: string, groupsBefore: number): boolean {
    const index = this.groupNames.get(name);
    return index !== undefined && index > groupsBefore;
  }

  private reference(reference: { index?: number; name?: string }): RegexNode {
    this.references.push(reference);
    return {
      type: 'backreference',
      index: reference.index ?? -1,
      ...(reference.name !== undefined ? { name: reference.name } : {}),
    };
  }

  /** After a backslash: a character set, or an empty node for \b and \B. */
  private escape(inClass: boolean): RegexNode {
    const char = this.source[this.at];
    this.at += 1;
    const set = (ranges: Ranges, negated = false): RegexNode => ({ type: 'set', ranges, negated });
    switch (char) {
      case 'd':
        return set(DIGIT);
      case 'D':
        return set(DIGIT, true);
      case 'w':
        return set(WORD);
      case 'W':
        return set(WORD, true);
      case 's':
        return set(SPACE);
      case 'S':
        return set(SPACE, true);
      case 'b':
        if (inClass) return set([[8, 8]]);
        return this.assertion({ kind: 'test', source: '\\b' });
      case 'B':
        if (inClass) throw new Unsupported('\\B in a class');
        return this.assertion({ kind: 'test', source: '\\B' });
      case 'n':
        return set([[10, 10]]);
      case 'r':
        return set([[13, 13]]);
      case 't':
        return set([[9, 9]]);
      case 'f':
        return set([[12, 12]]);
      case 'v':
        return set([[11, 11]]);
      case '0':
        return set([[0, 0]]);
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at));
        if (!hex) return set([[0x78, 0x78]]);
        this.at += 2;
        const code = parseInt(hex[0], 16);
        return set([[code, code]]);
      }
      case 'u': {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(this.source.slice(this.at));
        const plain = /^[0-9a-fA-F]{4}/.exec(this.source.slice(this.at));
        const hex = braced ? braced[1] : plain?.[0];
        if (hex === undefined) return set([[0x75, 0x75]]);
        this.at += (braced ?? plain)![0].length;
        const code = parseInt(hex, 16);
        return set([[code, code]]);
      }
      case 'p':
      case 'P': {
        const name = /^\{([A-Za-z_]+(?:=[A-Za-z_]+)?)\}/.exec(this.source.slice(this.at));
        if (!name) throw new Unsupported('Unicode property escape');
        this.at += name[0].length;
        return set(propertyRanges(`\\${char}${name[0]}`));
      }
      case 'c':
        throw new Unsupported('control escape');
      default: {
        if (char === undefined) throw new Unsupported('pattern ends in a backslash');
        if (/[1-9]/.test(char)) {
          if (inClass) throw new Unsupported('an octal escape in a class');
          const digits = /^\d*/.exec(this.source.slice(this.at))![0];
          this.at += digits.length;
          return this.reference({ index: Number(char + digits) });
        }
        if (char === 'k' && this.peek() === '<' && !inClass) {
          const end = this.source.indexOf('>', this.at);
          if (end === -1) throw new Unsupported('unterminated group name');
          const name = this.source.slice(this.at + 1, end);
          this.at = end + 1;
          return this.reference({ name });
        }
        const code = char.codePointAt(0)!;
        return set([[code, code]]);
      }
    }
  }

  private characterClass(): RegexNode {
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    const ranges: Ranges = [];
    const single = (): Ranges => {
      if (this.peek() === '\\') {
        this.at += 1;
        const escaped = this.escape(true);
        if (escaped.type !== 'set') throw new Unsupported('escape in a class');
        return escaped.negated ? complement(escaped.ranges) : escaped.ranges;
      }
      const code = this.source.codePointAt(this.at)!;
      this.at += code > 0xffff ? 2 : 1;
      return [[code, code]];
    };
    while (this.peek() !== ']') {
      if (this.at >= this.source.length) throw new Unsupported('unterminated class');
      const first = single();
      if (
        this.peek() === '-' &&
        this.source[this.at + 1] !== ']' &&
        first.length === 1 &&
        first[0]![0] === first[0]![1]
      ) {
        this.at += 1;
        const last = single();
        if (last.length !== 1 || last[0]![0] !== last[0]![1]) {
          ranges.push(...first, [0x2d, 0x2d], ...last);
          continue;
        }
        ranges.push([first[0]![0], last[0]![0]]);
      } else ranges.push(...first);
    }
    this.at += 1;
    return { type: 'set', ranges, negated };
  }
}

/** How a walk of the tree chooses: an alternative, a repeat count, a character. */
interface Chooser {
  option(count: number): number;
  count(min: number, max: number, id: number): number;
  char(ranges: Ranges, negated: boolean): number | undefined;
}

const contains = (ranges: Ranges, code: number) => ranges.some(([from, to]) => code >= from && code <= to);

function plainChar(ranges: Ranges, negated: boolean): number | undefined {
  const allowed = (code: number) => contains(ranges, code) !== negated;
  const plain = PLAIN.find(allowed);
  if (plain !== undefined) return plain;
  if (!negated) return ranges[0]?.[0];
  for (const [from, to] of complement(ranges)) if (from <= to) return from;
  return undefined;
}

/** The longest text a walk writes, in code points: longer is no value to send (and overflows a spread). */
const MAX_TEXT = 65_536;
/**
 * The most nodes a walk visits: a repeat whose passes write nothing is not bounded by MAX_TEXT
 * (`^(?:$){20000000}$` took 12 s and 1.8 GB), and a text of MAX_TEXT needs a few visits a code point.
 */
const MAX_STEPS = 16 * MAX_TEXT;

/** What a walk wrote (code points), where it met each assertion (`[id, code points before]`), what each group wrote, and how many nodes it visited. */
interface Walk {
  out: number[];
  met: Array<[number, number]>;
  captures: Map<number, number[]>;
  steps: number;
}

/** A named backreference's group number, once every group is read. */
function resolveReferences(node: RegexNode, names: Map<string, number>): void {
  if (node.type === 'backreference') {
    if (node.name !== undefined) node.index = names.get(node.name)!;
  } else if (node.type === 'sequence') node.items.forEach((item) => resolveReferences(item, names));
  else if (node.type === 'alternatives') node.options.forEach((option) => resolveReferences(option, names));
  else if (node.type === 'repeat' || node.type === 'group') resolveReferences(node.node, names);
}

function walkTree(node: RegexNode, chooser: Chooser, walk: Walk): boolean {
  const { out } = walk;
  if ((walk.steps += 1) > MAX_STEPS) return false;
  switch (node.type) {
    case 'empty':
      return true;
    case 'assertion':
      walk.met.push([node.id, out.length]);
      return true;
    case 'sequence':
      return node.items.every((item) => walkTree(item, chooser, walk));
    case 'alternatives':
      return walkTree(node.options[chooser.option(node.options.length)]!, chooser, walk);
    case 'set': {
      const code = chooser.char(node.ranges, node.negated);
      if (code === undefined) return false;
      out.push(code);
      return true;
    }
    case 'repeat': {
      const times = chooser.count(node.min, node.max, node.id);
      for (let index = 0; index < times; index += 1) {
        if (out.length > MAX_TEXT) return false;
        const [written, met] = [out.length, walk.met.length];
        const captured = node.groups.map((group): [number, number[] | undefined] => [
          group,
          walk.captures.get(group),
        ]);
        for (const group of node.groups) walk.captures.delete(group);
        if (!walkTree(node.node, chooser, walk)) return false;
        // The engine refuses a pass past the minimum that matches nothing (ECMA-262 RepeatMatcher):
        // it never happened, and what its groups captured (`(b|)*\1`) is not theirs.
        if (index >= node.min && out.length === written) {
          walk.met.length = met;
          for (const [group, text] of captured)
            if (text === undefined) walk.captures.delete(group);
            else walk.captures.set(group, text);
          break;
        }
      }
      return true;
    }
    case 'group': {
      const start = out.length;
      if (!walkTree(node.node, chooser, walk)) return false;
      walk.captures.set(node.index, out.slice(start));
      return true;
    }
    case 'backreference': {
      const text = walk.captures.get(node.index) ?? [];
      if (out.length + text.length > MAX_TEXT) return false;
      for (const code of text) out.push(code);
      return true;
    }
  }
}

/** The repeats of the tree, in the first alternative of each choice unless `everyOption`. */
function repeatsOf(
  node: RegexNode,
  everyOption = false,
  out: Array<{ id: number; min: number; max: number }> = [],
) {
  if (node.type === 'sequence') node.items.forEach((item) => repeatsOf(item, everyOption, out));
  else if (node.type === 'alternatives')
    (everyOption ? node.options : node.options.slice(0, 1)).forEach((option) =>
      repeatsOf(option, everyOption, out),
    );
  else if (node.type === 'repeat') {
    out.push({ id: node.id, min: node.min, max: node.max });
    repeatsOf(node.node, everyOption, out);
  } else if (node.type === 'group') repeatsOf(node.node, everyOption, out);
  return out;
}

function compile(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

/** Whether an assertion holds in a text at a place (in UTF-16 code units, as a RegExp counts). */
type Check = (text: string, at: number) => boolean;

/** A pattern as read: its tree, its compiled self and each assertion's check. */
interface ReadPattern {
  tree: RegexNode;
  regex: RegExp;
  checks: Check[];
  /** The repeats that may grow (first alternatives), and every repeat: read once, not per draw. */
  growable: Array<{ id: number; min: number; max: number }>;
  repeats: Array<{ id: number; min: number; max: number }>;
}

const treeCache = new Map<string, ReadPattern | null>();

function checkOf(assertion: Assertion, flags: string): Check {
  switch (assertion.kind) {
    case 'start':
      return (_text, at) => at === 0;
    case 'end':
      return (text, at) => at === text.length;
    case 'test': {
      // Sticky, so it is tested at the place alone; `^` and `$` in it still mean the whole text's ends.
      const regex = new RegExp(assertion.source, `${flags}y`);
      return (text, at) => {
        regex.lastIndex = at;
        return regex.test(text);
      };
    }
  }
}

function treeOf(pattern: string): ReadPattern | undefined {
  if (!treeCache.has(pattern)) {
    try {
      const parser = new Parser(pattern);
      const tree = parser.parse();
      const regex = compile(pattern);
      const checks = regex && parser.assertions.map((assertion) => checkOf(assertion, regex.flags));
      const growable = repeatsOf(tree).filter((repeat) => repeat.max > repeat.min);
      treeCache.set(
        pattern,
        regex && checks ? { tree, regex, checks, growable, repeats: repeatsOf(tree, true) } : null,
      );
    } catch (error) {
      // A lookaround's source that compiles in the pattern but not alone is beyond the reader too.
      if (!(error instanceof Unsupported) && !(error instanceof SyntaxError)) throw error;
      treeCache.set(pattern, null);
    }
  }
  return treeCache.get(pattern) ?? undefined;
}

/** A small seed of a pattern's own, for the draws of a call that gave none. */
function seedOf(pattern: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < pattern.length; index += 1)
    hash = Math.imul(hash ^ pattern.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/**
 * A string matching `pattern` with a length (in code points) within the bounds; undefined when the
 * pattern is beyond this reader or no such string was found. Without `random`, the plainest one.
 */
export function stringMatching(
  pattern: string,
  bounds: { minLength?: number; maxLength?: number } = {},
  random?: Random,
): string | undefined {
  const read = treeOf(pattern);
  if (!read) return undefined;
  const { tree, regex, checks, growable, repeats } = read;
  const minLength = bounds.minLength ?? 0;
  const maxLength = bounds.maxLength ?? Infinity;
  const counts = new Map<number, number>();
  /** A seeded chooser repeats up to `spread` more than the least (more in later redraws, for `(?=^.{8,64}$).*`). */
  const chooser = (source: Random | undefined, spread = 6): Chooser => ({
    option: (count) => (source ? source.integer(0, count - 1) : 0),
    count: (min, max, id) =>
      counts.get(id) ?? (source ? source.integer(min, Math.min(max, min + spread)) : min),
    char: (ranges, negated) => (source ? randomChar(source, ranges, negated) : plainChar(ranges, negated)),
  });
  /**
   * A walk's text, or `broken` where it broke an assertion at the place it met it. Only a text whose
   * walk kept every assertion is tested whole: it matches by that walk, so the test finds a match
   * rather than backtracking through every way to fail (`^([a-z]|[a-z0-9])+(?<=0)$`).
   */
  const attempt = (source: Random | undefined, spread?: number): string | 'broken' | undefined => {
    const walk: Walk = { out: [], met: [], captures: new Map(), steps: 0 };
    if (!walkTree(tree, chooser(source, spread), walk)) return undefined;
    let text = '';
    for (let at = 0; at < walk.out.length; at += 8_192)
      text += String.fromCodePoint(...walk.out.slice(at, at + 8_192));
    if (walk.met.length === 0) return text;
    // Assertions are placed in code points; the checks take UTF-16 offsets (a code point past the BMP is two).
    const unitsBefore = [0];
    for (const codePoint of walk.out) unitsBefore.push(unitsBefore.at(-1)! + (codePoint > 0xffff ? 2 : 1));
    return walk.met.every(([id, at]) => checks[id]!(text, unitsBefore[at]!)) ? text : 'broken';
  };
  const fits = (value: string | undefined): value is string => {
    if (value === undefined) return false;
    const length = [...value].length;
    return length >= minLength && length <= maxLength && regex.test(value);
  };
  // Where a draw breaks an assertion (a lookahead the text must satisfy, a `^` after text), more
  // seeded draws: before the plainest when the caller gave a seed, after it when not.
  const sources: Array<[Random | undefined, number?]> = random ? [[random], [undefined]] : [[undefined]];
  let redrawn = false;
  for (let index = 0; index < sources.length; index += 1) {
    counts.clear();
    let value = attempt(...sources[index]!);
    if (value === 'broken' && !redrawn) {
      redrawn = true;
      const seeded = random ?? new Random(seedOf(pattern));
      const forks = Array.from({ length: random ? 7 : 15 }, (_, salt): [Random, number] => [
        seeded.fork(salt + 1),
        6 + 2 * salt,
      ]);
      sources.splice(index + 1, 0, ...forks);
    }
    if (value === 'broken') continue;
    if (fits(value)) return value;
    // Too long: drawn again with every repeat at its least, then grown below. A fixed length around
    // a repeat (`.*<uuid>.*`, exactly 36) is seldom drawn at random, and the plainest draw is one value.
    const [source] = sources[index]!;
    if (source && value !== undefined && [...value].length > maxLength) {
      for (const repeat of repeats) counts.set(repeat.id, repeat.min);
      const least = attempt(source);
      if (least === 'broken') continue;
      value = least;
      if (fits(value)) return value;
    }
    // Too short: repeat the first repeats that may grow, one more time each round, until it fits.
    for (let round = 0; round < 256 && value !== undefined && [...value].length < minLength; round += 1) {
      const repeat = growable.find(
        (candidate) => (counts.get(candidate.id) ?? candidate.min) < candidate.max,
      );
      if (!repeat) break;
      counts.set(repeat.id, (counts.get(repeat.id) ?? repeat.min) + 1);
      const grown = attempt(undefined);
      if (grown === 'broken') continue;
      value = grown;
      if (fits(value)) return value;
    }
  }
  return undefined;
}

function randomChar(random: Random, ranges: Ranges, negated: boolean): number | undefined {
  const printable = PLAIN.filter((code) => contains(ranges, code) !== negated);
  if (printable.length > 0 && random.chance(0.9)) return random.pick(printable);
  if (negated) return plainChar(ranges, negated);
  if (ranges.length === 0) return undefined;
  const [from, to] = random.pick(ranges)!;
  return random.integer(from, Math.min(to, from + 0xff));
}
