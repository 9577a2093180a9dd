/**
 * The property-based stage (properties.ts) on a query parameter with no type whose enum holds
 * booleans and numbers (issue 43: nexmo conversion's `delivered`). Every generated value was read
 * back from the wire as text, which no such member equals, so fast-check skipped every input and
 * failed the run with no error of its own, and the suite threw `null` ("Error: null" from
 * suiteProblem). The target is an in-process fetch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitraryFrom,
  findExcludedByAllOf,
  findStringOutOfBounds,
  shortestMatch,
} from '../../../../../generators/plugins/contract-tests/runtime/arbitraries.js';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import { ProblemsError } from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { propertyCheck } from '../../../../../generators/plugins/contract-tests/runtime/properties.js';
import { asRead } from '../../../../../generators/plugins/contract-tests/runtime/serialize.js';
import { findForbiddenRequired } from '../../../../../generators/plugins/contract-tests/runtime/valid-request.js';
import { createAjv } from '../../../../../generators/plugins/server/runtime/validation.js';
import { SpecValidator } from '../../../../../generators/plugins/contract-tests/runtime/validator.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

const SPEC = 'test/fixtures/kinds/untyped-enum-query-3.0.yaml';

/** The property check of one operation against an in-process target that answers 200: what it threw (undefined when it passed) and the queries it sent. */
async function propertyRun(
  spec: string,
  operationId: string,
): Promise<{ thrown: unknown; sent: URLSearchParams[] }> {
  const cases = await contractCasesOf(spec);
  const sent: URLSearchParams[] = [];
  const target = inProcessTarget(
    cases,
    async (url) => {
      sent.push(new URL(String(url)).searchParams);
      return new Response(null, { status: 200 });
    },
    { name: 'properties' },
  );
  const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
  const thrown = await propertyCheck(checks, operationId, { runs: 5, seed: 1, tag: checks.tag }).then(
    () => undefined,
    (error: unknown) => error,
  );
  return { thrown, sent };
}

describe('a query parameter with no type and an enum of booleans and numbers', () => {
  it.each([
    ['true', true],
    ['0', 0],
    ['1', 1],
    ['yes', 'yes'],
  ])('reads the wire text %j as %j', (text, read) => {
    const param = {
      in: 'query' as const,
      style: 'form',
      explode: true,
      schema: { enum: [true, false, 0, 1] },
    };
    expect(asRead(param, text)).toBe(read);
  });

  it('gets generated requests sent and judged (none skipped as invalid)', async () => {
    const cases = await contractCasesOf(SPEC);
    const sent: string[] = [];
    const target = inProcessTarget(
      cases,
      async (url) => {
        sent.push(new URL(String(url)).searchParams.get('delivered') ?? '');
        return new Response(null, { status: 200 });
      },
      { name: 'properties' },
    );
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    await expect(
      propertyCheck(checks, 'createConversion', { runs: 5, seed: 1, tag: checks.tag }),
    ).resolves.toBeUndefined();
    expect(sent.length).toBeGreaterThanOrEqual(5);
    expect(sent.every((value) => ['true', 'false', '0', '1'].includes(value))).toBe(true);
  });
});

// Issue 43: iotwireless's TagResource behind Prism, which answers 404 to every request there.
describe('a property that fails whatever the input (a mock refusing every request)', () => {
  it('stops shrinking after its budget of tries and still reports the failure', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/large-body-shrink-3.0.yaml');
    let sent = 0;
    const target = inProcessTarget(
      cases,
      async () => {
        sent += 1;
        return new Response(JSON.stringify({ message: 'not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      },
      { name: 'refusing' },
    );
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const error = await propertyCheck(checks, 'tagResource', { runs: 5, seed: 1, tag: checks.tag }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProblemsError);
    const { message } = (error as ProblemsError).problems[0]!;
    expect(message).toContain('a generated request breaks the contract, run 1 of 5');
    // The first failing request and at most a hundred smaller ones.
    expect(sent).toBeLessThanOrEqual(101);
    expect(message).toMatch(/shrunk \d+ times, stopped after 100 tries/);
  });
});

describe("AWS's query shapes (autoscaling, autoscaling-plans)", () => {
  const SHAPES = 'test/fixtures/kinds/aws-query-objects-3.0.yaml';

  it('sends a required query array of objects, each item JSON text, none skipped as invalid', async () => {
    const { thrown, sent } = await propertyRun(SHAPES, 'attachTrafficSources');
    expect(thrown).toBeUndefined();
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const query of sent) {
      const items = query.getAll('TrafficSources').map((item) => JSON.parse(item) as unknown);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items)
        expect(item).toEqual(expect.objectContaining({ Identifier: expect.any(String) }));
    }
  });

  it("makes a body schema no validator compiles the spec's finding, before anything is sent", async () => {
    const { thrown, sent } = await propertyRun(SHAPES, 'createScalingPlan');
    expect(thrown).toBeInstanceOf(ProblemsError);
    expect((thrown as ProblemsError).problems).toEqual([
      expect.objectContaining({
        class: 'spec',
        check: 'schema',
        message: expect.stringContaining('the schema is not valid JSON Schema'),
      }),
    ]);
    expect(sent).toEqual([]);
  });
});

describe('optional query parameters no value satisfies (stackexchange)', () => {
  it('are left out of the generated requests, which are sent and judged', async () => {
    const { thrown, sent } = await propertyRun(
      'test/fixtures/kinds/enum-outside-type-query-3.0.yaml',
      'getSearchAdvanced',
    );
    expect(thrown).toBeUndefined();
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const query of sent) {
      expect(query.get('q')).toBeTruthy();
      expect(['closed', 'migrated', 'notice', 'wiki', 'accepted'].filter((name) => query.has(name))).toEqual(
        [],
      );
    }
  });
});

describe('a required query parameter no value satisfies (visagecloud)', () => {
  it("is the spec's finding, naming the parameter and its enum, not the generator's", async () => {
    const { thrown } = await propertyRun(
      'test/fixtures/kinds/enum-outside-type-query-3.0.yaml',
      'repurposeCollection',
    );
    expect(thrown).toBeInstanceOf(ProblemsError);
    expect((thrown as ProblemsError).problems).toEqual([
      expect.objectContaining({
        class: 'spec',
        message: expect.stringContaining(
          'the required query parameter purposes admits no value (enum ["FEATURES","LANDMARKS"], type array)',
        ),
      }),
    ]);
  });
});

describe('allOf members that each close their object (json2video)', () => {
  const CLOSED = 'test/fixtures/kinds/closed-all-of-members-3.0.yaml';

  it('leaves out the optional parts no value satisfies, and sends bodies valid against the schema', async () => {
    const cases = await contractCasesOf(CLOSED);
    const validator = new SpecValidator(cases);
    const body = cases.operations.find((operation) => operation.id === 'createMovie')!.generation.body!;
    const movies = fc.sample(arbitraryFrom(cases.sharedSchema, body), { numRuns: 100, seed: 3 });
    for (const movie of movies) expect(validator.violations(body, movie, 'request')).toEqual([]);
    // Scenes are drawn, their elements only ever empty.
    expect(movies.some((movie) => (movie as { scenes: unknown[] }).scenes.length > 0)).toBe(true);
    expect(movies.some((movie) => Object.hasOwn(movie as object, 'wrap'))).toBe(false);
    const { thrown, sent } = await propertyRun(CLOSED, 'createMovie');
    expect(thrown).toBeUndefined();
    expect(sent.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['createClip', '/'],
    ['createWrappedClip', '/clip'],
  ])(
    "makes a body that is (or requires) such an allOf the spec's finding, naming the property, before anything is sent: %s",
    async (operationId, at) => {
      const { thrown, sent } = await propertyRun(CLOSED, operationId);
      expect(thrown).toBeInstanceOf(ProblemsError);
      expect((thrown as ProblemsError).problems).toEqual([
        expect.objectContaining({
          class: 'spec',
          check: 'positive_data_acceptance',
          message: expect.stringContaining(`allOf one of whose members forbids`),
        }),
      ]);
      expect((thrown as ProblemsError).problems[0]!.message).toContain(`(at ${at} type)`);
      expect(sent).toEqual([]);
    },
  );

  it('reads a type-less allOf of closed members as no finding: a value other than an object satisfies it', () => {
    const typeless = {
      allOf: [
        { additionalProperties: false, required: ['type'], properties: { type: { type: 'string' } } },
        { additionalProperties: false, properties: { duration: {} } },
      ],
    };
    expect(findForbiddenRequired({ $id: 'typeless.json' }, typeless)).toBeUndefined();
    expect(findExcludedByAllOf({ $id: 'typeless.json' }, typeless)).toBeUndefined();
  });
});

describe("strings whose pattern and length bounds exclude each other (apprunner's ServiceId)", () => {
  const BOUNDS = 'test/fixtures/kinds/string-out-of-bounds-3.0.yaml';

  it("make a body requiring one, or a required query parameter of one, the spec's finding, naming why, before anything is sent", async () => {
    const body = await propertyRun(BOUNDS, 'createService');
    expect(body.sent).toEqual([]);
    expect((body.thrown as ProblemsError).problems).toEqual([
      expect.objectContaining({
        class: 'spec',
        check: 'positive_data_acceptance',
        message: expect.stringContaining(
          'requires a string no value satisfies, so no body is valid (at /service/id: its pattern "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}" matches nothing shorter than 36 characters, above its maxLength 32)',
        ),
      }),
    ]);
    const query = await propertyRun(BOUNDS, 'lookUpCode');
    expect(query.sent).toEqual([]);
    expect((query.thrown as ProblemsError).problems).toEqual([
      expect.objectContaining({
        class: 'spec',
        message: expect.stringContaining(
          'the required query parameter code admits no value (minLength 5 is above its maxLength 3)',
        ),
      }),
    ]);
    // Two generations of the fixture: 10-12 s under CI's load on a slow day, past the default bound on a hang.
  }, 30_000);

  it('leave an optional property of one out of the generated bodies, which are valid against the schema', async () => {
    const cases = await contractCasesOf(BOUNDS);
    const validator = new SpecValidator(cases);
    const body = cases.operations.find((operation) => operation.id === 'renameService')!.generation.body!;
    const renames = fc.sample(arbitraryFrom(cases.sharedSchema, body), { numRuns: 50, seed: 5 });
    for (const rename of renames) {
      expect(validator.violations(body, rename, 'request')).toEqual([]);
      expect(Object.keys(rename as object)).toEqual(['name']);
    }
  });
  it('name a pattern that matches no text, with or without a maxLength', () => {
    const root = { $id: 'patterns.json' };
    expect(findStringOutOfBounds(root, { type: 'string', pattern: 'arn:^x' })).toEqual({
      at: '',
      why: 'its pattern "arn:^x" matches no text: it puts ^ after a character it requires, or one after $ (JSON Schema patterns have no multiline flag)',
    });
    expect(findStringOutOfBounds(root, { type: 'string', pattern: '^arn:x' })).toBeUndefined();
  });

  it('names a pattern that requires a character its format never holds, and only such a one', () => {
    const root = { $id: 'patterns.json' };
    // amadeus' Contact.email: `\\.` is a backslash and any character; no email holds a backslash.
    const email = {
      type: 'string',
      format: 'email',
      pattern: '^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\.[a-zA-Z0-9-.]+$',
    };
    expect(findStringOutOfBounds(root, email)?.why).toBe(
      `its pattern ${JSON.stringify(email.pattern)} requires a character no email value holds: the pattern and format: email exclude each other`,
    );
    // The stubs' Ajv (ajv-formats') agrees: no text is both.
    const check = createAjv({ coerce: false }).compile(email);
    for (const text of ['a@b\\c', 'a@b\\.c', 'bob.smith@email.com', 'a@b.c'])
      expect(check(text), text).toBe(false);
    for (const schema of [
      { type: 'string', format: 'email', pattern: '^[a-z]+@[a-z]+\\.[a-z]+$' },
      { type: 'string', format: 'email', pattern: '^(?:x\\\\|[a-z])+@[a-z]+\\.[a-z]+$' },
      { type: 'string', format: 'ipv4', pattern: '^\\d+\\.\\d+\\.\\d+\\.\\d+$' },
      { type: 'string', pattern: '^a\\\\b$' },
    ])
      expect(findStringOutOfBounds(root, schema), schema.pattern).toBeUndefined();
    expect(
      findStringOutOfBounds(root, { type: 'string', format: 'date', pattern: '^\\d{4}/\\d{2}/\\d{2}$' })?.why,
    ).toMatch(/requires a character no date value holds/);
    // Found where the body requires it: inside the items an array must hold, not in an optional one.
    const booking = (minItems: number) => ({
      type: 'object',
      required: ['guests'],
      properties: {
        guests: {
          type: 'array',
          minItems,
          items: { type: 'object', required: ['email'], properties: { email } },
        },
      },
    });
    expect(findStringOutOfBounds(root, booking(1))?.at).toBe('/guests/0/email');
    expect(findStringOutOfBounds(root, booking(0))).toBeUndefined();
    // The first item is prefixItems[0]'s where the array has them (2020-12), not items'.
    const tuple = {
      type: 'array',
      minItems: 1,
      prefixItems: [{ type: 'string' }],
      items: { type: 'string', format: 'date', pattern: '^\\d{4}/\\d{2}$' },
    };
    expect(findStringOutOfBounds(root, tuple)).toBeUndefined();
    expect(findStringOutOfBounds(root, { ...tuple, prefixItems: [tuple.items] })?.at).toBe('/0');
  });

  it("reads every pattern an allOf brings, its members' own allOf included", () => {
    const root = { $id: 'patterns.json' };
    const nested = {
      type: 'string',
      maxLength: 3,
      allOf: [{ pattern: 'a' }, { allOf: [{ pattern: 'b' }, { pattern: 'cccc' }] }],
    };
    expect(findStringOutOfBounds(root, nested)).toEqual({
      at: '',
      why: 'its pattern "cccc" matches nothing shorter than 4 characters, above its maxLength 3',
    });
    expect(findStringOutOfBounds(root, { ...nested, maxLength: 4 })).toBeUndefined();
  });
});

describe('shortestMatch: the fewest characters a pattern matches', () => {
  it.each<[string, number]>([
    ['[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}', 36],
    ['arn:aws(-[\\w]+)*:[a-z0-9-\\\\.]{0,63}:[0-9]{12}:(\\w|\\/|-){1,1011}', 23],
    ['256|512|1024|(0.25|0.5|1) vCPU', 3],
    ['^[A-Z]{2,}$', 2],
    ['(?:ab){3}c+?', 7],
    ['(?<year>\\d{4})-\\d\\d', 7],
    ['\\u00e9{2}\\x41\\cJ\\p{L}{2}', 6],
    ['.*', 0],
    // Characters beyond the Basic Multilingual Plane are one each, as maxLength counts them.
    ['^x😀?$', 1],
    ['😀{2}', 2],
    ['\\uD83D\\uDE00+', 1],
    ['\\u{1F600}{3}', 3],
  ])('%s: %i', (pattern, least) => {
    expect(shortestMatch(pattern)).toBe(least);
    // fast-check's own reading of the pattern, as Ajv compiles it (unicode), draws nothing shorter.
    for (const text of fc.sample(fc.stringMatching(new RegExp(pattern, 'u')), { numRuns: 30, seed: 7 }))
      expect([...text].length).toBeGreaterThanOrEqual(least);
  });

  it('counts an assertion (a lookaround, a word boundary) as no character', () => {
    // fast-check draws no text for lookarounds; RegExp says the shortest text matches.
    for (const [pattern, shortest] of [
      ['x(?=y)y\\b', 'xy'],
      ['(?<!q)\\d{2}', '12'],
      ['a\\Bb', 'ab'],
    ]) {
      expect(new RegExp(pattern, 'u').test(shortest)).toBe(true);
      expect(shortestMatch(pattern)).toBe(shortest.length);
    }
  });

  it('reads a pattern with ^ after a character it requires, or one after $, as matching no text', () => {
    const texts = fc.sample(fc.string({ unit: 'grapheme', maxLength: 12 }), { numRuns: 500, seed: 3 });
    for (const pattern of [
      // AWS ec2's PlacementGroupArn.
      '^arn:aws([a-z-]+)?:ec2:[a-z\\d-]+:\\d{12}:placement-group/^.{1,255}$',
      'a^b',
      '(a)^',
      'x(?:^y)',
      'a$b',
    ]) {
      expect(shortestMatch(pattern), pattern).toBe(Infinity);
      for (const text of [...texts, 'a', 'ab', 'a^b', 'x', 'xy'])
        expect(new RegExp(pattern, 'u').test(text), `${pattern} ${text}`).toBe(false);
    }
    // Where the anchor may come first or last, the pattern matches as before.
    for (const [pattern, shortest] of [
      ['a?^b', 'b'],
      ['(?:a|^)b', 'b'],
      ['^^a$$', 'a'],
      ['a$|b', 'a'],
      ['a(?:$|b)', 'a'],
      ['x(?:y|^)', 'xy'],
    ] as const) {
      expect(new RegExp(pattern, 'u').test(shortest)).toBe(true);
      expect(shortestMatch(pattern), pattern).toBe(shortest.length);
    }
  });

  it('reads a backreference, or what it cannot parse, as 0', () => {
    for (const pattern of ['(a)\\1', '(?<n>a)\\k<n>', '(ab', 'ab)', '[ab', '(?#x)'])
      expect(shortestMatch(pattern)).toBe(0);
  });
});

describe("arrays whose items must differ, of IDs fast-check seldom draws (cleanrooms' templates)", () => {
  // `.*<uuid>.*` exactly 36 long: fast-check's draws are longer, so each ID falls back to one value.
  const id = {
    type: 'string',
    pattern: '.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*',
    minLength: 36,
    maxLength: 36,
  };
  const template = { type: 'object', required: ['id'], properties: { id, name: { type: 'string' } } };
  const NO_REFS = { $id: 'https://example.test/no-refs' };

  /** One draw and the RegExp tests it made; past `limit` the draw is stopped (a hang becomes a failure). */
  function drawCounted(arbitrary: fc.Arbitrary<unknown>, seed: number, limit = 100_000) {
    const test = RegExp.prototype.test;
    let tests = 0;
    RegExp.prototype.test = function (this: RegExp, text: string) {
      if (++tests > limit) throw new Error(`more than ${limit} pattern tests`);
      return test.call(this, text);
    };
    try {
      const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
      return { value, tests };
    } finally {
      RegExp.prototype.test = test;
    }
  }

  it('ends a draw that needs more distinct items than it can make (fast-check filtered such an array for ever)', () => {
    // maxItems 10 past the 8 items drawn at most: one draw in five is exactly 10 (seed 11 is one).
    const list = { type: 'array', items: template, maxItems: 10 };
    for (let seed = 8; seed < 14; seed += 1) {
      const value = drawCounted(arbitraryFrom(NO_REFS, list), seed).value as Array<{ id: string }>;
      expect(value.length).toBeLessThanOrEqual(10);
      expect(new Set(value.map((item) => item.id)).size).toBe(value.length);
    }
    expect(drawCounted(arbitraryFrom(NO_REFS, { ...list, minItems: 3 }), 1).value).toBeInstanceOf(Array);
  });

  it('never gives items that repeat, nor unresolved ones, where the draws run out', () => {
    const root = { $id: 'https://example.test/t', components: { schemas: { Template: template } } };
    const lists = [
      { type: 'array', items: { $ref: '#/components/schemas/Template' }, minItems: 3 },
      { type: 'array', items: id, uniqueItems: true, minItems: 3 },
    ];
    for (const list of lists)
      for (let seed = 0; seed < 3; seed += 1) {
        const value = drawCounted(arbitraryFrom(root, list), seed).value as unknown[];
        // Too short is refused by the caller's validation (minItems); repeated or null items are not.
        const keys = value.map((item) => JSON.stringify((item as { id?: string })?.id ?? item));
        expect(new Set(keys).size).toBe(value.length);
        expect(value).not.toContain(null);
      }
  });

  it('ends a map-like object that needs more distinct keys than it can make', () => {
    const map = {
      type: 'object',
      additionalProperties: { type: 'string' },
      minProperties: 3,
      propertyNames: id,
    };
    for (let seed = 0; seed < 3; seed += 1) drawCounted(arbitraryFrom(NO_REFS, map), seed);
    // At its size limit (one draw in five), 30 keys of one letter each.
    const letters = {
      type: 'object',
      additionalProperties: { type: 'integer' },
      maxProperties: 30,
      propertyNames: { pattern: '^[a-z]$' },
    };
    for (let seed = 0; seed < 6; seed += 1) drawCounted(arbitraryFrom(NO_REFS, letters), seed);
  });

  it('shares one budget of retries among the filters nested in a draw', () => {
    const ids = { type: 'array', items: id, minItems: 6, maxItems: 8 };
    const nested = { type: 'array', items: ids, minItems: 6, maxItems: 8 };
    // Without the budget: 64 tries for each of 36 to 64 IDs, 2,300 to 4,100 tests of the pattern.
    for (let seed = 0; seed < 5; seed += 1)
      expect(drawCounted(arbitraryFrom(NO_REFS, nested), seed).tests).toBeLessThan(2_400);
  });
});
