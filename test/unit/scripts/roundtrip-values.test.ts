/**
 * The round trip's values (scripts/lib/roundtrip/cases.ts) for schemas it used to give up on
 * ("no value drawn … in 200 tries satisfies its schema") though they are satisfiable: required
 * properties that are readOnly (a request need not carry them), and string formats the validator
 * checks but fast-check has no arbitrary for. Every drawn value is checked by Ajv, as the stubs
 * check it. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../generators/core/build-ir.js';
import { documentFrom, loadDocument } from '../../../generators/core/load.js';
import { buildCases } from '../../../scripts/lib/roundtrip/cases.js';

describe('the round trip draws values for satisfiable schemas', () => {
  it('leaves out required readOnly properties, marked beside a $ref or named by another allOf member', async () => {
    const ir = buildIr(await loadDocument('test/fixtures/values/read-only-3.1.yaml'));
    const { cases, failed } = buildCases(ir, 20261123, 2);
    expect(failed).toEqual([]);
    for (const testCase of cases) {
      expect(testCase.request.body).not.toHaveProperty('id');
      expect(testCase.request.body).not.toHaveProperty('created_at');
    }
    expect(cases.map((testCase) => testCase.operationId).sort()).toEqual([
      'createLabel',
      'createLabel',
      'createNote',
      'createNote',
    ]);
  }, 60_000);

  it('meets formats fast-check has no arbitrary for (byte, duration, time, uri-template), and a format narrowed by a pattern', async () => {
    const ir = buildIr(await loadDocument('test/fixtures/values/formats-3.1.yaml'));
    const { cases, failed } = buildCases(ir, 20261123, 3);
    expect(failed).toEqual([]);
    expect(cases).toHaveLength(3);
    for (const testCase of cases) {
      const body = testCase.request.body as Record<string, string>;
      expect(Buffer.from(body.secret, 'base64').toString('base64')).toBe(body.secret);
      expect(body.lifetime).toMatch(/^P/);
      expect(body.contact).toMatch(/^someone@[a-z.]+$/);
    }
  }, 60_000);

  it('draws header values a header can carry when the schema has a format of any string, or a pattern of its own', async () => {
    // Before: only a string without format or pattern was narrowed, and `format: password` drew
    // control and astral characters the SDKs refuse to send ("must be printable ASCII").
    const ir = buildIr(await loadDocument('test/fixtures/values/header-formats-3.1.yaml'));
    const { cases, failed } = buildCases(ir, 20261129, 30);
    expect(failed).toEqual([]);
    expect(cases).toHaveLength(30);
    for (const testCase of cases)
      for (const [name, value] of Object.entries(testCase.request.header))
        expect(value, name).toMatch(/^[!-+\--~]([ !-+\--~]*[!-+\--~])?$/);
    for (const testCase of cases) {
      expect(testCase.request.header['x-state']).toMatch(/^.{2,}$/);
      expect(testCase.request.header['x-bearer']).toMatch(
        /arn:[a-z0-9-.]{1,63}:(?:[a-z0-9-.]{0,63}:){3}[^/].{0,1023}/,
      );
    }
  }, 60_000);

  it("draws a query value an enum lists beside the empty text from its other values (clickmeter's filter)", () => {
    // Before: "" was drawn now and then, sent as `filter=`, and the stubs refused it ("filter must
    // not be empty": a query value without allowEmptyValue), as the spec says they should.
    const ir = buildIr(
      documentFrom('t.yaml', {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/clickstream': {
            get: {
              operationId: 'clickStream',
              parameters: [
                { name: 'filter', in: 'query', schema: { type: 'string', enum: ['', 'spiders', 'uniques'] } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { cases, failed } = buildCases(ir, 20261130, 40);
    expect(failed).toEqual([]);
    const drawn = cases
      .map((testCase) => testCase.request.query.filter)
      .filter((value) => value !== undefined);
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.filter((value) => value === '')).toEqual([]);
  });

  it('draws parameter values short enough for a request head (AWS nests arrays of objects without maxItems)', async () => {
    // Before: ec2's nested query parameters drew heads over the 16 KB servers read ("The request headers are too large").
    const ir = buildIr(await loadDocument('test/fixtures/values/unbounded-query-3.1.yaml'));
    const { cases, failed } = buildCases(ir, 20261129, 40);
    expect(failed).toEqual([]);
    const strings: string[] = [];
    for (const testCase of cases) {
      const specs = testCase.request.query.TagSpecification as Array<{ Tags?: unknown[] }> | undefined;
      if (specs) {
        expect(specs.length).toBeLessThanOrEqual(4);
        for (const spec of specs) expect((spec.Tags ?? []).length).toBeLessThanOrEqual(2);
      }
      JSON.stringify(
        testCase.request.query,
        (_, value) => (typeof value === 'string' && strings.push(value), value),
      );
    }
    expect(strings.length).toBeGreaterThan(20);
    // In code points, as maxLength counts (astral characters are two UTF-16 units).
    expect(Math.max(...strings.map((text) => [...text].length))).toBeLessThanOrEqual(128);
  }, 60_000);

  it('draws an object parameter of many members small enough for a request head, as a whole', async () => {
    // Each member within the parameter bounds, seldon's whole message in a query still made request
    // heads over the 16 KB Node reads (400 "The request headers are too large").
    const ir = buildIr(await loadDocument('test/fixtures/values/wide-query-objects-3.1.yaml'));
    const { cases, failed } = buildCases(ir, 20261129, 40);
    expect(failed).toEqual([]);
    expect(cases).toHaveLength(40);
    const sizes = cases.map(
      (testCase) => encodeURIComponent(JSON.stringify(testCase.request.query.body)).length,
    );
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
    // Still drawn, not emptied: most values carry members.
    expect(sizes.filter((size) => size > 40).length).toBeGreaterThan(20);
  }, 60_000);
});

describe('the round trip draws no readOnly field into a request', () => {
  it('in a form or multipart body any more than in a JSON one (nullable readOnly ones too)', async () => {
    const ir = buildIr(await loadDocument('test/fixtures/kinds/read-only-form-3.0.yaml'));
    const { cases, failed } = buildCases(ir, 20261129, 12);
    expect(failed).toEqual([]);
    const bodies = cases.map((testCase) => ({
      type: testCase.request.contentType ?? 'application/json',
      body: testCase.request.body as Record<string, unknown>,
    }));
    // Every media type was drawn, each with its fields.
    expect(new Set(bodies.map((each) => each.type))).toEqual(
      new Set(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']),
    );
    for (const { type, body } of bodies) {
      expect(body, type).toHaveProperty('name');
      for (const key of ['id', 'created', 'drModeEnabled', 'imageCount'])
        expect(body, type).not.toHaveProperty(key);
    }
  }, 60_000);
});

describe('a schema no value satisfies', () => {
  it('is named the spec’s where it shows on its face: an enum none of whose values its type admits', () => {
    const parameter = (name: string, schema: object) => ({ name, in: 'query', required: true, schema });
    const ir = buildIr(
      documentFrom('enums.json', {
        openapi: '3.0.3',
        info: { title: 'Enums outside their type', version: '1.0.0' },
        components: { schemas: { Rating: { type: 'integer', enum: ['1', '2'] } } },
        paths: {
          '/forms': {
            get: {
              operationId: 'getForms',
              parameters: [parameter('extended', { type: 'string', enum: [true, false] })],
              responses: { '200': { description: 'OK' } },
            },
          },
          '/ratings': {
            get: {
              operationId: 'getRatings',
              parameters: [parameter('rating', { $ref: '#/components/schemas/Rating' })],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { failed } = buildCases(ir, 20261129, 1);
    expect(failed.map((entry) => entry.operationId)).toEqual(['getForms', 'getRatings']);
    expect(failed[0].reason).toMatch(
      /query parameter extended .* satisfies its schema: unsatisfiable, none of its enum values \(true, false\) is of its type string$/,
    );
    expect(failed[1].reason).toMatch(
      /unsatisfiable, none of its enum values \("1", "2"\) is of its type integer$/,
    );
  });

  it('leaves out an optional parameter no sendable value satisfies, and draws the rest (firebrowse, stackexchange)', () => {
    const ir = buildIr(
      documentFrom('optional.json', {
        openapi: '3.0.3',
        info: { title: 'Optional parameters no value satisfies', version: '1.0.0' },
        paths: {
          '/features': {
            get: {
              operationId: 'getFeatures',
              parameters: [
                {
                  name: 'date',
                  in: 'query',
                  style: 'form',
                  explode: false,
                  schema: { type: 'array', items: { type: 'string', enum: [20160128, 20150821] } },
                },
                { name: 'closed', in: 'query', schema: { type: 'string', enum: [true, false] } },
                { name: 'cohort', in: 'query', schema: { type: 'string', enum: ['ACC', 'BLCA'] } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { cases, failed } = buildCases(ir, 20261201, 12);
    expect(failed).toEqual([]);
    expect(cases.length).toBeGreaterThan(0);
    for (const each of cases) expect(Object.keys(each.request.query)).not.toContain('date');
    for (const each of cases) expect(Object.keys(each.request.query)).not.toContain('closed');
    expect(cases.some((each) => Object.hasOwn(each.request.query, 'cohort'))).toBe(true);
  });

  it('is named the spec’s where every value drawn matches several members of a oneOf (intellifi’s Item: members whose only properties are read-only, so a request cannot set one apart)', () => {
    const open = (name: string) => ({
      type: 'object',
      properties: { [name]: { type: 'string', readOnly: true } },
    });
    const ir = buildIr(
      documentFrom('items.json', {
        openapi: '3.0.3',
        info: { title: 'A oneOf that is not exclusive', version: '1.0.0' },
        paths: {
          '/items': {
            post: {
              operationId: 'addItem',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: { oneOf: [open('location'), open('location_id'), open('location_url')] },
                  },
                },
              },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { failed } = buildCases(ir, 20261201, 1);
    expect(failed.map((entry) => entry.operationId)).toEqual(['addItem']);
    expect(failed[0].reason).toMatch(
      /unsatisfiable, a oneOf that is not exclusive: every value made for one of its members matched another too$/,
    );
  });

  it("and where a required property of a body is such an enum (apptigent's CompareStrings)", () => {
    const ir = buildIr(
      documentFrom('compare.json', {
        openapi: '3.0.3',
        info: { title: 'Compare', version: '1.0.0' },
        paths: {
          '/CompareStrings': {
            post: {
              operationId: 'compareStrings',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['input', 'lower'],
                      properties: {
                        input: { type: 'string' },
                        lower: { type: 'string', enum: [true, false] },
                      },
                    },
                  },
                },
              },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { failed } = buildCases(ir, 20261130, 1);
    expect(failed.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(
        /request body .* satisfies its schema: unsatisfiable, \/lower: none of its enum values \(true, false\) is of its type string$/,
      ),
    ]);
  });

  it("and where a body requires a property its additionalProperties: false forbids (e-conomic's Employee)", () => {
    const employee = {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'canApprove'],
      properties: { name: { type: 'string' } },
    };
    const ir = buildIr(
      documentFrom('employees.json', {
        openapi: '3.0.3',
        info: { title: 'Employees', version: '1.0.0' },
        paths: {
          '/employees': {
            post: {
              operationId: 'createEmployee',
              requestBody: { required: true, content: { 'application/json': { schema: employee } } },
              responses: { '201': { description: 'Created' } },
            },
          },
          '/teams': {
            post: {
              operationId: 'createTeam',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: { type: 'object', required: ['lead'], properties: { lead: employee } },
                  },
                },
              },
              responses: { '201': { description: 'Created' } },
            },
          },
        },
      }),
    );
    const { failed } = buildCases(ir, 20261130, 1);
    expect(failed.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(
        /request body .* satisfies its schema: unsatisfiable, requires canApprove, which its additionalProperties: false forbids$/,
      ),
      expect.stringMatching(
        /request body .* satisfies its schema: unsatisfiable, \/lead: requires canApprove, which its additionalProperties: false forbids$/,
      ),
    ]);
  });

  it("and where a required string's pattern and length bounds exclude each other (apprunner's ServiceId), in a request or a response; an optional one is left out", async () => {
    const ir = buildIr(await loadDocument('test/fixtures/kinds/string-out-of-bounds-3.0.yaml'));
    const { cases, failed } = buildCases(ir, 20261201, 3);
    const service =
      '/service/id: its pattern "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}" matches nothing shorter than 36 characters, above its maxLength 32';
    expect(Object.fromEntries(failed.map((entry) => [entry.operationId, entry.reason]))).toEqual({
      createService: expect.stringMatching(/request body .* satisfies its schema: unsatisfiable, /),
      getService: expect.stringMatching(/response body .* satisfies its schema: unsatisfiable, \/id: /),
      lookUpCode: expect.stringMatching(
        /query parameter code .* unsatisfiable, minLength 5 is above its maxLength 3$/,
      ),
    });
    expect(failed.find((entry) => entry.operationId === 'createService')!.reason).toContain(service);
    // The optional property is left out; the rest of the body is drawn.
    const renames = cases.filter((entry) => entry.operationId === 'renameService');
    expect(renames.length).toBe(3);
    for (const rename of renames) expect(Object.keys(rename.request.body as object)).toEqual(['name']);
  });
});

describe("a parameter whose minimum is above the round trip's bound on parameter values", () => {
  it("is drawn at that minimum when the minimum comes through an allOf, not named the spec's", () => {
    const ir = buildIr(
      documentFrom('tokens.json', {
        openapi: '3.0.3',
        info: { title: 'Tokens', version: '1.0.0' },
        components: { schemas: { Token: { type: 'string', minLength: 200 } } },
        paths: {
          '/sessions': {
            get: {
              operationId: 'getSession',
              parameters: [
                {
                  name: 'token',
                  in: 'query',
                  required: true,
                  schema: { description: 'A long token', allOf: [{ $ref: '#/components/schemas/Token' }] },
                },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const { cases, failed } = buildCases(ir, 20261201, 2);
    expect(failed).toEqual([]);
    for (const entry of cases) expect(String(entry.request.query.token).length).toBeGreaterThanOrEqual(200);
  });
});

describe("a request's parameters", () => {
  it("fit half of a server's 16 KB head, optional ones left out last first (epa.gov cwa's 145 query parameters)", () => {
    const optional = Array.from({ length: 150 }, (_, index) => ({
      name: `p_${String(index).padStart(3, '0')}`,
      in: 'query',
      schema: { type: 'string', minLength: 100, maxLength: 128 },
    }));
    const ir = buildIr(
      documentFrom('cwa.json', {
        openapi: '3.0.3',
        info: { title: 'Many parameters', version: '1' },
        paths: {
          '/facilities': {
            get: {
              parameters: [
                { name: 'id', in: 'query', required: true, schema: { type: 'string' } },
                ...optional,
              ],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      }),
    );
    const { cases, failed } = buildCases(ir, 20261201, 4);
    expect(failed).toEqual([]);
    for (const testCase of cases) {
      const query = testCase.request.query;
      const size = Object.entries(query).reduce(
        (sum, [name, value]) => sum + name.length + 2 + encodeURIComponent(String(value)).length,
        0,
      );
      expect(size).toBeLessThanOrEqual(8_192);
      expect(query).toHaveProperty('id');
      // Optional ones are still drawn: the budget leaves out only what passes it.
      expect(Object.keys(query).length).toBeGreaterThan(2);
    }
  });
});
