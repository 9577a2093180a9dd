import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Document, parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { printYaml, UnsupportedYamlValue, YAML_OPTIONS } from '../../../../generators/core/yaml-printer.mjs';
import { PUBLIC_SPECS } from '../../../../scripts/lib/public-specs.js';

/** The oracle: what the `yaml` package prints for the value with the same options. */
const yamlPrints = (value: unknown) => new Document(value, YAML_OPTIONS).toString(YAML_OPTIONS);

/** Characters that decide quoting, block style, chomping and escapes in YAML, and some plain ones. */
const TRICKY = [
  ...'ab z09-?:#&*!|>\'"%@`,[]{}.~+eExo_\t\n\n\n ',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\ud800',
  'é',
  '😀',
  '---',
  '...',
  'true',
  'null',
  '0x1F',
  '1e3',
  '.inf',
  '0o7',
];
const trickyString = fc.array(fc.constantFrom(...TRICKY), { maxLength: 14 }).map((parts) => parts.join(''));
const anyString = fc.oneof(
  { weight: 3, arbitrary: trickyString },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .lorem({ maxCount: 30 })
      .map((text) => text.replace(/ /g, (space, at) => (at % 7 === 0 ? '\n' : space))),
  },
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('printYaml', () => {
  it('prints what `yaml` prints for any JSON value under a mapping, tricky strings and keys included', () => {
    fc.assert(
      fc.property(fc.dictionary(anyString, json, { minKeys: 1, maxKeys: 5 }), (document) => {
        expect(printYaml(document)).toBe(yamlPrints(document));
      }),
      { numRuns: 3000 },
    );
  });

  it('prints what `yaml` prints for every spec of the corpus, our own included', () => {
    for (const file of [
      ...PUBLIC_SPECS.map((spec) => spec.spec).filter((file) => !file.includes('api.github.com')),
      'spec/openapi.yaml',
      'spec/dashboard.yaml',
    ]) {
      const document: unknown = parse(readFileSync(file, 'utf8'));
      expect(printYaml(document), file).toBe(yamlPrints(document));
    }
  });

  it('breaks a double-quoted text at its newlines from 40 characters of JSON on, as `yaml` does', () => {
    // A control character forces double quotes; around the threshold, the newline stays escaped or breaks the line.
    for (let length = 15; length <= 40; length += 1) {
      for (const tail of ['\n', '\n ', '\n\nx', ' \nx']) {
        const text = `\u0001${'w'.repeat(length)}${tail}`;
        const document = { key: text, list: [text], [text]: 1 };
        expect(printYaml(document), JSON.stringify(text)).toBe(yamlPrints(document));
      }
    }
  });

  it('leaves out keys whose value is undefined and prints an undefined item as null, as `yaml` does', () => {
    const document = {
      kept: 1,
      dropped: undefined,
      list: [undefined, 2],
      onlyUndefined: { gone: undefined },
    };
    expect(printYaml(document)).toBe(yamlPrints(document));
    expect(printYaml(document)).toBe('kept: 1\nlist:\n  - null\n  - 2\nonlyUndefined: {}\n');
  });

  it('refuses what it does not print as `yaml` would: not JSON, a root scalar string, a key over 1024 characters', () => {
    expect(() => printYaml({ when: new Date(0) })).toThrow(UnsupportedYamlValue);
    expect(() => printYaml({ big: 1n })).toThrow(UnsupportedYamlValue);
    expect(() => printYaml('alone')).toThrow(UnsupportedYamlValue);
    expect(() => printYaml({ ['k'.repeat(1025)]: 1 })).toThrow(UnsupportedYamlValue);
  });
});
