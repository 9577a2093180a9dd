/**
 * Where a JSON pointer's value starts in a JSON text, without parsing the text into a document: the
 * loader's error positions on a JSON spec. Building a YAML document of GitHub's 13 MB spec to find
 * one line took seconds; this descends the pointer once, skipping every value it does not enter.
 */

/** The index of the quote that closes the string opened at `start` (one preceded by an even run of backslashes). */
export function jsonStringEnd(text: string, start: number): number {
  for (let index = text.indexOf('"', start + 1); index !== -1; index = text.indexOf('"', index + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(index - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return index;
  }
  return text.length;
}

/**
 * The string whose opening quote is at `start`, decoded, and the index of its closing quote. Only
 * a string with an escape is parsed; one JSON would not accept (text that only looks like JSON, a
 * YAML flow mapping) is taken as written.
 */
export function jsonString(text: string, start: number): [string, number] {
  const end = jsonStringEnd(text, start);
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return [raw, end];
  try {
    return [JSON.parse(`"${raw}"`) as string, end];
  } catch {
    return [raw, end];
  }
}

/** Whether a spec's text is JSON (else YAML): an object or array first. */
export function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/** The first index at or after `at` that is not JSON whitespace. */
function skipSpace(text: string, at: number): number {
  let index = at;
  for (
    let char = text.charCodeAt(index);
    char === 32 || char === 10 || char === 13 || char === 9;
    char = text.charCodeAt(index)
  )
    index += 1;
  return index;
}

/** What ends a number, true, false or null. */
const SCALAR_END = /[,\]}\s]/g;

/** The index just past the value that starts at `start`. */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 34) return jsonStringEnd(text, start) + 1;
  if (first === 123 || first === 91) {
    let depth = 0;
    for (let index = start; index < text.length; index += 1) {
      const char = text.charCodeAt(index);
      if (char === 34) index = jsonStringEnd(text, index);
      else if (char === 123 || char === 91) depth += 1;
      else if ((char === 125 || char === 93) && --depth === 0) return index + 1;
    }
    return text.length;
  }
  // A number, true, false or null: up to the next delimiter.
  SCALAR_END.lastIndex = start;
  return SCALAR_END.exec(text)?.index ?? text.length;
}

/**
 * Where the value `keys` (a JSON pointer's parts) names starts in `text`. `reached` is false when
 * the pointer leads past the document; `offset` is then where the deepest value it reached starts.
 * A key that appears twice in an object is found at its first appearance.
 */
export function jsonPointerOffset(
  text: string,
  keys: readonly string[],
): { offset: number; reached: boolean } {
  let at = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0); // past a byte order mark
  for (const key of keys) {
    const open = text.charCodeAt(at);
    let found = -1;
    let index = skipSpace(text, at + 1);
    if (open === 123) {
      // Members: "name": value, ... (a name is decoded only when it may be the one sought).
      while (text.charCodeAt(index) === 34) {
        const [name, end] = jsonString(text, index);
        const value = skipSpace(text, skipSpace(text, end + 1) + 1); // past the colon
        if (name === key) {
          found = value;
          break;
        }
        index = skipSpace(text, valueEnd(text, value));
        if (text.charCodeAt(index) !== 44) break; // ,
        index = skipSpace(text, index + 1);
      }
    } else if (open === 91 && /^(0|[1-9]\d*)$/.test(key)) {
      const wanted = Number(key);
      for (let element = 0; index < text.length && text.charCodeAt(index) !== 93; element += 1) {
        if (element === wanted) {
          found = index;
          break;
        }
        index = skipSpace(text, valueEnd(text, index));
        if (text.charCodeAt(index) !== 44) break;
        index = skipSpace(text, index + 1);
      }
    }
    if (found === -1) return { offset: at, reached: false };
    at = found;
  }
  return { offset: at, reached: true };
}

/** The line and column (both from 1) of the character at `offset`. */
export function linePosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let newline = text.indexOf('\n');
    newline !== -1 && newline < offset;
    newline = text.indexOf('\n', newline + 1)
  ) {
    line += 1;
    lineStart = newline + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
