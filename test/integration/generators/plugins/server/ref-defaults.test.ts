/**
 * Parameter defaults behind a `$ref`, one or two deep (issue 43: graphhopper's `vehicle`): Ajv
 * applies a default only where it sits in the property's own schema, so the stubs handed the
 * handler no value for an absent parameter whose schema gives one, and the round trip saw
 * `sent "car", got undefined`. The fixture is generated and its stubs answer through Fastify's
 * inject (no socket).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { serverOptions } from '../../../../../generated/server/index.js';
import { generate } from '../../../../../generators/pipeline.js';

const SPEC = 'test/fixtures/kinds/ref-defaults-3.0.yaml';
let workDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'ref-defaults-')); // inside the repo, so generated code resolves fastify
  await generate({ spec: SPEC, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  app = Fastify({ ...(stubs.serverOptions as typeof serverOptions)(), logger: false });
  await app.register(stubs.routesPlugin, {
    handlers: {
      getRoute: async (request: { query: Record<string, unknown>; headers: Record<string, unknown> }) => ({
        vehicle: request.query.vehicle ?? null,
        locale: request.query.locale ?? null,
        units: request.headers['x-units'] ?? null,
      }),
    },
  });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

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
