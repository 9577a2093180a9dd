/**
 * The property-based stage and the stateful sequences are derived for any spec: on ours,
 * Petstore 3.1 and Train Travel, every value the fast-check arbitraries make for a request body
 * or query parameter is valid against its schema (Ajv, JSON Schema 2020-12), and create
 * operations find their read/update/delete/list links (declared, or inferred from paths).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitraryFrom,
  integerBounds,
} from '../../../../../generators/plugins/contract-tests/runtime/arbitraries.js';
import { echoDifference } from '../../../../../generators/plugins/contract-tests/runtime/round-trip.js';
import { SpecValidator } from '../../../../../generators/plugins/contract-tests/runtime/validator.js';
import { scratchFolders } from '../../../../support/scratch.js';
import { contractCasesOf } from '../../../../support/contract-cases.js';

const scratch = scratchFolders();

const SPECS = [
  { name: 'Assessment Service', spec: 'spec/openapi.yaml', resources: ['createSubject', 'createAssessment'] },
  {
    name: 'Petstore 3.1',
    spec: 'node_modules/@readme/oas-examples/3.1/yaml/petstore.yaml',
    resources: ['placeOrder'],
  },
  {
    name: 'Train Travel',
    spec: 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    resources: ['create-booking'],
  },
  // Required properties that are readOnly beside a $ref, or declared readOnly by another allOf member.
  { name: 'the read-only fixture', spec: 'test/fixtures/values/read-only-3.1.yaml', resources: [] },
];

describe.each(SPECS)('contract generation for $name', ({ spec, resources }) => {
  it('makes only schema-valid bodies and query parameters (200 samples per operation)', async () => {
    const cases = await contractCasesOf(spec);
    const validator = new SpecValidator(cases);
    let checked = 0;
    for (const operation of cases.operations) {
      const targets = [
        ...(operation.generation.body ? [{ where: 'body', schema: operation.generation.body }] : []),
        ...operation.generation.query.map((param) => ({
          where: `query ${param.name}`,
          schema: param.schema,
        })),
      ];
      for (const { where, schema } of targets) {
        for (const value of fc.sample(arbitraryFrom(cases.sharedSchema, schema), { numRuns: 200, seed: 7 })) {
          const violations = validator.violations(schema, value, 'request');
          expect(violations, `${operation.id} ${where}: ${JSON.stringify(value)}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  }, 60_000);

  it('finds the resources its create operations make, with their links', async () => {
    const cases = await contractCasesOf(spec);
    expect(cases.resources.map((resource) => resource.create)).toEqual(expect.arrayContaining(resources));
    for (const resource of cases.resources)
      expect(
        resource.read ?? resource.delete ?? resource.update ?? resource.list,
        resource.create,
      ).toBeDefined();
  });
});

const NO_COMPONENTS = { $id: 'none.json', components: { schemas: {} } };

describe('the generators explore beyond the examples', () => {
  it('varies optional properties and sizes, up to the schema limits', async () => {
    const cases = await contractCasesOf('spec/openapi.yaml');
    const body = cases.operations.find((operation) => operation.id === 'createSubject')!.generation.body!;
    const values = fc.sample(arbitraryFrom(cases.sharedSchema, body), { numRuns: 100, seed: 1 }) as Array<{
      metadata?: Record<string, string>;
    }>;
    expect(values.some((value) => value.metadata === undefined)).toBe(true);
    expect(values.some((value) => Object.keys(value.metadata ?? {}).length >= 3)).toBe(true);
    const submissions = fc.sample(
      arbitraryFrom(
        cases.sharedSchema,
        cases.operations.find((operation) => operation.id === 'submitAssessment')!.generation.body!,
      ),
      { numRuns: 100, seed: 1 },
    ) as Array<{ answers?: Array<{ item_id: string; value: number }> }>;
    const answerValues = new Set(
      submissions.flatMap((submission) => submission.answers ?? []).map((answer) => answer.value),
    );
    expect([...answerValues].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(submissions.some((submission) => (submission.answers?.length ?? 0) > 3)).toBe(true);
    // The size limits themselves are tried: 200 answers, 20 metadata keys.
    expect(submissions.some((submission) => submission.answers?.length === 200)).toBe(true);
    expect(values.some((value) => Object.keys(value.metadata ?? {}).length === 20)).toBe(true);
  });

  it('draws long strings for an allowed-characters pattern with a minimum length (the dashboard password), without retrying forever', () => {
    // fast-check's stringMatching draws short strings; filtering them to 12+ characters almost never ended.
    const schema = { type: 'string', minLength: 12, maxLength: 256, pattern: '^[^\\x00-\\x1F]*$' };
    const values = fc.sample(arbitraryFrom(NO_COMPONENTS, schema), { numRuns: 50, seed: 3 }) as string[];
    for (const value of values)
      expect(
        [...value].length >= 12 && [...value].length <= 256 && /^[^\x00-\x1F]*$/u.test(value),
        JSON.stringify(value),
      ).toBe(true);
    const plus = fc.sample(
      arbitraryFrom(NO_COMPONENTS, { type: 'string', pattern: '^[a-f]+$', minLength: 30 }),
      { numRuns: 20, seed: 3 },
    ) as string[];
    expect(plus.every((value) => /^[a-f]{30,}$/.test(value))).toBe(true);
  });
});

describe('numbers bounded on one side only', () => {
  // AWS Athena's BytesScannedCutoffValue: `minimum: 10000000` and no maximum. The side without a
  // bound defaulted to a million from zero, below the other bound, and fast-check refused to draw.
  it.each([
    { type: 'integer', minimum: 10_000_000 },
    { type: 'integer', maximum: -5_000_000 },
    { type: 'integer', exclusiveMinimum: 2_000_000, multipleOf: 5 },
    { type: 'number', minimum: 5e12 },
    { type: 'number', exclusiveMaximum: -3e10 },
    { type: 'integer', minimum: 3 },
    { type: 'number', exclusiveMinimum: 1e300 },
    { type: 'number', exclusiveMaximum: -1.7e308 },
  ])('draws values %j accepts (Ajv the judge)', (schema) => {
    const accepts = new Ajv({ strict: false }).compile(schema);
    const values = fc.sample(arbitraryFrom(NO_COMPONENTS, schema), { numRuns: 50, seed: 11 });
    expect(values.filter((value) => !accepts(value))).toEqual([]);
    expect(new Set(values).size).toBeGreaterThan(10);
  });
});

describe('integers bounded as int64', () => {
  // kinto's query parameters: `maximum: 9223372036854776000` (2^63). fast-check's integers are safe
  // integers; given that bound it drew without end (synchronously, past any test timeout).
  it.each([
    { type: 'integer', minimum: 0, maximum: 9223372036854776000 },
    { type: 'integer', minimum: -9223372036854776000, maximum: -1 },
    { type: 'integer', minimum: 0, maximum: 9223372036854776000, multipleOf: 8 },
  ])('draws safe integers %j accepts (Ajv the judge)', (schema) => {
    // The bounds first: past 2^53 the draws below would never end, and the test with them.
    const { min, max, step } = integerBounds(schema);
    expect([min * step, max * step].every((bound) => Number.isSafeInteger(bound))).toBe(true);
    const accepts = new Ajv({ strict: false }).compile(schema);
    const values = fc.sample(arbitraryFrom(NO_COMPONENTS, schema), { numRuns: 50, seed: 11 }) as number[];
    expect(values.filter((value) => !Number.isSafeInteger(value))).toEqual([]);
    expect(values.filter((value) => !accepts(value))).toEqual([]);
    expect(new Set(values).size).toBeGreaterThan(10);
  });
});

describe('an optional property no value satisfies', () => {
  it('is left out of the bodies drawn, which Ajv takes (apptigent: a string whose enum is [true, false])', () => {
    const schema = {
      type: 'object',
      required: ['input'],
      properties: { input: { type: 'string' }, trim: { type: 'string', enum: [true, false] } },
    };
    const accepts = new Ajv({ strict: false }).compile(schema);
    const values = fc.sample(arbitraryFrom(NO_COMPONENTS, schema), { numRuns: 50, seed: 5 });
    expect(values.filter((value) => !accepts(value))).toEqual([]);
    expect(values.some((value) => Object.hasOwn(value as object, 'trim'))).toBe(false);
  });

  it('and an optional object that requires one', () => {
    const schema = {
      type: 'object',
      properties: {
        options: {
          type: 'object',
          required: ['trim'],
          properties: { trim: { type: 'string', enum: [true, false] } },
        },
        input: { type: 'string' },
      },
    };
    const accepts = new Ajv({ strict: false }).compile(schema);
    const values = fc.sample(arbitraryFrom(NO_COMPONENTS, schema), { numRuns: 50, seed: 6 });
    expect(values.filter((value) => !accepts(value))).toEqual([]);
    expect(values.some((value) => Object.hasOwn(value as object, 'options'))).toBe(false);
  });
});

describe('patterns fast-check cannot draw from', () => {
  it('a lookahead draws from the value generator instead of stopping the suite, and every value matches', () => {
    // An AWS tag key: fast-check's stringMatching throws on `(?!...)` when the arbitrary is made.
    const schema = { type: 'string', pattern: '^(?!aws:)[a-zA-Z0-9+=._:/-]+$', minLength: 1, maxLength: 128 };
    const values = fc.sample(arbitraryFrom({ $id: 'tags.json' }, schema), { numRuns: 20, seed: 7 });
    expect(values).toHaveLength(20);
    for (const value of values) expect(value).toMatch(new RegExp(schema.pattern, 'u'));
  });

  it('word boundaries (AWS SSO request IDs) are drawn around, and every value matches the whole pattern', () => {
    // fast-check's stringMatching throws on `\b`; the value generator could not draw it either.
    const pattern = '\\b[0-9a-f]{8}\\b-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-\\b[0-9a-f]{12}\\b';
    const values = fc.sample(arbitraryFrom({ $id: 'sso.json' }, { type: 'string', pattern }), {
      numRuns: 100,
      seed: 7,
    });
    for (const value of values) expect(value).toMatch(new RegExp(pattern, 'u'));
    expect(new Set(values).size).toBeGreaterThan(50);
  });
});

describe('round-trip comparison', () => {
  it.each([
    { sent: { a: 1 }, got: { a: 1, b: 2 }, same: true },
    { sent: { m: { k: 'v' } }, got: { m: {} }, same: false },
    {
      sent: [{ id: 'x', v: 1 }],
      got: [
        { id: 'y', v: 2 },
        { id: 'x', v: 1 },
      ],
      same: true,
    },
    { sent: [{ id: 'x', v: 1 }], got: [{ id: 'x', v: 2 }], same: false },
    { sent: '2026-01-01T00:00:00.000Z', got: '2026-01-01T00:00:00Z', same: true },
    { sent: 'a', got: 'b', same: false },
  ])('$sent against $got: same = $same', ({ sent, got, same }) => {
    expect(echoDifference(sent, got) === undefined).toBe(same);
  });
});

describe('negative bodies for a pattern (issue 43: a pattern every string matches gave a suite finding)', () => {
  it('break the pattern with a value it refuses, and are not derived when no value breaks it', async () => {
    const dir = scratch.make('pattern-negatives-');
    const spec = path.join(dir, 'spec.json');
    const property = (pattern: string) => ({ type: 'string', pattern, example: 'abc' });
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Patterns', version: '1' },
        paths: {
          '/things': {
            post: {
              operationId: 'createThing',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { word: property('^[a-z]+$'), anything: property('^[\\s\\S]*$') },
                      example: { word: 'abc', anything: 'abc' },
                    },
                  },
                },
              },
              responses: { '201': { description: 'Created' } },
            },
          },
        },
      }),
    );
    const cases = await contractCasesOf(spec);
    const names = cases.operations[0].negative.map((negative) => negative.name);
    expect(names).toContain('word not matching its pattern');
    expect(names.filter((name) => name.includes('anything'))).toEqual([]);
    const word = cases.operations[0].negative.find((negative) => negative.name.includes('word not matching'));
    expect(/^[a-z]+$/u.test((word?.body as { word: string }).word)).toBe(false);
  });
});

describe('bodies sent as bytes or text (issue 43: an object schema under application/octet-stream)', () => {
  it('hold the text the raw request sends, which the generated client takes as it is, and judge it by no schema', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/octet-object-body-3.0.yaml');
    const createApp = cases.operations.find((operation) => operation.id === 'createApp')!;
    expect(createApp.bodyContentType).toBe('application/octet-stream');
    expect(typeof createApp.body).toBe('string');
    expect(JSON.parse(createApp.body as string)).toMatchObject({ title: expect.any(String) });
    expect(createApp.bodySchema).toBeUndefined();
    const putCount = cases.operations.find((operation) => operation.id === 'putCount')!;
    expect(putCount.bodyContentType).toBe('text/plain');
    expect(putCount.body).toMatch(/^[1-9]$/);
  });
});
