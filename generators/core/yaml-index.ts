/**
 * YAML parsed the fast way: js-yaml, about ten times faster than the `yaml` package, which made
 * parsing the largest step of generating a small spec. The value must be the one `yaml` gives
 * (YAML 1.2's core schema, as `yaml` resolves it), and each member's and element's line must be
 * where `yaml` puts it; what this parse does not mirror exactly, it declines (undefined), and the
 * caller parses with `yaml`, which then also gives the error or warning a user sees today.
 *
 * Declined: explicit tags, directives, mapping keys that are null, collections or aliases, explicit
 * (`?`) and flow pairs whose nodes do not pair up, a root that is not a mapping, and what js-yaml
 * reads differently from `yaml` or takes where `yaml` refuses or warns (`TEXT_DECLINES`, and the
 * checks in `opened` and `checkClosed`, each with its reason). Anchors and aliases are taken: both
 * parsers give an alias the anchor's own object. Tests hold this to `yaml` on real specs, edited
 * specs and generated documents (yaml-index.test.ts).
 */
import jsyaml from 'js-yaml';
import { pointerToPath } from './refs.js';

/** Where the members and elements of a parsed document are, by JSON pointer (without `#`). */
export interface PointerLines {
  /**
   * The line (from 1) of what the pointer names (a member at its key, an element at itself), or of
   * the deepest part it reached when it leads past the document (`reached` false).
   */
  locate(pointer: string): { line: number; reached: boolean };
}

// The core schema's scalars as `yaml` resolves them (its schema/core/*.js, tried in this order).
// js-yaml keeps one implicit type per tag, so each tag's forms share one type.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

const CORE_SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    new jsyaml.Type('tag:yaml.org,2002:null', {
      kind: 'scalar',
      resolve: (text: string | null) => text === null || NULL.test(text),
      construct: () => null,
    }),
    new jsyaml.Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (text: string | null) => text !== null && BOOL.test(text),
      construct: (text: string) => text[0] === 't' || text[0] === 'T',
    }),
    new jsyaml.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (text: string | null) =>
        text !== null && (INT_OCT.test(text) || INT.test(text) || INT_HEX.test(text)),
      construct: (text: string) =>
        INT_OCT.test(text)
          ? parseInt(text.slice(2), 8)
          : INT.test(text)
            ? parseInt(text, 10)
            : parseInt(text.slice(2), 16),
    }),
    new jsyaml.Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (text: string | null) =>
        text !== null && (FLOAT_NAN.test(text) || FLOAT_EXP.test(text) || FLOAT.test(text)),
      construct: (text: string) =>
        FLOAT_NAN.test(text)
          ? text.slice(-3).toLowerCase() === 'nan'
            ? NaN
            : text[0] === '-'
              ? -Infinity
              : Infinity
          : parseFloat(text),
    }),
  ],
});

/** A member or element: where it starts, and its own members or elements when it is a collection. */
interface Entry {
  start: number;
  children?: Map<string, Entry> | Entry[];
}

/** A node js-yaml is composing, and the nodes composed inside it so far. */
interface Frame {
  start: number;
  /** Where its anchor starts (its start when it has none). */
  propsStart: number;
  /** Whether an anchor stood before its content. */
  anchored: boolean;
  inner: Array<Entry & { propsStart: number; end: number; value: unknown }>;
}

/** Thrown from the listener to stop at once: the document uses something this parse does not mirror. */
const DECLINED = Symbol('declined');

/**
 * Texts js-yaml reads differently from `yaml` that a look at the text finds: each is declined, and
 * `yaml` parses (and refuses, or warns about) the text as before.
 */
const TEXT_DECLINES: RegExp[] = [
  /^%/m, // a directive can change the schema
  /\r(?!\n)/, // a lone CR: a line break to js-yaml, not to `yaml`'s lines
  /^(?=[ \t]*\t)[ \t]*(?:#|\r?$)/m, // a blank or comment line indented by a tab, which `yaml` refuses
  /^(?:---|\.\.\.)[^ \t\r\n]/m, // `---x`: text to `yaml`, a document marker and text to js-yaml
  /^---[ \t]+[^ \t\r\n#]/m, // content on the `---` line, which `yaml` refuses for a collection
  /\\\r?\n[ \t]*\r?\n/, // an escaped line break then a blank line (a double-quoted string): folded differently
  /\n[ \t]+$/, // a last line of spaces with no line break, which js-yaml adds
  /\\U(?!00(?:0[0-9a-fA-F]|10)[0-9a-fA-F]{4})/, // an 8-digit escape past U+10FFFF, which js-yaml takes and `yaml` refuses
];

/** The longest implicit key `yaml` takes (YAML 1.2: 1024 characters). */
const IMPLICIT_KEY_LIMIT = 1024;

/**
 * The value of a one-document YAML text, exactly as `yaml`'s `parse` (core schema) gives it, with
 * the lines of its members and elements; undefined when this parse declines (see the top).
 */
export function parseIndexed(text: string): { value: unknown; lines: PointerLines } | undefined {
  // js-yaml drops a byte order mark before the first line, where the patterns' `^` would not see past it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (TEXT_DECLINES.some((pattern) => pattern.test(body))) return undefined;
  const anchors = new Map<string, number>();
  let input = '';
  const stack: Frame[] = [{ start: 0, propsStart: 0, anchored: false, inner: [] }];
  const listener = (
    event: 'open' | 'close',
    state: jsyaml.State & { kind: string | null; result: unknown; input: string; lineStart: number },
  ) => {
    input = state.input;
    if (event === 'open') stack.push(opened(input, state.position, anchors));
    else {
      const frame = stack.pop()!;
      checkClosed(input, stack, frame, state);
      stack.at(-1)!.inner.push({
        start: frame.start,
        propsStart: frame.propsStart,
        end: state.position,
        value: state.result,
        children: childrenOf(input, frame, state.kind, state.result),
      });
    }
  };
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: CORE_SCHEMA, listener: listener as never });
  } catch (error) {
    // What js-yaml refuses, or too deep for the stack: `yaml` says what is wrong. Anything else is a bug here.
    if (error === DECLINED || error instanceof jsyaml.YAMLException || error instanceof RangeError)
      return undefined;
    throw error;
  }
  const root = stack[0].inner.at(-1);
  // Only a mapping is a spec: `yaml` gives anything else, and the loader refuses it.
  if (!value || typeof value !== 'object' || Array.isArray(value) || !root || root.value !== value)
    return undefined;
  return { value, lines: new IndexLines(input, root) };
}

/** A node js-yaml starts composing at `position`: where its content starts, after white space, comments and its anchor. */
function opened(input: string, position: number, anchors: Map<string, number>): Frame {
  let start = contentStart(input, position);
  const propsStart = start;
  let anchored = false;
  // A node starts after its anchor, as `yaml`'s ranges do (`&a` may stand on the line above).
  while (input.charCodeAt(start) === 0x26) {
    const end = tokenEnd(input, start);
    if (input.charCodeAt(end - 1) === 0x3a) throw DECLINED; // `&a:`, which `yaml` warns is ambiguous
    if (end < input.length && !isYamlSpace(input.charCodeAt(end))) throw DECLINED; // `&a[1]`, which `yaml` refuses in a block
    // An anchor defined again: js-yaml binds an outer node's name when the node closes, after an inner redefinition.
    const name = input.slice(start + 1, end);
    // (js-yaml may compose a node twice, as a key candidate first: the same anchor at the same place.)
    if ((anchors.get(name) ?? start) !== start) throw DECLINED;
    anchors.set(name, start);
    anchored = true;
    start = contentStart(input, end);
  }
  const first = input.charCodeAt(start);
  if (first === 0x21) throw DECLINED; // ! (a tag)
  if (first === 0x2a && input.charCodeAt(tokenEnd(input, start) - 1) === 0x3a) throw DECLINED; // `*a:`, the same
  return { start, propsStart, anchored, inner: [] };
}

/** Declines a node js-yaml has just composed that `yaml` would refuse, or read or place otherwise. */
function checkClosed(
  input: string,
  stack: Frame[],
  frame: Frame,
  state: { kind: string | null; result: unknown; position: number; lineStart: number },
): void {
  const first = input.charCodeAt(frame.start);
  // js-yaml takes a flow collection or a quoted string whose lines are not indented past their
  // block, which `yaml` refuses: flow collections on more than one line are declined, and quoted
  // strings are held to `yaml`'s rule. (A block mapping may start with a quoted key: the kind tells.)
  if (state.lineStart > frame.start) {
    if ((state.kind === 'mapping' || state.kind === 'sequence') && (first === 0x5b || first === 0x7b))
      throw DECLINED; // [ {
    if (
      state.kind === 'scalar' &&
      (first === 0x22 || first === 0x27) &&
      !linesIndented(input, frame.start, state.position, minimumIndent(input, stack, frame.start))
    )
      throw DECLINED; // " '
  }
  // A block scalar that is empty or starts with blank lines holding spaces: `yaml` refuses some
  // (leading blank lines more indented than the text must come with an indentation indicator).
  // With an indentation indicator (`|2`), js-yaml keeps blank lines holding spaces differently.
  if (state.kind === 'scalar' && (first === 0x7c || first === 0x3e)) {
    if (state.result === '' || leadingBlankWithSpaces(input, frame.start, state.position)) throw DECLINED; // | >
    if (
      /^.[-+]?[1-9]/.test(input.slice(frame.start, frame.start + 3)) &&
      /\n[ \t]+\r?\n/.test(input.slice(frame.start, state.position + 1))
    )
      throw DECLINED;
  }
  // An anchored empty node: `yaml` puts it at its anchor, which may be on another line.
  if (state.result === null && frame.anchored) throw DECLINED;
  // A comment right after a node, with no space between, which `yaml` refuses.
  if (input.charCodeAt(state.position) === 0x23 && !isYamlSpace(input.charCodeAt(state.position - 1)))
    throw DECLINED;
}

/**
 * The members or elements of a node js-yaml has just composed, checked against its value: each
 * key's value must be the node composed after it, each element the node composed for it.
 */
function childrenOf(input: string, frame: Frame, kind: string | null, value: unknown): Entry['children'] {
  const inner = frame.inner;
  // A node composed as a candidate key that was not one is the node itself (`key:\n  [a, b]`):
  // the same value, from the same place (a collection holding an alias to itself is not that).
  if (
    inner.length === 1 &&
    inner[0].value === value &&
    inner[0].start === frame.start &&
    typeof value === 'object' &&
    value !== null
  )
    return inner[0].children;
  if (kind === 'mapping') {
    const record = value as Record<string, unknown>;
    const members = new Map<string, Entry>();
    for (let index = 0; index < inner.length; index += 2) {
      const key = inner[index];
      const member = inner[index + 1];
      if (
        !member ||
        (typeof key.value !== 'string' && typeof key.value !== 'number' && typeof key.value !== 'boolean')
      )
        throw DECLINED;
      // An alias as a key (`yaml`'s lines name it by its alias), or a key longer than `yaml` takes.
      if (input.charCodeAt(key.start) === 0x2a) throw DECLINED;
      // `yaml` counts from the key's anchor to the `:` indicator.
      let colon = key.end;
      while (input.charCodeAt(colon) === 0x20 || input.charCodeAt(colon) === 0x09) colon += 1;
      if (colon - key.propsStart > IMPLICIT_KEY_LIMIT) throw DECLINED;
      // A block mapping as a value on its key's line (`a: &x b: c`), which `yaml` refuses.
      if (
        member.children instanceof Map &&
        input.charCodeAt(member.start) !== 0x7b &&
        onLineOf(input, key.end, member.start)
      )
        throw DECLINED;
      const name = String(key.value);
      if (!Object.is(record[name], member.value) || members.has(name)) throw DECLINED;
      members.set(name, { start: key.start, children: member.children });
    }
    if (members.size !== Object.keys(record).length) throw DECLINED;
    return members;
  }
  if (kind === 'sequence') {
    const items = value as unknown[];
    if (inner.length !== items.length || inner.some((item, index) => !Object.is(items[index], item.value)))
      throw DECLINED;
    return inner.map(({ start, children }) => ({ start, children }));
  }
  return undefined;
}

/**
 * The indentation `yaml` asks of the lines a quoted string at `start` continues on: one past the
 * column of the block it is in, the nearest node around it that starts elsewhere (js-yaml composes
 * a value on its own line twice: as the value, then as a key that turns out not to be one).
 */
function minimumIndent(input: string, stack: Frame[], start: number): number {
  for (let index = stack.length - 1; index >= 1; index -= 1)
    if (stack[index].start !== start) return columnOf(input, stack[index].start) + 1;
  return 0;
}

/** The column (from 0) of an offset. */
const columnOf = (input: string, offset: number) => offset - (input.lastIndexOf('\n', offset - 1) + 1);

/**
 * Whether every line a quoted string continues on, from `start` to `end`, is blank or indented by at
 * least `minimum` spaces: `yaml`'s rule, where the minimum is one past the column of the block the
 * string is in (0 at the top, where a document marker cannot start such a line).
 */
function linesIndented(input: string, start: number, end: number, minimum: number): boolean {
  for (
    let newline = input.indexOf('\n', start);
    newline !== -1 && newline < end;
    newline = input.indexOf('\n', newline + 1)
  ) {
    let at = newline + 1;
    while (input.charCodeAt(at) === 0x20) at += 1;
    const next = input.charCodeAt(at);
    if (next === 0x0a || (next === 0x0d && input.charCodeAt(at + 1) === 0x0a)) continue;
    if (at - newline - 1 < minimum) return false;
    if (minimum === 0 && /^(?:---|\.\.\.)(?:\s|$)/.test(input.slice(at, at + 4))) return false;
  }
  return true;
}

/** Whether the block scalar from `start` (its `|` or `>`) to `end` has a blank line holding a space before its first line of text. */
function leadingBlankWithSpaces(input: string, start: number, end: number): boolean {
  for (
    let newline = input.indexOf('\n', start);
    newline !== -1 && newline < end;
    newline = input.indexOf('\n', newline + 1)
  ) {
    let at = newline + 1;
    let spaces = false;
    for (let char = input.charCodeAt(at); char === 0x20 || char === 0x09; char = input.charCodeAt(at)) {
      spaces = true;
      at += 1;
    }
    const next = input.charCodeAt(at);
    if (next !== 0x0a && next !== 0x0d) return false; // the first line of text
    if (spaces) return true;
  }
  return false;
}

/** Whether `offset` is on the line that `from` is on (no line break between them). */
function onLineOf(input: string, from: number, offset: number): boolean {
  const newline = input.indexOf('\n', from);
  return newline === -1 || newline > offset;
}

/** Space, tab or a line break: YAML's white space (not Unicode's). */
const isYamlSpace = (char: number) => char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0d;

/** Where an anchor's or alias's name that starts at `start` ends: at white space or a flow indicator. */
function tokenEnd(input: string, start: number): number {
  let at = start + 1;
  for (
    let char = input.charCodeAt(at);
    at < input.length &&
    !isYamlSpace(char) &&
    char !== 0x2c &&
    char !== 0x5b &&
    char !== 0x5d &&
    char !== 0x7b &&
    char !== 0x7d;
    char = input.charCodeAt(at)
  )
    at += 1;
  return at;
}

/** The first offset at or after `from` that is not white space, a line break or a comment. */
function contentStart(input: string, from: number): number {
  let at = from;
  for (;;) {
    const char = input.charCodeAt(at);
    if (char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0d) at += 1;
    else if (char === 0x23) {
      // # to the end of the line
      const end = input.indexOf('\n', at);
      if (end === -1) return input.length;
      at = end + 1;
    } else return at;
  }
}

class IndexLines implements PointerLines {
  private newlines: number[] | undefined;
  constructor(
    private readonly input: string,
    private readonly root: Entry,
  ) {}

  locate(pointer: string): { line: number; reached: boolean } {
    let entry = this.root;
    for (const key of pointerToPath(`#${pointer}`)) {
      const children = entry.children;
      // As `yaml`'s items[Number(key)] does for a sequence.
      const next = children instanceof Map ? children.get(key) : children?.[Number(key)];
      if (!next) return { line: this.lineOf(entry.start), reached: false };
      entry = next;
    }
    return { line: this.lineOf(entry.start), reached: true };
  }

  private lineOf(offset: number): number {
    const newlines = (this.newlines ??= lineBreaks(this.input));
    // Lines before the offset's: the count of line breaks before it.
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newlines[middle] < offset) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }
}

function lineBreaks(input: string): number[] {
  const found: number[] = [];
  for (let at = input.indexOf('\n'); at !== -1; at = input.indexOf('\n', at + 1)) found.push(at);
  return found;
}
