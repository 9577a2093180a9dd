/**
 * Concrete paths beside a template of other methods (fixture kinds/concrete-beside-template-3.0.yaml,
 * gitlab's v3 services): a method the concrete path does not declare goes on to the template that
 * takes it, as a server's router sends it; `Allow` on the concrete path names it; a method neither
 * declares is still 405. Every operation round-trips in both languages. Starts the stubs in
 * process (inject), the round trip's stubs and python3.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/concrete-beside-template-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      getService: async (request: { params: { service_slug: string } }) => ({
        slug: request.params.service_slug,
      }),
      putKubernetes: async () => ({}),
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

it("sends a method the concrete path does not declare on to the template's operation", async () => {
  const response = await stubs.app.inject({ method: 'GET', url: '/projects/1/services/kubernetes' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ slug: 'kubernetes' });
  const put = await stubs.app.inject({ method: 'PUT', url: '/projects/1/services/kubernetes' });
  expect(put.statusCode, put.body).toBe(200);
});

it("names the methods a concrete path takes, its own and its template's, and refuses the others with 405", async () => {
  const options = await stubs.app.inject({ method: 'OPTIONS', url: '/projects/1/services/kubernetes' });
  expect(options.statusCode).toBe(204);
  expect(options.headers.allow).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
  const post = await stubs.app.inject({ method: 'POST', url: '/projects/1/services/kubernetes' });
  expect(post.statusCode).toBe(405);
  expect(post.headers.allow).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
});

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 4),
  180_000,
);
