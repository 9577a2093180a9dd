/**
 * The generated Fastify stubs, for a spec other than ours: every operation registered with its
 * schemas, 501 in the spec's error format ({ type, title }) for operations without a handler (listed at startup), the
 * spec's parameter names given back to handlers (Fastify's inject: no socket). That the handler
 * map refuses wrong shapes at compile time is test/integration/generators/plugins/server/typed-handlers.test.ts.
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
  await generate({
    spec: 'test/fixtures/specs/widgets-3.0.yaml',
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  app = Fastify();
  await app.register(stubs.routesPlugin, {
    handlers: {
      getWidget: async (request: { params: Record<string, unknown> }) => ({
        id: request.params['widget-id'],
        name: 'Left-handed widget',
        color: null,
      }),
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
    for (const [method, url] of [
      ['GET', '/widgets'],
      ['POST', '/widgets'],
      ['GET', '/widgets/:widget_id'],
      ['DELETE', '/widgets/:widget_id'],
      ['POST', '/widgets/:widget_id/publish'],
      ['PUT', '/widgets/:widget_id/image'],
    ]) {
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
    // The widget spec's error schema is { type, title }: the code goes in type, the message in title.
    expect(response.json()).toMatchObject({
      type: 'invalid_request',
      title: expect.stringContaining('widget-id'),
    });
  });

  it('answers 501 not_implemented for an operation without a handler, and listed them at startup', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets/7/publish' });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toMatchObject({
      type: 'not_implemented',
      title: expect.stringContaining('publishWidget'),
    });
    expect(unimplemented).toEqual([
      ['getWidgets', 'widgets/create-one', 'deleteWidget', 'publishWidget', 'uploadWidgetImage'],
    ]);
  });

  it('validates bodies before the handler runs (even when the handler is missing)', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets', payload: { color: 'green' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'invalid_request',
      title: expect.stringContaining('name'),
    });
  });

  it('answers a method the path does not declare with 405 and Allow, in the error format (RFC 9110 §15.5.6)', async () => {
    const response = await app.inject({ method: 'PUT', url: '/widgets' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.json()).toEqual({ type: 'method_not_allowed', title: expect.stringContaining('PUT') });
    const item = await app.inject({ method: 'PATCH', url: '/widgets/7' });
    expect([item.statusCode, item.headers.allow]).toEqual([405, 'GET, HEAD, DELETE, OPTIONS']);
    const publish = await app.inject({ method: 'GET', url: '/widgets/7/publish' });
    expect([publish.statusCode, publish.headers.allow]).toEqual([405, 'POST, OPTIONS']);
    expect((await app.inject({ method: 'HEAD', url: '/widgets/7/publish' })).statusCode).toBe(405);
  });

  it('answers OPTIONS on a declared path with 204 and the same Allow; an unknown path stays 404', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/widgets/7/image' });
    expect([response.statusCode, response.headers.allow, response.body]).toEqual([204, 'PUT, OPTIONS', '']);
    expect((await app.inject({ method: 'OPTIONS', url: '/gadgets' })).statusCode).toBe(404);
  });

  it('takes no body, or an empty one, as no body whatever its Content-Type; a required body is said to be missing', async () => {
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      { 'content-type': 'text/plain' },
    ]) {
      const deleted = await app.inject({ method: 'DELETE', url: '/widgets/7', headers });
      expect(deleted.statusCode, `${JSON.stringify(headers)}: ${deleted.body}`).toBe(501); // reached the operation (it has no handler)
    }
    for (const headers of [{ 'content-type': 'application/json' }, {}]) {
      const created = await app.inject({ method: 'POST', url: '/widgets', headers, payload: '' });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        type: 'invalid_request',
        title: 'The request body is missing: POST /widgets needs one (application/json).',
      });
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/widgets',
      headers: { 'content-type': 'application/json' },
      payload: ' ',
    });
    expect(malformed.json()).toMatchObject({ type: 'malformed_json' });
  });
});
