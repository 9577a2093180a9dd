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

const SAMPLES = [
  'a_b',
  'a-b.c',
  'a b',
  'x\u0001y',
  'a/b',
  'A9',
  '',
  '_',
  '-',
  'ä',
  '{a: b}',
  'ab{1-70}aa',
  'x]ya]',
];

describe('ecmaPattern', () => {
  it.each([
    ['^[\\-\\_\\.a-zA-Z0-9]+$', '^[\\-_\\.a-zA-Z0-9]+$'],
    ['[^/:|\\000-\\037]+', '[^/:|\\x00-\\x1f]+'],
    ['^\\_\\:x$', '^_:x$'],
    // AWS IoT Events: a dash beside a class escape in a class, a dash outside u mode.
    ['^[\\w- ]+$', '^[\\w\\- ]+$'],
    ['^[ -\\w]+$', '^[ \\-\\w]+$'],
    // A brace that starts no quantifier, a bracket that ends no class (AWS Storage Gateway, amadeus).
    ['^\\{[\\w\\s:]*}$', '^\\{[\\w\\s:]*\\}$'],
    ['^[a-z]{1,3}{1-70}a{2,}$', '^[a-z]{1,3}\\{1-70\\}a{2,}$'],
    ['^x]y[a]]$', '^x\\]y[a]\\]$'],
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

  // Oracle: java.util.regex.Pattern's table of POSIX classes, spelled out as its Javadoc lists them
  // (checked against Java 17 over code units 0-255 when written).
  const ascii = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => String.fromCharCode(from + index)).join('');
  const alnum = `${ascii(0x61, 0x7a)}${ascii(0x41, 0x5a)}0123456789`;
  const punct = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
  const JAVADOC: Record<string, string> = {
    Digit: '0123456789',
    Alnum: alnum,
    Punct: punct,
    Graph: alnum + punct,
    Print: `${alnum}${punct} `,
    Blank: ' \t',
    Cntrl: `${ascii(0, 0x1f)}\x7f`,
    XDigit: '0123456789abcdefABCDEF',
    Space: ' \t\n\x0b\f\r',
  };
  it.each(Object.keys(JAVADOC))(
    "reads Java's \\p{%s} as its ASCII members, in a class, outside one and negated",
    (name) => {
      const members = new Set(JAVADOC[name]);
      const units = ascii(0, 0xff);
      const matched = (pattern: string) => {
        const regex = new RegExp(ecmaPattern(pattern), 'u');
        return [...units].filter((unit) => regex.test(unit)).join('');
      };
      const expected = [...units].filter((unit) => members.has(unit)).join('');
      expect(matched(`^\\p{${name}}$`)).toBe(expected);
      expect(matched(`^[\\p{${name}}]$`)).toBe(expected);
      expect(matched(`^\\P{${name}}$`)).toBe([...units].filter((unit) => !members.has(unit)).join(''));
    },
  );

  it("translates AWS Elasticsearch's UUID pattern, and leaves what u reads as Unicode's or cannot subtract", () => {
    const uuid = '\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}';
    const regex = new RegExp(`^${ecmaPattern(uuid)}$`, 'u');
    expect(regex.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(regex.test('0f8fad5b-d9cb-469f-a165-70867728950g')).toBe(false);
    expect(ecmaPattern('^\\p{Alpha}+$')).toBe('^\\p{Alpha}+$');
    expect(ecmaPattern('^[a\\P{Digit}]$')).toBe('^[a\\P{Digit}]$');
    // A class inside a class (Java's intersection, POSIX's named class) has no `u` reading: left as
    // written, for generation to refuse.
    expect(ecmaPattern('[\\p{Print}&&[^|:/]]+')).toBe('[\\p{Print}&&[^|:/]]+');
    expect(ecmaPattern('^[[:alpha:]]+\\_$')).toBe('^[[:alpha:]]+\\_$');
  });

  it("spells a script's bare name and Java's Is prefix as ECMA-262 does (amadeus hotel booking, AWS Alexa for Business)", () => {
    const names = ecmaPattern('^[A-Za-z \\p{Han}\\p{Katakana}\\p{Hiragana}\\p{Hangul}-]*$');
    expect(names).toBe(
      '^[A-Za-z \\p{Script=Han}\\p{Script=Katakana}\\p{Script=Hiragana}\\p{Script=Hangul}-]*$',
    );
    const regex = new RegExp(names, 'u');
    expect(
      ['Tanaka 田中', 'カタカナ', 'ひらがな', '한글', 'Jean-Luc'].every((sample) => regex.test(sample)),
    ).toBe(true);
    expect(['Ωmega', 'é', '1'].some((sample) => regex.test(sample))).toBe(false);
    const java = ecmaPattern("([A-Za-z\\-' 0-9._]|\\p{IsLetter})*\\P{IsLatin}");
    expect(java).toBe("([A-Za-z\\-' 0-9._]|\\p{Letter})*\\P{Script=Latin}");
    expect(new RegExp(`^${java}$`, 'u').test('Ωmega Δ')).toBe(true);
    expect(new RegExp(`^${java}$`, 'u').test('Ωmega a')).toBe(false);
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
