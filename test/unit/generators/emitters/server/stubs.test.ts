/**
 * The generated Fastify stubs, for a spec other than ours: every operation registered with its
 * schemas, 501 in the error format for operations without a handler (listed at startup), the
 * spec's parameter names given back to handlers (Fastify's inject: no socket). That the handler
 * map refuses wrong shapes at compile time is test/integration/generators/emitters/server/typed-handlers.test.ts.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

let workDir: string;
let app: FastifyInstance;
const unimplemented: string[][] = [];

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'server-stubs-')); // inside the repo, so generated code resolves fastify
  await generate({ spec: 'test/fixtures/specs/widgets-3.0.yaml', out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  app = Fastify();
  await app.register(stubs.routesPlugin, {
    handlers: {
      getWidget: async (request: { params: Record<string, unknown> }) => ({ id: request.params['widget-id'], name: 'Left-handed widget', color: null }),
    },
    onUnimplemented: (ids: string[]) => unimplemented.push(ids),
  });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('generated server stubs (widget fixture)', () => {
  it('registers every operation of the spec', () => {
    for (const [method, url] of [['GET', '/widgets'], ['POST', '/widgets'], ['GET', '/widgets/:widget_id'], ['DELETE', '/widgets/:widget_id'], ['POST', '/widgets/:widget_id/publish'], ['PUT', '/widgets/:widget_id/image']]) {
      expect(app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
    }
  });

  it('gives the handler the spec’s parameter name ("widget-id"), coerced to the schema type', async () => {
    const response = await app.inject({ method: 'GET', url: '/widgets/42' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 42, name: 'Left-handed widget', color: null });
  });

  it('answers a parameter that breaks its schema with 400 naming the parameter', async () => {
    const response = await app.inject({ method: 'GET', url: '/widgets/not-a-number' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', param: 'widget-id' });
  });

  it('answers 501 not_implemented for an operation without a handler, and listed them at startup', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets/7/publish' });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toMatchObject({ code: 'not_implemented', message: expect.stringContaining('publishWidget') });
    expect(unimplemented).toEqual([['getWidgets', 'widgets/create-one', 'deleteWidget', 'publishWidget', 'uploadWidgetImage']]);
  });

  it('validates bodies before the handler runs (even when the handler is missing)', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets', payload: { color: 'green' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', param: 'name' });
  });
});
