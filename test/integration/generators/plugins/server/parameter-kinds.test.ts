/**
 * Parameter kinds the generator refused on public specs (issue 43): deepObject beyond flat objects
 * (Stripe's `expand`, an array of strings; `created`, a range object or a timestamp; invoice
 * `lines`, an array of objects; `discounts`, such an array or ""), and a parameter whose `content`
 * is `*` + `/*` (telnyx), and Stripe's timestamp-or-"" choice written once as a shared schema
 * behind a `$ref` (the stubs read a field's text 5 as "5"). qs, which reads brackets as Rails and Stripe do, writes the queries the
 * stubs are sent. Both SDKs round-trip each fixture against its stubs (generates it; starts the stubs on
 * loopback and python3 for the Python SDK); the stubs, in process (Fastify inject, no socket),
 * read the spellings other clients write, and refuse what is not an array.
 */
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../../../../scripts/lib/roundtrip/run.js';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const DEEP_ARRAY = 'test/fixtures/kinds/deep-object-array-3.0.yaml';
const WILDCARD = 'test/fixtures/kinds/wildcard-parameter-content-3.0.yaml';
const REF_CHOICES = 'test/fixtures/kinds/ref-text-choices-3.0.yaml';

async function roundtrip(spec: string) {
  const result = await runRoundtrip({ spec, languages: ['ts', 'python'], log: () => {} });
  return result.outcomes.map((outcome) => [outcome.language, outcome.operationId, outcome.problems]);
}

describe('a deepObject array of scalars', () => {
  let stubs: FixtureStubs;
  beforeAll(async () => {
    stubs = await fixtureStubs(DEEP_ARRAY, {
      handlers: {
        listCharges: async (request: { query: Record<string, unknown> }) => ({
          expanded: request.query.expand ?? [],
          created: request.query.created ?? null,
          ...(request.query.lines ? { lines: request.query.lines } : {}),
          ...(request.query.discounts !== undefined ? { discounts: request.query.discounts } : {}),
        }),
      },
    });
    await stubs.app.ready();
  }, 60_000);
  afterAll(async () => {
    await stubs?.close();
  });

  it('goes through both SDKs to the stubs and back', async () => {
    expect(await roundtrip(DEEP_ARRAY)).toEqual([
      ['typescript', 'listCharges', []],
      ['python', 'listCharges', []],
    ]);
  }, 120_000);

  it('is read indexed, as the SDKs send it, or as name[]= in order', async () => {
    for (const query of [
      'expand[1]=b&expand[0]=a',
      'expand[]=a&expand[]=b',
      'expand%5B%5D=a&expand%5B%5D=b',
    ]) {
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}&created[gt]=5` });
      expect({ query, status: answer.statusCode, body: answer.json() }).toEqual({
        query,
        status: 200,
        body: { expanded: ['a', 'b'], created: { gt: 5 } },
      });
    }
  });

  it('reads a choice of an object or a scalar as either', async () => {
    for (const [query, created] of [
      ['created[gt]=5&created[lt]=9', { gt: 5, lt: 9 }],
      ['created=7', 7],
    ] as const) {
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}` });
      expect({ query, status: answer.statusCode, body: answer.json() }).toEqual({
        query,
        status: 200,
        body: { expanded: [], created },
      });
    }
    for (const query of ['created=soon', 'created[gt]=soon', 'created=1&created=2', 'created[since]=1']) {
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}` });
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('reads members nested at any depth, as qs writes them, typed by the schema', async () => {
    const lines = [
      { type: 'custom', amount: 5, tax_rates: ['t1', 't2'], period: { start: 1, end: 2 } },
      { type: 'invoice' },
    ];
    const discounts = [{ coupon: 'c1' }];
    for (const encodeValuesOnly of [true, false]) {
      const query = qs.stringify({ lines, discounts }, { encodeValuesOnly });
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}` });
      expect({ query, status: answer.statusCode, body: answer.json() }).toEqual({
        query,
        status: 200,
        body: { expanded: [], created: null, lines, discounts },
      });
    }
    // A timestamp or "" (Stripe's "unset"): the text 5 is the integer, the empty text the string.
    for (const [due, read] of [
      ['5', 5],
      ['', ''],
    ] as const) {
      const answer = await stubs.app.inject({
        method: 'GET',
        url: `/charges?lines[0][type]=custom&lines[0][due]=${due}`,
      });
      expect({ due, status: answer.statusCode, lines: answer.json().lines }).toEqual({
        due,
        status: 200,
        lines: [{ type: 'custom', due: read }],
      });
    }
    for (const query of [
      'lines[0][type]=custom&lines[0][type]=invoice',
      'lines[0][type]=custom&lines[0][type][x]=1',
      'lines[0][type]=custom&lines[0][amount]=five',
      'lines[0][amount]=5',
      'lines[0][type]=custom&lines[0][color]=red',
    ]) {
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}` });
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('refuses keys that are not indexes, a repeated index, and items the schema refuses', async () => {
    for (const query of ['expand[customer]=a', 'expand[0]=a&expand[0]=b', `expand[0]=${'x'.repeat(41)}`]) {
      const answer = await stubs.app.inject({ method: 'GET', url: `/charges?${query}` });
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
      expect(answer.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('a parameter whose content is */*', () => {
  let stubs: FixtureStubs;
  beforeAll(async () => {
    stubs = await fixtureStubs(WILDCARD, {
      handlers: { getReport: async (request: { params: { id: string } }) => ({ id: request.params.id }) },
    });
    await stubs.app.ready();
  }, 60_000);
  afterAll(async () => {
    await stubs?.close();
  });

  it('goes through both SDKs to the stubs and back', async () => {
    expect(await roundtrip(WILDCARD)).toEqual([
      ['typescript', 'getReport', []],
      ['python', 'getReport', []],
    ]);
  }, 120_000);

  it('is a scalar sent as its text and an object sent as JSON', async () => {
    const id = '0b7e4a52-6f0e-4d8a-9a55-1c2d3e4f5a6b';
    const filter = encodeURIComponent(JSON.stringify({ status: 'done', tags: ['x'] }));
    const answer = await stubs.app.inject({ method: 'GET', url: `/reports/${id}?filter=${filter}` });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { id } });
    const quoted = await stubs.app.inject({ method: 'GET', url: `/reports/%22${id}%22` });
    expect(quoted.statusCode).toBe(400);
    const notJson = await stubs.app.inject({ method: 'GET', url: `/reports/${id}?filter=done` });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('a choice of a timestamp or "" behind a $ref', () => {
  let stubs: FixtureStubs;
  beforeAll(async () => {
    const read = async (request: { query: Record<string, unknown>; body?: Record<string, unknown> }) => ({
      due: request.query.due ?? null,
      due_date: request.body?.due_date ?? null,
      remind_at: request.body?.remind_at ?? null,
    });
    stubs = await fixtureStubs(REF_CHOICES, { handlers: { updateInvoice: read, addNote: read } });
    await stubs.app.ready();
  }, 60_000);
  afterAll(async () => {
    await stubs?.close();
  });

  it('goes through both SDKs to the stubs and back', async () => {
    expect(await roundtrip(REF_CHOICES)).toEqual([
      ['typescript', 'updateInvoice', []],
      ['typescript', 'addNote', []],
      ['python', 'updateInvoice', []],
      ['python', 'addNote', []],
    ]);
  }, 120_000);

  it('reads the text 5 as the integer and the empty text as "", in a form field and a part; 5 in a query', async () => {
    // An empty query value is refused unless the parameter allows it (allowEmptyValue), whatever its schema.
    for (const [text, read] of [
      ['5', 5],
      ['', ''],
    ] as const) {
      const form = await stubs.app.inject({
        method: 'POST',
        url: '/invoices/in_1?due=5',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `due_date=${text}&memo=m`,
      });
      expect({ text, status: form.statusCode, body: form.json() }).toEqual({
        text,
        status: 200,
        body: { due: 5, due_date: read, remind_at: null },
      });
      const boundary = 'b0undary';
      const multipart = await stubs.app.inject({
        method: 'POST',
        url: '/invoices/in_1/notes',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: [
          `--${boundary}`,
          'content-disposition: form-data; name="text"',
          '',
          'call',
          `--${boundary}`,
          'content-disposition: form-data; name="remind_at"',
          '',
          text,
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      });
      expect({ text, status: multipart.statusCode, body: multipart.json() }).toEqual({
        text,
        status: 200,
        body: { due: null, due_date: null, remind_at: read },
      });
    }
    const refused = await stubs.app.inject({ method: 'POST', url: '/invoices/in_1?due=soon' });
    expect(refused.statusCode).toBe(400);
  });
});
