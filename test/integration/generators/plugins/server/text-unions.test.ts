/**
 * Text in a union (fixture kinds/text-unions-3.0.yaml): a query parameter or form field sent as ""
 * arrives as "" where the schema takes "" as written (gsmtasks' Django REST framework `BlankEnum`
 * beside the choices, a nullable string behind a $ref), and as null where only null does (a
 * nullable integer); an integer-or-name (GitHub's `workflow_id`) sent as text no decimal number
 * writes arrives as that text; and every operation round-trips.
 * Starts the stubs in process (inject), the round trip's stubs and python3.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/text-unions-3.0.yaml';
let stubs: FixtureStubs;
type Profile = { category?: string | null; nickname?: string | null; count?: number | null };

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      // Each answers what the stubs decoded, so the test sees "" and null apart.
      getWorkflow: async (request: { params: object; query: object }) => ({
        ...request.params,
        ...request.query,
      }),
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

it.each([
  ['0x10', '0x10'],
  ['%09', '\t'],
  ['%205', ' 5'],
  ['1e3', '1e3'],
  ['-0', '-0'],
  ['007', '007'],
  ['12', 12],
  ['main.yml', 'main.yml'],
])(
  'takes %j for an integer or a name as the text it is, unless it reads back as a number',
  async (sent, arrived) => {
    const response = await stubs.app.inject({ method: 'GET', url: `/workflows/${sent}?ref=${sent}` });
    expect(response.statusCode, response.body).toBe(200);
    const expected = typeof arrived === 'number' ? [arrived, String(arrived)] : [arrived];
    const { workflow_id: id, ref } = response.json() as { workflow_id: unknown; ref: unknown };
    expect(expected).toContain(id);
    expect(expected).toContain(ref);
  },
);

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 3),
  180_000,
);
