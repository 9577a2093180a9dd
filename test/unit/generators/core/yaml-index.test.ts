/**
 * The fast YAML parse (core/yaml-index.ts) held to the `yaml` package, which the loader used alone
 * before: the same value (deep and strict: -0, NaN, prototypes) and the same line for every member
 * and element, on the YAML specs of the test corpus (also with CRLF line ends), on a table of plain
 * scalars in every position, and on generated documents printed in many styles. What it declines,
 * `yaml` parses; the loader's fallback is tested in yaml-source.test.ts. Starts no process.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse, parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseIndexed } from '../../../../generators/core/yaml-index.js';
import { escapePointerPart } from '../../../../generators/core/refs.js';
import { parseWithLines, yamlPointerLines } from '../../../../generators/core/yaml-source.js';
import { PUBLIC_SPECS } from '../../../../scripts/lib/public-specs.js';

/** Every member's and element's pointer, and one past each container. */
function pointersOf(value: unknown, pointer = '', seen = new Set<unknown>()): string[] {
  const all = [pointer];
  if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value); // an alias repeats a node: its members are listed once
    all.push(`${pointer}/no such key`, `${pointer}/99`);
    // A pointer's parts are percent-decoded too (pointerToPath): a key's % is written %25.
    for (const [key, child] of Object.entries(value))
      all.push(...pointersOf(child, `${pointer}/${escapePointerPart(key).replace(/%/g, '%25')}`, seen));
  }
  return all;
}

/** The fast parse of `text`, checked against `yaml`: undefined when it declined. */
function checkAgainstYaml(text: string): 'parsed' | 'declined' {
  const fast = parseIndexed(text);
  if (!fast) return 'declined';
  // yaml takes it without an error or a warning, to the same value.
  const parsed = parseDocument(text);
  expect([...parsed.errors, ...parsed.warnings].map((problem) => problem.message)).toEqual([]);
  expect(fast.value).toStrictEqual(parse(text, { maxAliasCount: -1 }));
  const oracle = yamlPointerLines(parseWithLines(text));
  for (const pointer of pointersOf(fast.value))
    expect({ pointer, ...fast.lines.locate(pointer) }).toEqual({ pointer, ...oracle.locate(pointer) });
  return 'parsed';
}

/** The YAML files of a folder, but its large ones (the oracle walks every pointer from the root: seconds each). */
const yamlFiles = (folder: string) =>
  readdirSync(folder)
    .filter((name) => /\.ya?ml$/.test(name) && statSync(path.join(folder, name)).size < 100_000)
    .map((name) => path.join(folder, name));

describe('parseIndexed on real specs', () => {
  const mustParse = [
    ...PUBLIC_SPECS.map((spec) => spec.spec).filter((spec) => /\.ya?ml$/.test(spec)),
    'spec/openapi.yaml',
    'spec/dashboard.yaml',
  ];
  const corpus = [
    ...new Set([
      ...mustParse,
      ...yamlFiles('test/fixtures/specs'),
      ...yamlFiles('node_modules/@readme/oas-examples/3.0/yaml'),
      ...yamlFiles('node_modules/@readme/oas-examples/3.1/yaml'),
    ]),
  ];

  // One test per file (each a few hundred milliseconds: the oracle walks every pointer from the root).
  const declined = new Set<string>();
  it.each(corpus)(
    "gives yaml's value and lines for %s, if it takes it (also with CRLF line ends)",
    (file) => {
      const text = readFileSync(file, 'utf8');
      for (const variant of [text, text.replace(/\r?\n/g, '\r\n')]) {
        if (checkAgainstYaml(variant) === 'declined') declined.add(file);
      }
    },
  );

  it('takes the public specs and ours, and most of the corpus', () => {
    expect(mustParse.filter((file) => declined.has(file))).toEqual([]);
    // Declined: multi-line flow collections (JSON examples written inline) and explicit tags.
    expect(declined.size).toBeLessThan(corpus.length / 10);
  });
});

describe('parseIndexed on plain scalars', () => {
  // The core schema's edges as `yaml` resolves them, and look-alikes that stay strings.
  const SCALARS = [
    '~',
    'null',
    'Null',
    'NULL',
    'nULL',
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'yes',
    'no',
    'on',
    'off',
    'y',
    'n',
    '0',
    '-0',
    '+0',
    '007',
    '+12',
    '-12',
    '1_000',
    '0o17',
    '0o8',
    '0O17',
    '0x1F',
    '0x1f',
    '0X1F',
    '-0x1F',
    '0b101',
    '012345678901234567890',
    '1.',
    '.5',
    '-.5',
    '1.0',
    '1.50',
    '+1.5',
    '1e3',
    '1E3',
    '1e-3',
    '-1.5e+3',
    '.5e3',
    '1e',
    'e3',
    '1.2.3',
    '.inf',
    '-.Inf',
    '+.INF',
    '.nan',
    '.NaN',
    '.NAN',
    '-.nan',
    'inf',
    'nan',
    '2001-12-14',
    '2001-12-14t21:59:43.10-05:00',
    '12:30',
    '1:20:30',
    '<<',
    '=',
    'a b',
    'x-y',
    'application/json',
    'a#b',
    "it's",
    '3.1.0',
  ];

  it('resolves each as a value, a key and an element the way yaml does', () => {
    for (const scalar of SCALARS) {
      for (const text of [
        `v: ${scalar}\n`,
        `v:\n- ${scalar}\n- x\n`,
        `v: [${scalar}, x]\n`,
        `v: {k: ${scalar}}\n`,
      ])
        expect(checkAgainstYaml(text), text).toBe('parsed');
      const asKey = `${scalar}: v\nother: w\n`;
      // A null key is '' to yaml and 'null' to js-yaml: declined.
      expect(checkAgainstYaml(asKey), asKey).toBe(
        /^(~|null|Null|NULL)$/.test(scalar) ? 'declined' : 'parsed',
      );
    }
  });

  it('puts an element after a comment where its content starts, as yaml does', () => {
    for (const text of [
      '# head\n\nroot:\n  - # first\n    a: 1\n  -\n    # second\n\n    b: 2\n',
      'list:\n- # c\n  v\n- w # trailing\n',
    ]) {
      expect(checkAgainstYaml(text), text).toBe('parsed');
    }
  });

  it('takes a block scalar with an indentation indicator and no blank line of spaces (how js-yaml dumps text starting with spaces)', () => {
    expect(checkAgainstYaml('value: |2\n     MMM.\n    MMMMM\n\n    end\nnext: >-1\n  x\n   y\n')).toBe(
      'parsed',
    );
  });

  it('places a collection holding an alias to itself as yaml does', () => {
    expect(checkAgainstYaml('a: &x\n  - *x\n  - b\n')).toBe('parsed');
  });

  it('keeps a merge key a plain key, and an alias the same object, as yaml 1.2 does', () => {
    const text = 'base: &base\n  a: 1\nderived:\n  <<: *base\n  b: 2\nlist:\n  - *base\n  - c\n';
    expect(checkAgainstYaml(text)).toBe('parsed');
    const value = parseIndexed(text)!.value as {
      base: object;
      derived: Record<string, unknown>;
      list: unknown[];
    };
    expect(value.derived['<<']).toBe(value.base);
    expect(value.list[0]).toBe(value.base);
  });
});

describe('parseIndexed declines what it does not mirror', () => {
  it.each([
    ['an explicit tag', 'a: !!str 1\n'],
    ['a local tag', 'a: !thing x\n'],
    ['a tag after a comment and a line break', 'a: # c\n  !!str x\n'],
    ['a directive', '%YAML 1.1\n---\na: yes\n'],
    ['a collection as a key', '? [a, b]\n: c\n'],
    ['an explicit key without a value', '? a\n? b\n'],
    ['a pair in a flow sequence', 'a: [b: c]\n'],
    ['a multi-line flow collection', 'a:\n  - {\n    b: 1\n  }\n'],
    // js-yaml takes these three; yaml refuses them.
    ["a quoted string continued at its key's column", "a:\n  b: 'x\n  y'\n"],
    ['a quoted string continued with a document marker', '"x\n--- y"\n'],
    ['a comment right after a quoted string', "a: ''#x\n"],
    ['a lone CR', 'a: 1\rb: 2\r'],
    ['an empty document', '# nothing\n'],
    ['a root that is not a mapping', '- a\n- b\n'],
    ['a root scalar indented by a tab', '\tx\n'],
    // js-yaml reads these differently from yaml (found in review):
    ['an escaped line break then a blank line', 'a: "x\\\n\n  y"\n'],
    ['an indentation indicator with blank lines', 'a: |1\n   \n  \n'],
    ['an indentation indicator with trailing blank lines', 'a: |-2\n    x\n  \n   \n'],
    ['a kept block scalar ending in spaces without a line break', 'a: |+\n  x\n  '],
    ['--- then a non-breaking space', '---\u00a0x: 1\n'],
    ['an alias as a key', 'x: &k a\n*k : v\n'],
    ['an anchored empty element', 'l:\n- &a\n- b\n'],
    // ... and takes these, which yaml refuses or warns about:
    ['content on the --- line', '--- a: 1\n'],
    ['a key of 1,025 characters', `${'k'.repeat(1025)}: v\n`],
    ['an escape past U+10FFFF', 'a: "\\U00110000"\n'],
    ['a comment line indented by a tab after a block scalar', 'a: |\n  x\n\t# c\n'],
    ['an empty block scalar with a more-indented blank line', 'a: |\n    \n  # Title\n'],
    ['a kept block scalar of more-indented blank lines', 'k:\n  x: >+\n     \n   \n    y\n'],
    ['an anchor whose name ends in a colon', 'a: &x: 1\n'],
    ['an alias whose name ends in a colon', 'a: &x 1\nb: *x:\n'],
    // ... and these, found in a second review:
    ['an anchor run into a flow collection', 'a: &x[1]\n'],
    ["an anchored mapping on its key's line", 'a: &x b: c\n'],
    ['a key over 1,024 characters counted from its anchor', `&a ${'k'.repeat(1022)}: v\n`],
    ['a quoted key whose colon is over 1,024 characters away', `"${'k'.repeat(1010)}"${' '.repeat(20)}: v\n`],
    ['an anchor name defined again inside its node', 'k: &x\n  a: &x 1\nb: *x\n'],
    ['a byte order mark before a directive', '\ufeff%YAML 1.1\n---\na: yes\n'],
    ['a byte order mark before --- with content', '\ufeff--- x: 1\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a syntax error', 'a: [1\n'],
  ])('%s', (_name, text) => {
    expect(parseIndexed(text)).toBeUndefined();
  });
});

describe('parseIndexed on quoted strings over several lines, and anchors on their own line', () => {
  it("takes those whose lines are indented past their block, as yaml does, and gives yaml's value", () => {
    for (const text of [
      "a:\n  b: 'x\n   y'\n",
      'a:\n  - k: "x\n\n     y"\n',
      "l:\n- 'x\n y'\n",
      'a: "x\n y\\\n  z"\n',
      'a:\n  b:\n    "x\n   y"\n',
      '&r\nlist:\n  - &e\n    k: 1\n  - *e\n',
    ]) {
      expect(checkAgainstYaml(text), text).toBe('parsed');
    }
  });
});

describe('parseIndexed on block scalars', () => {
  // Indicators, chomping, blank lines with and without spaces, lines more indented than the first:
  // where js-yaml and yaml differ most.
  const line = (indent: number) =>
    fc.oneof(
      fc.constant(''),
      fc.nat(5).map((spaces) => ' '.repeat(spaces)),
      fc.constantFrom('x', 'y z', ' lead', 'a  b', '#h', '- l').map((text) => ' '.repeat(indent) + text),
    );
  const scalar = fc
    .record({
      nested: fc.boolean(),
      header: fc
        .tuple(
          fc.constantFrom('|', '>'),
          fc.constantFrom('', '-', '+'),
          fc.constantFrom('', '1', '2', '3'),
          fc.constantFrom('', ' # c'),
        )
        .map((parts) => parts.join('')),
      extra: fc.integer({ min: 1, max: 3 }),
      end: fc.constantFrom('\n', '\nafter: 1\n', ''),
    })
    .chain(({ nested, header, extra, end }) =>
      fc
        .array(line((nested ? 2 : 0) + extra), { maxLength: 5 })
        .map(
          (lines) =>
            `${nested ? 'root:\n  ' : ''}k: ${header}${lines.map((text) => `\n${text}`).join('')}${nested && end.startsWith('\na') ? end.replace('\n', '\n  ') : end}`,
        ),
    );

  it('takes a block scalar only as yaml reads it', () => {
    let parsed = 0;
    fc.assert(
      fc.property(scalar, (text) => {
        if (checkAgainstYaml(text) === 'parsed') parsed += 1;
      }),
      { numRuns: 1500 },
    );
    expect(parsed).toBeGreaterThan(300);
  });
});

describe('parseIndexed on broken specs', () => {
  // Edits of real specs: js-yaml is more lenient than yaml in places, and what it takes must be
  // exactly what yaml takes (the rest is declined, and yaml says what is wrong).
  const sources = [
    'node_modules/@readme/oas-examples/3.1/yaml/petstore.yaml',
    'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    'spec/openapi.yaml',
  ].map((file) => readFileSync(file, 'utf8').slice(0, 3000));
  const pieces = [
    '\n',
    '\n ',
    '\n    ',
    '\n\n',
    '\n---',
    ' ',
    '\t',
    '-',
    '- ',
    ':',
    ': ',
    '#',
    '"',
    "'",
    '[',
    ']',
    '{',
    '}',
    ',',
    '|',
    '>',
    '? ',
    '&a ',
    '*a',
    '!',
    '%',
    '\\',
    'x: y\n',
    '\r\n',
  ];
  const edit = fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    remove: fc.nat(3),
    piece: fc.option(fc.constantFrom(...pieces)),
  });

  it('takes an edited spec only when yaml takes it, with the same value and lines', () => {
    let parsed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...sources.keys()),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (source, edits) => {
          let text = sources[source];
          for (const { at, remove, piece } of edits) {
            const offset = Math.floor(at * text.length);
            text =
              text.slice(0, offset) +
              (piece ?? '') +
              text.slice(offset + (piece === null ? remove + 1 : remove));
          }
          if (checkAgainstYaml(text) === 'parsed') parsed += 1;
        },
      ),
      { numRuns: 1500 },
    );
    expect(parsed).toBeGreaterThan(100);
  });
});

describe('parseIndexed on generated documents', () => {
  // Strings that look like other scalars, or hold YAML's indicators, quotes and line breaks.
  const tricky = fc.constantFrom(
    '',
    ' ',
    'null',
    '~',
    'true',
    '0x1F',
    '0o17',
    '1e3',
    '-0',
    '.inf',
    '200',
    '- a',
    'a: b',
    '#x',
    'a #b',
    '"q"',
    "'s'",
    '[x]',
    '{y}',
    '&a',
    '*b',
    '!t',
    '|',
    '>',
    '%p',
    '@',
    '`',
    'line\nbreak',
    'trail\n',
    '\ttab',
    'é ü 😀',
    'a\\b',
    '  lead',
    'end  ',
  );
  const text = fc.oneof(tricky, fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }));
  const scalar = fc.oneof(text, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 4 }),
    object: fc.dictionary(
      fc.oneof(text, fc.constantFrom('200', '1.5', 'true', '<<', '__proto__')),
      tie('node'),
      { maxKeys: 4 },
    ),
  })).object;
  const style = fc.record({
    indent: fc.constantFrom(2, 4),
    collectionStyle: fc.constantFrom('any', 'block', 'flow'),
    defaultStringType: fc.constantFrom(
      'PLAIN',
      'QUOTE_DOUBLE',
      'QUOTE_SINGLE',
      'BLOCK_LITERAL',
      'BLOCK_FOLDED',
    ),
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE'),
    lineWidth: fc.constantFrom(0, 20, 80),
    indentSeq: fc.boolean(),
  } as const);

  it("gives yaml's value and lines, and takes most documents", () => {
    let parsed = 0;
    let runs = 0;
    fc.assert(
      fc.property(value, style, (document, options) => {
        runs += 1;
        if (checkAgainstYaml(stringify(document, { ...options, aliasDuplicateObjects: false })) === 'parsed')
          parsed += 1;
      }),
      { numRuns: 600 },
    );
    // Declined: multi-line flow collections, which a narrow flow style prints often.
    expect(parsed).toBeGreaterThan(runs * 0.6);
  });
});
