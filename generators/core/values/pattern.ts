/**
 * A string that matches a JSON Schema `pattern` (ECMA-262 syntax), within length bounds: the
 * pattern is read into a small tree (alternatives, sequences, character sets, repeats) and walked,
 * each choice made by a chooser: the first alternative, the fewest repeats and the plainest
 * character (`[A-Z]{2}-\d+` -> `AA-0`), or seeded random ones. A lookaround is read as matching
 * nothing (each draw is checked against the whole pattern, so one that breaks it is refused);
 * backreferences and Unicode property escapes are beyond it: `undefined`, and the caller says so. Every answer is
 * checked against the pattern itself before it is returned.
 */
import type { Random } from './random.js';

type Ranges = Array<[number, number]>;

type RegexNode =
  | { type: 'sequence'; items: RegexNode[] }
  | { type: 'alternatives'; options: RegexNode[] }
  | { type: 'set'; ranges: Ranges; negated: boolean }
  | { type: 'repeat'; node: RegexNode; min: number; max: number; id: number }
  | { type: 'empty' };

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

/** Whether a repeat of more than one (`+`, `*`, `{1,20}`) holds another such repeat. */
function hasNestedRepeat(node: RegexNode, inRepeat = false): boolean {
  switch (node.type) {
    case 'sequence':
      return node.items.some((item) => hasNestedRepeat(item, inRepeat));
    case 'alternatives':
      return node.options.some((option) => hasNestedRepeat(option, inRepeat));
    case 'repeat':
      return (inRepeat && node.max > 1) || hasNestedRepeat(node.node, inRepeat || node.max > 1);
    default:
      return false;
  }
}

/** Reads a pattern into a tree; throws Unsupported for what the generator cannot follow. */
class Parser {
  private at = 0;
  private repeats = 0;
  /** The lookarounds' own trees, read as nothing in the pattern's but checked for nested repeats. */
  private readonly lookarounds: RegexNode[] = [];

  constructor(private readonly source: string) {}

  parse(): RegexNode {
    const node = this.alternatives();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.source[this.at]}`);
    // A draw that breaks a lookaround fails the pattern's test, and a failing test of a repeat
    // inside a repeat may backtrack exponentially (`^([a-z0-9]+-?){1,20}(?<!-)$` took 33 s for one
    // draw): such a pattern stays beyond this reader, lookarounds' own repeats included.
    if (this.lookarounds.length > 0 && [node, ...this.lookarounds].some((tree) => hasNestedRepeat(tree)))
      throw new Unsupported('lookaround beside a repeat inside a repeat');
    return node;
  }

  get hasLookarounds(): boolean {
    return this.lookarounds.length > 0;
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
    return options.length === 1 ? options[0] : { type: 'alternatives', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { type: 'sequence', items };
  }

  private quantified(atom: RegexNode): RegexNode {
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
    return { type: 'repeat', node: atom, min, max, id: this.repeats };
  }

  private atom(): RegexNode {
    const char = this.source[this.at];
    this.at += 1;
    switch (char) {
      case '^':
      case '$':
        return { type: 'empty' };
      case '.':
        return { type: 'set', ranges: LINE_BREAKS, negated: true };
      case '(': {
        if (this.peek() === '?') {
          const kind = this.source.slice(this.at, this.at + 3);
          if (kind.startsWith('?:')) this.at += 2;
          else if (kind.startsWith('?<') && kind !== '?<=' && kind !== '?<!') {
            const end = this.source.indexOf('>', this.at);
            if (end === -1) throw new Unsupported('unterminated group name');
            this.at = end + 1;
          } else {
            // A lookaround matches no text of its own: read as nothing, its condition left to the
            // check of every draw against the pattern (AWS RUM's `^(localhost)|^(?![-.])…` draws
            // "localhost"; a draw that breaks a lookahead is refused like any other misfit).
            this.at += kind.startsWith('?<') ? 3 : 2;
            this.lookarounds.push(this.alternatives());
            if (this.peek() !== ')') throw new Unsupported('unterminated lookaround');
            this.at += 1;
            return { type: 'empty' };
          }
        }
        const inner = this.alternatives();
        if (this.peek() !== ')') throw new Unsupported('unterminated group');
        this.at += 1;
        return inner;
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
        throw new Unsupported('word boundary');
      case 'B':
        throw new Unsupported('word boundary');
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
      case 'P':
        throw new Unsupported('Unicode property escape');
      case 'c':
        throw new Unsupported('control escape');
      default: {
        if (char === undefined) throw new Unsupported('pattern ends in a backslash');
        if (/[1-9]/.test(char)) throw new Unsupported('backreference');
        if (char === 'k' && this.peek() === '<') throw new Unsupported('backreference');
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
        first[0][0] === first[0][1]
      ) {
        this.at += 1;
        const last = single();
        if (last.length !== 1 || last[0][0] !== last[0][1]) {
          ranges.push(...first, [0x2d, 0x2d], ...last);
          continue;
        }
        ranges.push([first[0][0], last[0][0]]);
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

function walkTree(node: RegexNode, chooser: Chooser, out: number[]): boolean {
  switch (node.type) {
    case 'empty':
      return true;
    case 'sequence':
      return node.items.every((item) => walkTree(item, chooser, out));
    case 'alternatives':
      return walkTree(node.options[chooser.option(node.options.length)], chooser, out);
    case 'set': {
      const code = chooser.char(node.ranges, node.negated);
      if (code === undefined) return false;
      out.push(code);
      return true;
    }
    case 'repeat': {
      const times = chooser.count(node.min, node.max, node.id);
      for (let index = 0; index < times; index += 1) if (!walkTree(node.node, chooser, out)) return false;
      return true;
    }
  }
}

function repeatsOf(node: RegexNode, out: Array<{ id: number; min: number; max: number }> = []) {
  if (node.type === 'sequence') node.items.forEach((item) => repeatsOf(item, out));
  else if (node.type === 'alternatives') repeatsOf(node.options[0], out);
  else if (node.type === 'repeat') {
    out.push({ id: node.id, min: node.min, max: node.max });
    repeatsOf(node.node, out);
  }
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

/** A pattern as read: its tree, and whether a lookaround was read as nothing in it (so a walk may break it). */
interface ReadPattern {
  tree: RegexNode;
  lookarounds: boolean;
}

const treeCache = new Map<string, ReadPattern | null>();

function treeOf(pattern: string): ReadPattern | undefined {
  if (!treeCache.has(pattern)) {
    try {
      const parser = new Parser(pattern);
      const tree = parser.parse();
      treeCache.set(pattern, { tree, lookarounds: parser.hasLookarounds });
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      treeCache.set(pattern, null);
    }
  }
  return treeCache.get(pattern) ?? undefined;
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
  const regex = compile(pattern);
  if (!read || !regex) return undefined;
  const { tree } = read;
  const minLength = bounds.minLength ?? 0;
  const maxLength = bounds.maxLength ?? Infinity;
  const counts = new Map<number, number>();
  const chooser = (source: Random | undefined): Chooser => ({
    option: (count) => (source ? source.integer(0, count - 1) : 0),
    count: (min, max, id) => counts.get(id) ?? (source ? source.integer(min, Math.min(max, min + 6)) : min),
    char: (ranges, negated) => (source ? randomChar(source, ranges, negated) : plainChar(ranges, negated)),
  });
  const attempt = (source: Random | undefined): string | undefined => {
    const out: number[] = [];
    return walkTree(tree, chooser(source), out) ? String.fromCodePoint(...out) : undefined;
  };
  const fits = (value: string | undefined) => {
    if (value === undefined) return false;
    const length = [...value].length;
    return length >= minLength && length <= maxLength && regex.test(value);
  };
  // A draw may break a lookaround the walk reads as nothing: a few more seeded ones before the plainest.
  const redraws = random && read.lookarounds ? [1, 2, 3, 4, 5, 6, 7].map((salt) => random.fork(salt)) : [];
  for (const source of random ? [random, ...redraws, undefined] : [undefined]) {
    counts.clear();
    let value = attempt(source);
    if (fits(value)) return value;
    // Too short: repeat the first repeats that may grow, one more time each round, until it fits.
    const growable = repeatsOf(tree).filter((repeat) => repeat.max > repeat.min);
    for (let round = 0; round < 256 && value !== undefined && [...value].length < minLength; round += 1) {
      const repeat = growable.find(
        (candidate) => (counts.get(candidate.id) ?? candidate.min) < candidate.max,
      );
      if (!repeat) break;
      counts.set(repeat.id, (counts.get(repeat.id) ?? repeat.min) + 1);
      value = attempt(undefined);
      if (fits(value)) return value;
    }
  }
  return undefined;
}

function randomChar(random: Random, ranges: Ranges, negated: boolean): number | undefined {
  const printable = PLAIN.filter((code) => contains(ranges, code) !== negated);
  if (printable.length > 0 && random.chance(0.9)) return random.pick(printable);
  if (negated) return plainChar(ranges, negated);
  const [from, to] = random.pick(ranges)!;
  return random.integer(from, Math.min(to, from + 0xff));
}
