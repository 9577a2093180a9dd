/**
 * JSON pointer -> line in the spec file, for the pointers the contract findings name, so a report
 * says `spec/openapi.yaml:171` and GitHub annotates that line. YAML is walked with the `yaml`
 * package; JSON with a one-pass scanner, because building a YAML document of GitHub's 13 MB spec
 * takes 10 s and 650 MB. Pointers into parts bundled from other files get no line here; the report
 * falls back to their nearest ancestor that has one.
 */
import { readFileSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { escapePointerPart, pointerToPath } from '../../core/refs.js';

/** Lines of `wanted` pointers (without `#`) in `file`; pointers the file does not have are left out. */
export function specLines(file: string, wanted: Iterable<string>): Record<string, number> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const pointers = new Set(wanted);
  const found = /^\s*[{[]/.test(text) ? jsonLines(text, pointers) : yamlLines(text, pointers);
  return Object.fromEntries([...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function yamlLines(text: string, pointers: Set<string>): Map<string, number> {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, keepSourceTokens: false, uniqueKeys: false });
  const out = new Map<string, number>();
  for (const pointer of pointers) {
    let node: unknown = document.contents;
    let offset: number | undefined = (node as Node | null)?.range?.[0];
    for (const key of pointerToPath(`#${pointer}`)) {
      let next: unknown;
      if (isMap(node)) {
        const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === key);
        if (pair) {
          offset = (pair.key as Node | null)?.range?.[0];
          next = pair.value;
        }
      } else if (isSeq(node)) {
        next = node.items[Number(key)];
        offset = (next as Node | undefined)?.range?.[0];
      }
      if (next === undefined) {
        offset = undefined;
        break;
      }
      node = next;
    }
    if (offset !== undefined) out.set(pointer, counter.linePos(offset).line);
  }
  return out;
}

/** Scans JSON once, recording the line of each member or element whose pointer is wanted. */
function jsonLines(text: string, pointers: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  // Only containers on the way to a wanted pointer are worth tracking.
  const prefixes = new Set<string>(['']);
  for (const pointer of pointers) for (let at = pointer.lastIndexOf('/'); at > 0; at = pointer.lastIndexOf('/', at - 1)) prefixes.add(pointer.slice(0, at));
  type Frame = { pointer: string; array: boolean; index: number; key?: string };
  const stack: Frame[] = [];
  let line = 1;
  let expectKey = false;
  const readString = (start: number): [string, number] => {
    let value = '';
    let index = start + 1;
    let plain = index;
    for (; index < text.length; index += 1) {
      const char = text.charCodeAt(index);
      if (char === 34) break; // "
      if (char === 92) {
        value += text.slice(plain, index);
        const next = text[index + 1];
        if (next === 'u') {
          value += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
          index += 5;
        } else {
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next === 'b' ? '\b' : next === 'f' ? '\f' : next;
          index += 1;
        }
        plain = index + 1;
      }
    }
    return [value + text.slice(plain, index), index];
  };
  /** A value starts at the current line: note it when its pointer is wanted; returns its pointer. */
  const valueStarts = (): string | undefined => {
    const frame = stack.at(-1);
    if (!frame) return '';
    if (!prefixes.has(frame.pointer) && !pointers.has(frame.pointer)) return undefined;
    const pointer = `${frame.pointer}/${frame.array ? String(frame.index) : escapePointerPart(frame.key ?? '')}`;
    if (pointers.has(pointer) && !out.has(pointer)) out.set(pointer, line);
    return pointer;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 10) line += 1;
    else if (char === 34) {
      const [value, end] = readString(index);
      if (expectKey) {
        stack.at(-1)!.key = value;
        // The member's line is its key's line.
        valueStarts();
        expectKey = false;
      } else if (stack.at(-1)?.array) valueStarts();
      index = end;
    } else if (char === 123 || char === 91) {
      // { or [
      const frame = stack.at(-1);
      const pointer = frame ? (frame.array ? valueStarts() : `${frame.pointer}/${escapePointerPart(frame.key ?? '')}`) : '';
      stack.push({ pointer: pointer ?? '\u0000', array: char === 91, index: 0 });
      expectKey = char === 123;
    } else if (char === 125 || char === 93) stack.pop();
    else if (char === 44) {
      // ,
      const frame = stack.at(-1);
      if (frame?.array) frame.index += 1;
      else expectKey = true;
    } else if (stack.at(-1)?.array && char > 32 && char !== 58) {
      // a scalar element (number, true, false, null): its line, then skip to its end
      valueStarts();
      while (index + 1 < text.length && !/[\s,\]}]/.test(text[index + 1])) index += 1;
    }
  }
  return out;
}
