/**
 * Templates whose parameter is glued to a suffix, one suffix ending another (europeana's
 * `/{recordId}.jsonld` beside `/{recordId}.schema.jsonld`): the stubs route a URL to the most
 * specific template it matches, with the parameter's value as the client wrote it, and the round
 * trip passes every operation in both languages. Starts the stubs in process (inject), the round
 * trip's stubs and python3.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/suffixed-templates-3.0.yaml';
const OPERATIONS = [
  'getRecordJson',
  'getRecordJsonLd',
  'getRecordRdf',
  'getRecordSchemaOrg',
  'getRecordTurtle',
];
let stubs: FixtureStubs;

beforeAll(async () => {
  // Each handler answers with its operation and the parameters it was given.
  const handlers = Object.fromEntries(
    OPERATIONS.map((operationId) => [
      operationId,
      async (request: { params: Record<string, string> }) => ({
        id: `${operationId} ${request.params.recordId}`,
      }),
    ]),
  );
  stubs = await fixtureStubs(SPEC, { handlers });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

it.each([
  ['x.schema.jsonld', 'getRecordSchemaOrg x'],
  ['x.jsonld', 'getRecordJsonLd x'],
  ['x.json', 'getRecordJson x'],
  ['a.b.ttl', 'getRecordTurtle a.b'],
  ['x.schema.json', 'getRecordJson x.schema'],
  ['x.json.jsonld', 'getRecordJsonLd x.json'],
  ['a%2Eschema.rdf', 'getRecordRdf a.schema'],
])('routes /records/c/%s to the most specific template it matches', async (file, answer) => {
  const response = await stubs.app.inject({ method: 'GET', url: `/records/c/${file}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ id: answer });
});

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 5),
  180_000,
);
