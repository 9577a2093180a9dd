/**
 * Parameter defaults behind a `$ref`, one or two deep (issue 43: graphhopper's `vehicle`): Ajv
 * applies a default only where it sits in the property's own schema, so the stubs handed the
 * handler no value for an absent parameter whose schema gives one, and the round trip saw
 * `sent "car", got undefined`. The fixture is generated and its stubs answer through Fastify's
 * inject (no socket).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

let stubs: FixtureStubs;
let app: FastifyInstance;

beforeAll(async () => {
  stubs = await fixtureStubs('test/fixtures/kinds/ref-defaults-3.0.yaml', {
    handlers: {
      getRoute: async (request: { query: Record<string, unknown>; headers: Record<string, unknown> }) => ({
        vehicle: request.query.vehicle ?? null,
        locale: request.query.locale ?? null,
        units: request.headers['x-units'] ?? null,
      }),
    },
  });
  app = stubs.app;
  await app.ready();
}, 60_000);
afterAll(() => stubs?.close());

describe('parameter defaults behind a $ref', () => {
  it('reach the handler when the parameter is absent', async () => {
    const answer = await app.inject({ method: 'GET', url: '/route' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ vehicle: 'car', locale: 'en', units: 'metric' });
  });

  it('give way to the value sent, which is still validated', async () => {
    const sent = await app.inject({
      method: 'GET',
      url: '/route?vehicle=bike&locale=de',
      headers: { 'x-units': 'imperial' },
    });
    expect(sent.json()).toEqual({ vehicle: 'bike', locale: 'de', units: 'imperial' });
    expect((await app.inject({ method: 'GET', url: '/route?vehicle=plane' })).statusCode).toBe(400);
  });
});
