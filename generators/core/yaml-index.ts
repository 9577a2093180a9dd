/**
 * YAML parsed the fast way: js-yaml, about ten times faster than the `yaml` package, which made
 * parsing the largest step of generating a small spec. The value must be the one `yaml` gives
 * (YAML 1.2's core schema, as `yaml` resolves it), and each member's and element's line must be
 * where `yaml` puts it; what this parse does not mirror exactly, it declines (undefined), and the
 * caller parses with `yaml`, which then also gives the error or warning a user sees today.
 *
 * Declined: explicit tags (`!` starting a node), directives, lone CRs, blank lines with a tab,
 * `---` run into text, flow collections on more than one line, quoted strings whose lines `yaml`
 * refuses for their indentation, a comment right after a quoted string (js-yaml takes those five),
 * a mapping key that is null or a collection, explicit (`?`) and flow pairs whose nodes do not pair
 * up, an empty document, and anything js-yaml refuses. Anchors and aliases are taken: both parsers
 * give an alias the anchor's own object. Edits of real specs hold this to `yaml` (yaml-index.test.ts).
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
    new jsyaml.Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (text: string | null) => text === null || NULL.test(text), construct: () => null }),
    new jsyaml.Type('tag:yaml.org,2002:bool', { kind: 'scalar', resolve: (text: string | null) => text !== null && BOOL.test(text), construct: (text: string) => text[0] === 't' || text[0] === 'T' }),
    new jsyaml.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (text: string | null) => text !== null && (INT_OCT.test(text) || INT.test(text) || INT_HEX.test(text)),
      construct: (text: string) => (INT_OCT.test(text) ? parseInt(text.slice(2), 8) : INT.test(text) ? parseInt(text, 10) : parseInt(text.slice(2), 16)),
    }),
    new jsyaml.Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (text: string | null) => text !== null && (FLOAT_NAN.test(text) || FLOAT_EXP.test(text) || FLOAT.test(text)),
      construct: (text: string) => (FLOAT_NAN.test(text) ? (text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? -Infinity : Infinity) : parseFloat(text)),
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
  inner: Array<Entry & { value: unknown }>;
}

/** Thrown from the listener to stop at once: the document uses something this parse does not mirror. */
const DECLINED = Symbol('declined');

/**
 * The value of a one-document YAML text, exactly as `yaml`'s `parse` (core schema) gives it, with
 * the lines of its members and elements; undefined when this parse declines (see the top).
 */
export function parseIndexed(text: string): { value: unknown; lines: PointerLines } | undefined {
  // A directive can change the schema; a lone CR is a line break to js-yaml but not to `yaml`'s
  // lines; a blank line with a tab is indentation by tab to `yaml`, which refuses it; `---x` at a
  // line's start is a document marker to js-yaml but text to `yaml`.
  if (/^%/m.test(text) || /\r(?!\n)/.test(text) || /^[ \t]*\t[ \t]*\r?$/m.test(text) || /^(?:---|\.\.\.)[^\s]/m.test(text)) return undefined;
  let input = '';
  const stack: Frame[] = [{ start: 0, inner: [] }];
  const listener = (event: 'open' | 'close', state: jsyaml.State & { kind: string | null; result: unknown; input: string }) => {
    if (event === 'open') {
      input = state.input;
      let start = contentStart(input, state.position);
      // A node starts after its anchor, as `yaml`'s ranges do (`&a` may stand on the line above).
      while (input.charCodeAt(start) === 0x26) start = contentStart(input, input.slice(start).search(/[\s,[\]{}]|$/) + start);
      if (input.charCodeAt(start) === 0x21) throw DECLINED; // ! (a tag)
      stack.push({ start, inner: [] });
      return;
    }
    const frame = stack.pop()!;
    // js-yaml takes a flow collection or a quoted string whose lines are not indented past their
    // block, which `yaml` refuses: flow collections on more than one line are declined, and quoted
    // strings are held to `yaml`'s rule. (A block mapping may start with a quoted key: the kind tells.)
    const first = input.charCodeAt(frame.start);
    if (input.lastIndexOf('\n', state.position - 1) > frame.start) {
      if ((state.kind === 'mapping' || state.kind === 'sequence') && (first === 0x5b || first === 0x7b)) throw DECLINED; // [ {
      if (state.kind === 'scalar' && (first === 0x22 || first === 0x27) && !linesIndented(input, frame.start, state.position, minimumIndent(input, stack, frame.start))) throw DECLINED; // " '
    }
    // js-yaml also takes a comment right after a quoted string, with no space between.
    if (input.charCodeAt(state.position) === 0x23 && !/\s/.test(input[state.position - 1] ?? ' ')) throw DECLINED;
    stack.at(-1)!.inner.push({ start: frame.start, value: state.result, children: childrenOf(frame, state.kind, state.result) });
  };
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: CORE_SCHEMA, listener: listener as never });
  } catch {
    return undefined;
  }
  const root = stack[0].inner.at(-1);
  if (value === undefined || value === null || !root || root.value !== value) return undefined;
  return { value, lines: new IndexLines(input, root) };
}

/**
 * The members or elements of a node js-yaml has just composed, checked against its value: each
 * key's value must be the node composed after it, each element the node composed for it.
 */
function childrenOf(frame: Frame, kind: string | null, value: unknown): Entry['children'] {
  const inner = frame.inner;
  // A node composed as a candidate key that was not one is the node itself (`key:\n  [a, b]`).
  if (inner.length === 1 && inner[0].value === value && typeof value === 'object' && value !== null) return inner[0].children;
  if (kind === 'mapping') {
    const record = value as Record<string, unknown>;
    const members = new Map<string, Entry>();
    for (let index = 0; index < inner.length; index += 2) {
      const key = inner[index];
      const member = inner[index + 1];
      if (!member || (typeof key.value !== 'string' && typeof key.value !== 'number' && typeof key.value !== 'boolean')) throw DECLINED;
      const name = String(key.value);
      if (!Object.is(record[name], member.value) || members.has(name)) throw DECLINED;
      members.set(name, { start: key.start, children: member.children });
    }
    if (members.size !== Object.keys(record).length) throw DECLINED;
    return members;
  }
  if (kind === 'sequence') {
    const items = value as unknown[];
    if (inner.length !== items.length || inner.some((item, index) => !Object.is(items[index], item.value))) throw DECLINED;
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
  for (let index = stack.length - 1; index >= 1; index -= 1) if (stack[index].start !== start) return columnOf(input, stack[index].start) + 1;
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
  for (let newline = input.indexOf('\n', start); newline !== -1 && newline < end; newline = input.indexOf('\n', newline + 1)) {
    let at = newline + 1;
    while (input.charCodeAt(at) === 0x20) at += 1;
    const next = input.charCodeAt(at);
    if (next === 0x0a || (next === 0x0d && input.charCodeAt(at + 1) === 0x0a)) continue;
    if (at - newline - 1 < minimum) return false;
    if (minimum === 0 && /^(?:---|\.\.\.)(?:\s|$)/.test(input.slice(at, at + 4))) return false;
  }
  return true;
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
