/**
 * Which way a changed `pattern` moved. Two patterns with the same structure (the same sequence of
 * literals, classes, groups and anchors) are compared piece by piece: when every piece of the new
 * one admits at least what the old piece admitted (a wider class, a wider repeat range), every
 * string the old pattern matched still matches. Anything not provably wider or narrower (another
 * structure, back-references, look-arounds) is left undecided.
 *
 * Patterns are ECMA-262 regular expressions without flags (JSON Schema's dialect), read as
 * UTF-16 code units, as JavaScript reads them.
 */

/** Sorted, non-overlapping ranges of code units. */
type CharSet = Array<[number, number]>;
type Atom =
  | { kind: 'chars'; set: CharSet }
  | { kind: 'group'; alternatives: Sequence[] }
  | { kind: 'anchor'; text: string };
interface Piece {
  atom: Atom;
  min: number;
  max: number;
}
type Sequence = Piece[];

const MAX = 0xffff;
const normalise = (ranges: CharSet): CharSet => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
};
const complement = (set: CharSet): CharSet => {
  const out: CharSet = [];
  let next = 0;
  for (const [from, to] of normalise(set)) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
};
const single = (char: string): CharSet => [[char.charCodeAt(0), char.charCodeAt(0)]];
const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = normalise([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
const SPACE: CharSet = normalise([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const DOT: CharSet = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
const CLASS_ESCAPES: Record<string, CharSet> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f', v: '\v', '0': '\0' };

class Unsupported extends Error {}

/** A recursive-descent reader of one pattern; throws Unsupported on what it cannot compare. */
class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): Sequence[] {
    const alternatives = this.alternatives();
    if (this.at < this.text.length) throw new Unsupported();
    return alternatives;
  }

  private alternatives(): Sequence[] {
    const out = [this.sequence()];
    while (this.text[this.at] === '|') {
      this.at += 1;
      out.push(this.sequence());
    }
    return out;
  }

  private sequence(): Sequence {
    const pieces: Sequence = [];
    while (this.at < this.text.length && this.text[this.at] !== '|' && this.text[this.at] !== ')') {
      const atom = this.atom();
      const [min, max] = atom.kind === 'anchor' ? [1, 1] : this.quantifier();
      pieces.push({ atom, min, max });
    }
    return pieces;
  }

  private atom(): Atom {
    const char = this.text[this.at];
    if (char === '^' || char === '$') {
      this.at += 1;
      return { kind: 'anchor', text: char };
    }
    if (char === '(') {
      if (this.text.startsWith('(?:', this.at)) this.at += 3;
      else if (/^\(\?<[A-Za-z_$][\w$]*>/.test(this.text.slice(this.at)))
        this.at = this.text.indexOf('>', this.at) + 1;
      else if (this.text[this.at + 1] === '?')
        throw new Unsupported(); // look-arounds
      else this.at += 1;
      const alternatives = this.alternatives();
      if (this.text[this.at] !== ')') throw new Unsupported();
      this.at += 1;
      return { kind: 'group', alternatives };
    }
    if (char === '[') return { kind: 'chars', set: this.charClass() };
    if (char === '.') {
      this.at += 1;
      return { kind: 'chars', set: DOT };
    }
    if (char === '\\') {
      const next = this.text[this.at + 1];
      if (next === 'b' || next === 'B') {
        this.at += 2;
        return { kind: 'anchor', text: `\\${next}` };
      }
      return { kind: 'chars', set: this.escape(false) };
    }
    if (char === '*' || char === '+' || char === '?' || char === ')') throw new Unsupported();
    this.at += 1;
    return { kind: 'chars', set: single(char) };
  }

  /** `\d`, `\x41`, `\.`...; back-references and property escapes are not compared. */
  private escape(inClass: boolean): CharSet {
    const next = this.text[this.at + 1];
    if (next === undefined) throw new Unsupported();
    this.at += 2;
    if (next in CLASS_ESCAPES) return CLASS_ESCAPES[next];
    if (next in CONTROL_ESCAPES && (next !== '0' || !/[0-9]/.test(this.text[this.at] ?? '')))
      return single(CONTROL_ESCAPES[next]);
    if (inClass && next === 'b') return single('\b');
    const hex = next === 'x' ? 2 : next === 'u' ? 4 : 0;
    if (hex) {
      const digits = this.text.slice(this.at, this.at + hex);
      if (!new RegExp(`^[0-9A-Fa-f]{${hex}}$`).test(digits)) throw new Unsupported();
      this.at += hex;
      const code = parseInt(digits, 16);
      return [[code, code]];
    }
    if (/[A-Za-z0-9]/.test(next)) throw new Unsupported(); // \1, \k<name>, \p{...}, \cX
    return single(next);
  }

  private charClass(): CharSet {
    this.at += 1;
    const negated = this.text[this.at] === '^';
    if (negated) this.at += 1;
    const ranges: CharSet = [];
    while (this.text[this.at] !== ']') {
      if (this.at >= this.text.length) throw new Unsupported();
      const from = this.classAtom();
      if (this.text[this.at] === '-' && this.text[this.at + 1] !== ']' && this.at + 1 < this.text.length) {
        this.at += 1;
        const to = this.classAtom();
        if (
          from.length !== 1 ||
          to.length !== 1 ||
          from[0][0] !== from[0][1] ||
          to[0][0] !== to[0][1] ||
          from[0][0] > to[0][0]
        )
          throw new Unsupported();
        ranges.push([from[0][0], to[0][0]]);
      } else ranges.push(...from);
    }
    this.at += 1;
    return negated ? complement(ranges) : normalise(ranges);
  }

  private classAtom(): CharSet {
    const char = this.text[this.at];
    if (char === '\\') return this.escape(true);
    this.at += 1;
    return single(char);
  }

  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy (which matches the same strings). */
  private quantifier(): [number, number] {
    const rest = this.text.slice(this.at);
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    let range: [number, number] = [1, 1];
    if (braces) {
      this.at += braces[0].length;
      range = [
        Number(braces[1]),
        braces[2] === undefined ? Number(braces[1]) : braces[3] ? Number(braces[3]) : Infinity,
      ];
    } else if ('*+?'.includes(rest[0] ?? '_')) {
      this.at += 1;
      range = rest[0] === '*' ? [0, Infinity] : rest[0] === '+' ? [1, Infinity] : [0, 1];
    } else return range;
    if (this.text[this.at] === '?') this.at += 1;
    return range;
  }
}

const setContains = (wide: CharSet, narrow: CharSet) =>
  narrow.every(([from, to]) => wide.some(([a, b]) => a <= from && to <= b));
const atomContains = (wide: Atom, narrow: Atom): boolean => {
  if (wide.kind === 'chars' && narrow.kind === 'chars') return setContains(wide.set, narrow.set);
  if (wide.kind === 'group' && narrow.kind === 'group')
    return alternativesContain(wide.alternatives, narrow.alternatives);
  return wide.kind === 'anchor' && narrow.kind === 'anchor' && wide.text === narrow.text;
};
const sequenceContains = (wide: Sequence, narrow: Sequence) =>
  wide.length === narrow.length &&
  wide.every(
    (piece, index) =>
      piece.min <= narrow[index].min &&
      piece.max >= narrow[index].max &&
      atomContains(piece.atom, narrow[index].atom),
  );
const alternativesContain = (wide: Sequence[], narrow: Sequence[]) =>
  wide.length === narrow.length && wide.every((sequence, index) => sequenceContains(sequence, narrow[index]));

function parse(pattern: string): Sequence[] | undefined {
  try {
    return new Reader(pattern).read();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** How the strings `after` matches compare with those `before` matched, when that can be proven. */
export function patternDirection(before: string, after: string): 'wider' | 'narrower' | 'same' | undefined {
  const b = parse(before);
  const h = parse(after);
  if (!b || !h) return undefined;
  const wider = alternativesContain(h, b);
  const narrower = alternativesContain(b, h);
  return wider && narrower ? 'same' : wider ? 'wider' : narrower ? 'narrower' : undefined;
}
