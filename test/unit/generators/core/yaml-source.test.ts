/**
 * A YAML spec parsed once per generation (core/yaml-source.ts): the value is what `yaml`'s parse
 * gives, whether js-yaml's index or the `yaml` package parsed it, and what was parsed is handed
 * over once, only for the same file and text.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  parseWithLines,
  parseYamlValue,
  pointerLines,
  pointerOffset,
  takeParsedYaml,
  takePointerLines,
} from '../../../../generators/core/yaml-source.js';

const TEXT = 'openapi: 3.1.0\ninfo: &info\n  title: T\n  version: "1"\nx-copy: *info\npaths: {}\n';
// An explicit tag: the index declines it, so the `yaml` package parses it.
const TAGGED = `${TEXT}x-tagged: !!str 5\n`;

describe('parseYamlValue, takePointerLines and takeParsedYaml', () => {
  it("gives yaml's value and hands the lines over once, for the same file and text only", () => {
    expect(parseYamlValue('/specs/a.yaml', TEXT)).toEqual(parse(TEXT, { maxAliasCount: -1 }));
    expect(takePointerLines('/specs/a.yaml', `${TEXT}\n`)).toBeUndefined();
    parseYamlValue('/specs/a.yaml', TEXT);
    expect(takePointerLines('/specs/b.yaml', TEXT)).toBeUndefined();
    parseYamlValue('/specs/a.yaml', TEXT);
    expect(takePointerLines('/specs/a.yaml', TEXT)?.locate('/paths')).toEqual({ line: 6, reached: true });
    expect(takePointerLines('/specs/a.yaml', TEXT)).toBeUndefined();
  });

  it('keeps the yaml document only when the yaml package parsed it', () => {
    parseYamlValue('/specs/a.yaml', TEXT);
    expect(takeParsedYaml('/specs/a.yaml', TEXT)).toBeUndefined();
    expect(parseYamlValue('/specs/a.yaml', TAGGED)).toEqual(parse(TAGGED, { maxAliasCount: -1 }));
    const parsed = takeParsedYaml('/specs/a.yaml', TAGGED);
    expect(parsed?.document.getIn(['info', 'title'])).toBe('T');
    expect(parsed?.lineCounter.linePos(TAGGED.indexOf('paths')).line).toBe(6);
    parseYamlValue('/specs/a.yaml', TAGGED);
    expect(takePointerLines('/specs/a.yaml', TAGGED)?.locate('/x-tagged')).toEqual({
      line: 7,
      reached: true,
    });
  });

  it("throws yaml's first error, with its position", () => {
    expect(() => parseYamlValue('/specs/bad.yaml', 'a: 1\na: 2\n')).toThrow(/unique/);
    expect(() => parseYamlValue('/specs/bad.yaml', 'a: [1\n')).toThrow(
      expect.objectContaining({ linePos: expect.any(Array) }),
    );
    // js-yaml takes this flow mapping; yaml refuses its indentation, and so does the loader.
    expect(() => parseYamlValue('/specs/bad.yaml', 'rules:\n  - {\n  a: 1\n  }\n')).toThrow(
      /sufficiently indented/,
    );
  });

  it('gives the same lines by either parse', () => {
    for (const text of [TEXT, TAGGED]) {
      const lines = pointerLines(text);
      const { document, lineCounter } = parseWithLines(text);
      for (const pointer of ['', '/info/title', '/x-copy', '/x-copy/title', '/paths/none']) {
        const { offset, reached } = pointerOffset(document, pointer);
        expect(lines.locate(pointer)).toEqual({ line: lineCounter.linePos(offset).line, reached });
      }
    }
  });
});

describe('pointerOffset', () => {
  const text =
    'paths:\n  /a~b/{id}:\n    get:\n      tags:\n        - one\n        - two\n  dup: 1\n  dup: 2\n';
  const { document, lineCounter } = parseWithLines(text);
  const lineOf = (pointer: string) => {
    const { offset, reached } = pointerOffset(document, pointer);
    return { line: lineCounter.linePos(offset).line, reached };
  };

  it('finds a member at its key and an element at itself, escapes decoded, a duplicate key at its first', () => {
    expect(lineOf('/paths/~1a~0b~1{id}/get')).toEqual({ line: 3, reached: true });
    expect(lineOf('/paths/~1a~0b~1{id}/get/tags/1')).toEqual({ line: 6, reached: true });
    expect(lineOf('/paths/dup')).toEqual({ line: 7, reached: true });
  });

  it('says where the deepest part it reached starts when the pointer leads past the document', () => {
    expect(lineOf('/paths/~1a~0b~1{id}/post/responses')).toEqual({ line: 2, reached: false });
    expect(lineOf('/paths/~1a~0b~1{id}/get/tags/9')).toEqual({ line: 4, reached: false });
  });
});
