/**
 * Where a JSON pointer's value starts in a JSON text (the loader's error positions on a JSON spec),
 * held to the `yaml` package's positions for the same text, which the loader used before: on a JSON
 * fixture spec and on generated documents, for every value's pointer and for pointers that lead
 * past the document. Starts no process.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { isNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonPointerOffset, linePosition } from '../../../../generators/core/json-source.js';
import { parseWithLines } from '../../../../generators/core/yaml-source.js';

/** The oracle: the deepest node `keys` reaches in the `yaml` package's document of the text, as line and column (the text parsed once). */
function yamlPositions(text: string): (keys: string[]) => { line: number; column: number } {
  const { document, lineCounter } = parseWithLines(text);
  return (keys) => {
    let found: unknown = document.contents;
    for (let depth = 1; depth <= keys.length; depth += 1) {
      const node = document.getIn(keys.slice(0, depth), true);
      if (!isNode(node)) break;
      found = node;
    }
    const { line, col } = lineCounter.linePos((found as { range: [number] }).range[0]);
    return { line, column: col };
  };
}

/** Every value's keys from the root, and one key past each container. */
function pointersOf(value: unknown, keys: string[] = []): string[][] {
  const all = [keys];
  if (value && typeof value === 'object') {
    all.push([...keys, 'no such key']);
    for (const [key, child] of Object.entries(value)) all.push(...pointersOf(child, [...keys, key]));
  }
  return all;
}

const at = (text: string, keys: string[]) => linePosition(text, jsonPointerOffset(text, keys).offset);

describe('jsonPointerOffset', () => {
  it("finds every value of a JSON spec where the yaml package's document puts it", () => {
    const text = readFileSync('test/fixtures/specs/shop-3.1.json', 'utf8');
    const pointers = pointersOf(JSON.parse(text));
    expect(pointers.length).toBeGreaterThan(200);
    const yamlPosition = yamlPositions(text);
    for (const keys of pointers) expect(at(text, keys), keys.join('/')).toEqual(yamlPosition(keys));
  });

  it('finds them in any JSON, compact or indented, with escaped keys and values, and says when a pointer leads past it', () => {
    const key = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.constantFrom('a/b', '~', '"', '\\', 'é', '\u2028', '0', '10', ''),
    );
    const json = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
        fc.array(tie('node'), { maxLength: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(json, fc.constantFrom(0, 1, 2, 4), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const yamlPosition = yamlPositions(text);
        for (const keys of pointersOf(value)) {
          expect(at(text, keys)).toEqual(yamlPosition(keys));
          const { reached } = jsonPointerOffset(text, keys);
          expect(reached).toBe(keys.at(-1) !== 'no such key');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('stops at the deepest value a pointer reaches: past a scalar, an array index out of range or not a number', () => {
    const text = '{\n  "a": [10, {"b": "x"}],\n  "c": true\n}';
    expect(jsonPointerOffset(text, ['a', '1', 'b'])).toEqual({ offset: text.indexOf('"x"'), reached: true });
    expect(jsonPointerOffset(text, ['a', '5'])).toEqual({ offset: text.indexOf('['), reached: false });
    expect(jsonPointerOffset(text, ['a', '01'])).toEqual({ offset: text.indexOf('['), reached: false });
    expect(jsonPointerOffset(text, ['c', 'd'])).toEqual({ offset: text.indexOf('true'), reached: false });
    expect(linePosition(text, text.indexOf('true'))).toEqual({ line: 3, column: 8 });
  });
});
