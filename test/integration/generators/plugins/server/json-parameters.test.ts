/**
 * Parameters sent as JSON text (fixture kinds/json-parameter-unions-3.0.yaml, superset's `q`): the
 * stubs give the handler the values the JSON holds, typed as sent, and refuse one its schema does
 * not take with a 400 naming where; every operation round-trips in both languages. Starts the stubs
 * in process (inject), the round trip's stubs and python3.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/json-parameter-unions-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      listCharts: async (request: FastifyRequest) => ({
        read: JSON.stringify({
          q: (request.query as { q?: unknown }).q,
          filter: request.headers['x-filter'],
          prefs: request.cookieParams?.prefs,
        }),
      }),
      findPets: async (request: FastifyRequest) => ({
        read: JSON.stringify({ params: request.params, query: request.query }),
      }),
      getItem: async (request: FastifyRequest) => ({
        read: JSON.stringify({ params: request.params, query: request.query, flag: request.headers.flag }),
      }),
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

const get = (q: unknown, filter?: unknown, prefs?: unknown) =>
  stubs.app.inject({
    method: 'GET',
    url: `/charts?q=${encodeURIComponent(JSON.stringify(q))}`,
    headers: {
      ...(filter === undefined ? {} : { 'x-filter': JSON.stringify(filter) }),
      ...(prefs === undefined ? {} : { cookie: `prefs=${encodeURIComponent(JSON.stringify(prefs))}` }),
    },
  });

it.each([5, -2.8998017288862784e-213, '5', true, false, [1, 'a'], 'text'])(
  'a union value %j arrives as sent, in the query, a header and a cookie',
  async (value) => {
    const q = { filters: [{ col: 'name', value }], page: 2 };
    const filter = { value: typeof value === 'string' ? 'text' : Array.isArray(value) ? 7 : value };
    const prefs = { size: typeof value === 'number' && Number.isInteger(value) ? value : '12' };
    const response = await get(q, filter, prefs);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.json().read)).toEqual({ q, filter, prefs });
  },
);

it.each([
  ['the query', { filters: [{ col: 'name', value: { nested: 1 } }] }, undefined, 'q.filters'],
  ['a header', { page: 1 }, { value: 'TEXT' }, 'x-filter'],
  ['the query, a number as text', { page: '2' }, undefined, 'q.page'],
])('a value its schema does not take, in %s, is refused naming it', async (_part, q, filter, param) => {
  const response = await get(q, filter);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().param).toContain(param);
});

it('a JSON path parameter, and a JSON query parameter without its readOnly property, arrive as sent', async () => {
  const selector = { kind: 7 };
  const like = { name: 'Rex' };
  const response = await stubs.app.inject({
    method: 'GET',
    url: `/pets/${encodeURIComponent(JSON.stringify(selector))}?like=${encodeURIComponent(JSON.stringify(like))}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(JSON.parse(response.json().read)).toEqual({ params: { selector }, query: { like } });
});

it('parameters whose content is text are read as text and coerced, defaults filled in', async () => {
  const response = await stubs.app.inject({ method: 'GET', url: '/items/5', headers: { flag: 'true' } });
  expect(response.statusCode, response.body).toBe(200);
  expect(JSON.parse(response.json().read)).toEqual({ params: { id: 5 }, query: { limit: 10 }, flag: true });
});

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 3),
  180_000,
);
