/**
 * Required properties that one side of a message does not carry (fixture
 * kinds/server-set-fields-3.0.yaml, gsmtasks' kind): the stubs take a form or multipart body
 * without a required readOnly property, as they take such a JSON body, and every operation
 * round-trips in both languages. Starts the stubs in process (inject), the round trip's stubs and
 * python3.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/server-set-fields-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      updateAccount: async (request: { body: { name: string } }) => ({
        id: '123e4567-e89b-12d3-a456-426614174000',
        name: request.body.name,
        billing_method: 'card',
      }),
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

it.each([
  ['application/json', JSON.stringify({ name: 'Ada' })],
  ['application/x-www-form-urlencoded', 'name=Ada'],
  [
    'multipart/form-data; boundary=b',
    '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--b--\r\n',
  ],
])('takes a %s body without its required readOnly properties', async (contentType, payload) => {
  const response = await stubs.app.inject({
    method: 'PUT',
    url: '/accounts/a1',
    headers: { 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ name: 'Ada' });
});

it('still refuses a form body without a required property the client sends', async () => {
  const response = await stubs.app.inject({
    method: 'PUT',
    url: '/accounts/a1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'other=1',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message: expect.stringContaining('name') });
});

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 2),
  180_000,
);
