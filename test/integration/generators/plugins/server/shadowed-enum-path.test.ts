/**
 * A path parameter whose enum values are another route's literals at the same segment (issue 43:
 * mist's zone sessions count beside the zone by id). The stubs' router tries a literal before a
 * parameter, so the count was never reached; now each such value has its own route, which fills
 * the parameter in. Generates the fixture; the stubs answer in process (Fastify inject, no
 * socket); both SDKs round-trip it against the stubs on loopback (python3 for the Python SDK).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../../../../scripts/lib/roundtrip/run.js';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/shadowed-enum-path-3.0.yaml';
let stubs: FixtureStubs;

const answer = (operation: string) => async (request: { params: { zone_type?: string } }) => ({
  operation,
  ...(request.params.zone_type ? { zone_type: request.params.zone_type } : {}),
});

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      countZoneSessions: answer('countZoneSessions'),
      getZone: answer('getZone'),
      getRssiZone: answer('getRssiZone'),
      countBeacons: answer('countBeacons'),
    },
  });
  await stubs.app.ready();
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

describe('a path parameter whose values are literals of another route', () => {
  it('reaches its operation for those values, with the parameter filled in', async () => {
    for (const zoneType of ['zones', 'rssizones']) {
      const reply = await stubs.app.inject({ method: 'GET', url: `/sites/s1/${zoneType}/count` });
      expect({ zoneType, status: reply.statusCode, body: reply.json() }).toEqual({
        zoneType,
        status: 200,
        body: { operation: 'countZoneSessions', zone_type: zoneType },
      });
    }
  });

  it('leaves the other routes and a concrete path of its own as they were', async () => {
    const id = '0b7e4a52-6f0e-4d8a-9a55-1c2d3e4f5a6b';
    expect((await stubs.app.inject({ method: 'GET', url: `/sites/s1/zones/${id}` })).json()).toEqual({
      operation: 'getZone',
    });
    expect((await stubs.app.inject({ method: 'GET', url: `/sites/s1/rssizones/${id}` })).json()).toEqual({
      operation: 'getRssiZone',
    });
    expect((await stubs.app.inject({ method: 'GET', url: '/sites/s1/beacons/count' })).json()).toEqual({
      operation: 'countBeacons',
    });
    expect((await stubs.app.inject({ method: 'GET', url: '/sites/s1/zones/not-a-uuid' })).statusCode).toBe(
      400,
    );
    expect((await stubs.app.inject({ method: 'GET', url: '/sites/s1/floors/count' })).statusCode).toBe(400);
  });

  it('goes through both SDKs to the stubs and back', async () => {
    const result = await runRoundtrip({
      spec: SPEC,
      languages: ['ts', 'python'],
      only: /^(countZoneSessions|getZone|getRssiZone)$/,
      runs: 12,
      log: () => {},
    });
    expect(
      result.outcomes.map((outcome) => [outcome.language, outcome.operationId, outcome.problems]),
    ).toEqual([
      ['typescript', 'countZoneSessions', []],
      ['typescript', 'getZone', []],
      ['typescript', 'getRssiZone', []],
      ['python', 'countZoneSessions', []],
      ['python', 'getZone', []],
      ['python', 'getRssiZone', []],
    ]);
  }, 120_000);
});
