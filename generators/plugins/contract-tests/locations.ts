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
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return {};
  }
  const pointers = new Set(wanted);
  // JSON is scanned as Latin-1, a character per byte (past a byte order mark): no decoding of
  // megabytes, and the same lines, as no byte of a multi-byte UTF-8 character is ASCII. YAML is
  // decoded as UTF-8, once.
  const latin1 = bytes.toString(
    'latin1',
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0,
  );
  let found: Map<string, number>;
  if (looksLikeJson(latin1)) found = jsonLines(latin1, pointers);
  else {
    const text = bytes.toString('utf8');
    found = yamlLines(takePointerLines(path.resolve(file), text) ?? pointerLines(text), pointers);
  }
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

/** The key whose opening quote is at `start` in JSON read as Latin-1, decoded (its UTF-8 too), and the index of its closing quote. */
function latin1Key(text: string, start: number): [string, number] {
  const [key, end] = jsonString(text, start);
  if (!/[^\x00-\x7f]/.test(key)) return [key, end];
  const utf8 = Buffer.from(text.slice(start + 1, end), 'latin1').toString('utf8');
  return [jsonString(`"${utf8}"`, 0)[0], end];
}

/** The index of the bracket that closes the object or array opening at `start` (the text's length when none does). */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 34) index = jsonStringEnd(text, index);
    else if (char === 123 || char === 91) depth += 1;
    else if ((char === 125 || char === 93) && --depth === 0) return index;
  }
  return text.length;
}

/**
 * Scans JSON (read as Latin-1) once, recording the line of each member or element whose pointer is wanted. It counts
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
  /** A container whose pointer is wanted or on the way to one (the others are stepped over whole). */
  type Frame = { pointer: string; array: boolean; index: number; key?: string };
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
  const valueStarts = (at: number): string => {
    const frame = stack.at(-1);
    if (!frame) return '';
    const pointer = `${frame.pointer}/${frame.array ? String(frame.index) : escapePointerPart(frame.key ?? '')}`;
    if (pointers.has(pointer) && !out.has(pointer)) out.set(pointer, lineAt(at));
    return pointer;
  };
  /** In an array, an element that is a scalar (number, true, false, null) starts after `at` when the next text is not a quote or container. */
  const scalarElementAfter = (at: number) => {
    const frame = stack.at(-1);
    if (!frame?.array) return;
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
      if (expectKey && frame) {
        const [value, end] = latin1Key(text, index);
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
        : frame.array
          ? valueStarts(index)
          : `${frame.pointer}/${escapePointerPart(frame.key ?? '')}`;
      if (!prefixes.has(pointer) && !pointers.has(pointer)) {
        // Nothing wanted inside: on to its end, counting brackets and stepping over strings
        // (most of a large spec: its schemas and examples).
        index = containerEnd(text, index);
        expectKey = false;
        continue;
      }
      stack.push({ pointer, array: char === 91, index: 0 });
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
