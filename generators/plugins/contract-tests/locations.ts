/**
 * JSON pointer -> line in the spec file, for the pointers the contract findings name, so a report
 * says `spec/openapi.yaml:171` and GitHub annotates that line. YAML is looked up in what the loader
 * parsed (core/yaml-source.ts); JSON with a one-pass scanner, because building a YAML document of
 * GitHub's 13 MB spec takes 10 s and 650 MB. Pointers into parts bundled from other files get no line here; the report
 * falls back to their nearest ancestor that has one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jsonString, jsonStringEnd, looksLikeJson } from '../../core/json-source.js';
import { escapePointerPart } from '../../core/refs.js';
import { pointerLines, takePointerLines, type PointerLines } from '../../core/yaml-source.js';

/** Lines of `wanted` pointers (without `#`) in `file`; pointers the file does not have are left out. */
export function specLines(file: string, wanted: Iterable<string>): Record<string, number> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const pointers = new Set(wanted);
  const found = looksLikeJson(text)
    ? jsonLines(text, pointers)
    : yamlLines(takePointerLines(path.resolve(file), text) ?? pointerLines(text), pointers);
  return Object.fromEntries([...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function yamlLines(lines: PointerLines, pointers: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const pointer of pointers) {
    const { line, reached } = lines.locate(pointer);
    if (reached) out.set(pointer, line);
  }
  return out;
}

/**
 * Scans JSON once, recording the line of each member or element whose pointer is wanted. It counts
 * lines only up to what it records and skips strings by searching for their closing quote (JSON
 * strings hold no raw line breaks); only the keys of containers on the way to a wanted pointer are
 * decoded.
 */
function jsonLines(text: string, pointers: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  // Only containers on the way to a wanted pointer are worth tracking.
  const prefixes = new Set<string>(['']);
  for (const pointer of pointers)
    for (let at = pointer.lastIndexOf('/'); at > 0; at = pointer.lastIndexOf('/', at - 1))
      prefixes.add(pointer.slice(0, at));
  /** `tracked`: the container's pointer is wanted or on the way to one (else its members' keys do not matter). */
  type Frame = { pointer: string; tracked: boolean; array: boolean; index: number; key?: string };
  const stack: Frame[] = [];
  let counted = 0;
  let line = 1;
  /** The line of the character at `at` (never before the last one asked for). */
  const lineAt = (at: number): number => {
    for (
      let newline = text.indexOf('\n', counted);
      newline !== -1 && newline < at;
      newline = text.indexOf('\n', newline + 1)
    )
      line += 1;
    counted = at;
    return line;
  };
  /** A value starts at `at`: note its line when its pointer is wanted; returns its pointer. */
  const valueStarts = (at: number): string | undefined => {
    const frame = stack.at(-1);
    if (!frame) return '';
    if (!frame.tracked) return undefined;
    const pointer = `${frame.pointer}/${frame.array ? String(frame.index) : escapePointerPart(frame.key ?? '')}`;
    if (pointers.has(pointer) && !out.has(pointer)) out.set(pointer, lineAt(at));
    return pointer;
  };
  /** In a tracked array, an element that is a scalar (number, true, false, null) starts after `at` when the next text is not a quote or container. */
  const scalarElementAfter = (at: number) => {
    const frame = stack.at(-1);
    if (!frame?.array || !frame.tracked) return;
    const next = /\S/g;
    next.lastIndex = at + 1;
    const found = next.exec(text);
    if (found && !'"{[]'.includes(found[0])) valueStarts(found.index);
  };
  let expectKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 34) {
      // "
      const frame = stack.at(-1);
      if (expectKey && frame?.tracked) {
        const [value, end] = jsonString(text, index);
        frame.key = value;
        // The member's line is its key's line.
        valueStarts(index);
        index = end;
      } else {
        if (!expectKey && frame?.array) valueStarts(index);
        index = jsonStringEnd(text, index);
      }
      expectKey = false;
    } else if (char === 123 || char === 91) {
      // { or [
      const frame = stack.at(-1);
      const pointer = !frame
        ? ''
        : !frame.tracked
          ? undefined
          : frame.array
            ? valueStarts(index)
            : `${frame.pointer}/${escapePointerPart(frame.key ?? '')}`;
      stack.push({
        pointer: pointer ?? '\u0000',
        tracked: pointer !== undefined && (prefixes.has(pointer) || pointers.has(pointer)),
        array: char === 91,
        index: 0,
      });
      expectKey = char === 123;
      if (char === 91) scalarElementAfter(index);
    } else if (char === 125 || char === 93) stack.pop();
    else if (char === 44) {
      // ,
      const frame = stack.at(-1);
      if (frame?.array) {
        frame.index += 1;
        scalarElementAfter(index);
      } else expectKey = true;
    }
  }
  return out;
}
