/**
 * Empty text where a union takes both "" and null (fixture kinds/blank-text-3.0.yaml, gsmtasks'
 * kind): a query parameter or form field sent as "" arrives as "" where the schema takes "" as
 * written (a Django REST framework `BlankEnum` beside the choices, a nullable string behind a
 * $ref), and as null where only null does (a nullable integer); and every operation round-trips.
 * Starts the stubs in process (inject), the round trip's stubs and python3.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/blank-text-3.0.yaml';
let stubs: FixtureStubs;
type Profile = { category?: string | null; nickname?: string | null; count?: number | null };

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      // Each answers what the stubs decoded, so the test sees "" and null apart.
      findProfiles: async (request: { query: Profile }) => ({ ...request.query }),
      createProfile: async (request: { body: Profile }, reply: { code(status: number): void }) => {
        reply.code(201);
        return { ...request.body };
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

it('keeps a query parameter sent as "" where the schema takes ""', async () => {
  const response = await stubs.app.inject({ method: 'GET', url: '/profiles?category=&nickname=' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toStrictEqual({ category: '', nickname: '' });
});

it.each([
  ['application/x-www-form-urlencoded', 'category=&nickname=&count='],
  [
    'multipart/form-data; boundary=b',
    ['category', 'nickname', 'count']
      .map((name) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n\r\n`)
      .join('') + '--b--\r\n',
  ],
])(
  'keeps %s fields sent as "" where the schema takes "", null where only null does',
  async (contentType, payload) => {
    const response = await stubs.app.inject({
      method: 'POST',
      url: '/profiles',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toStrictEqual({ category: '', nickname: '', count: null });
  },
);

it('still takes the choices and refuses text no branch takes', async () => {
  const chosen = await stubs.app.inject({ method: 'GET', url: '/profiles?category=pick_up&count=3' });
  expect(chosen.json()).toStrictEqual({ category: 'pick_up', count: 3 });
  const refused = await stubs.app.inject({ method: 'GET', url: '/profiles?category=elsewhere' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ message: expect.stringContaining('category') });
});

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 2),
  180_000,
);
