/**
 * Patterns written for other regex engines (issue 43: AWS's `^[\-\_\.a-zA-Z0-9]+$` and
 * `[^/:|\000-\037]+` in the corpus sweep stopped the round trip and the suites: Ajv compiles
 * patterns with ECMA-262's `u` flag, which refuses those escapes) are translated where their
 * meaning is clear, and the schemas every checker compiles carry the translation. Oracle: the
 * same strings matched by the pattern without `u` (Annex B's reading) and by the translation with it.
 */
import { describe, expect, it } from 'vitest';
import { ecmaPattern } from '../../../../generators/core/ecma-pattern.js';
import { toJsonSchema2020 } from '../../../../generators/core/schema-dialect.js';
import { createAjv } from '../../../../generators/plugins/server/runtime/validation.js';

const SAMPLES = ['a_b', 'a-b.c', 'a b', 'x\u0001y', 'a/b', 'A9', '', '_', '-', 'ä'];

describe('ecmaPattern', () => {
  it.each([
    ['^[\\-\\_\\.a-zA-Z0-9]+$', '^[\\-_\\.a-zA-Z0-9]+$'],
    ['[^/:|\\000-\\037]+', '[^/:|\\x00-\\x1f]+'],
    ['^\\_\\:x$', '^_:x$'],
    // AWS IoT Events: a dash beside a class escape in a class, a dash outside u mode.
    ['^[\\w- ]+$', '^[\\w\\- ]+$'],
    ['^[ -\\w]+$', '^[ \\-\\w]+$'],
  ])('translates %s to %s, matching what the pattern matched without u', (pattern, expected) => {
    const translated = ecmaPattern(pattern);
    expect(translated).toBe(expected);
    for (const sample of SAMPLES)
      expect(new RegExp(translated, 'u').test(sample), sample).toBe(new RegExp(pattern).test(sample));
  });

  it("reads PCRE's and Java's \\x{…} as the code point it names (AWS location's backtick)", () => {
    const translated = ecmaPattern('^[$\\-._\\x{60}\\w]+$');
    expect(translated).toBe('^[$\\-._\\u{60}\\w]+$');
    const regex = new RegExp(translated, 'u');
    expect(['a`b', '$-._', '`'].map((sample) => regex.test(sample))).toEqual([true, true, true]);
    expect(['{', 'x{60}', 'a b'].map((sample) => regex.test(sample))).toEqual([false, false, false]);
  });

  it('leaves a pattern that compiles with u, and one no engine reads, as written', () => {
    expect(ecmaPattern('^[a-z]+\\d{2}$')).toBe('^[a-z]+\\d{2}$');
    expect(ecmaPattern('(?<=a)b\\p{L}')).toBe('(?<=a)b\\p{L}');
    expect(ecmaPattern('[a-')).toBe('[a-');
  });
});

describe('schemas as the checkers compile them', () => {
  it.each(['3.0.3', '3.1.0'])('carry translated patterns in OpenAPI %s, so Ajv compiles them', (version) => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^[\\-\\_\\.a-zA-Z0-9]+$' } },
    };
    const converted = toJsonSchema2020(schema, version) as typeof schema;
    expect(converted.properties.name.pattern).toBe('^[\\-_\\.a-zA-Z0-9]+$');
    expect(() => createAjv({ coerce: false }).compile(schema)).toThrow(/Invalid escape/);
    const validate = createAjv({ coerce: false }).compile(converted);
    expect(validate({ name: 'a_b-c.d' })).toBe(true);
    expect(validate({ name: 'a b' })).toBe(false);
  });
});
