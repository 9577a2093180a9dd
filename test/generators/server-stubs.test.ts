/**
 * The generated Fastify stubs, for a spec other than ours: every operation registered with its
 * schemas, 501 in the error format for operations without a handler (listed at startup), the
 * spec's parameter names given back to handlers, and a handler map that refuses wrong shapes
 * at compile time.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generators/pipeline.js';

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

describe('typed handler map', () => {
  const TSC = path.resolve('node_modules/.bin/tsc');
  const compile = async (source: string) => {
    const file = path.join(workDir, `handler-${Math.random().toString(36).slice(2)}.ts`);
    await writeFile(file, source);
    return new Promise<string>((resolve) =>
      execFile(TSC, ['--noEmit', '--strict', '--skipLibCheck', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', file], (error, stdout) => resolve(error ? stdout : '')),
    );
  };
  const header = `import type { Handlers } from '${path.resolve('generated/server/index.js')}';\n`;

  it('accepts a handler that returns the documented shape', async () => {
    expect(await compile(`${header}export const ok: Handlers['getHealth'] = async () => ({ status: 'ok' as const });\n`)).toBe('');
  });

  it('refuses a handler that returns the wrong shape', async () => {
    const errors = await compile(`${header}export const bad: Handlers['getHealth'] = async () => ({ status: 'fine', uptime: 'long' });\n`);
    expect(errors).toMatch(/error TS2322/);
  });

  it('refuses a handler that reads a body field the spec does not have', async () => {
    const errors = await compile(`${header}export const bad: Handlers['createSubject'] = async (request) => { void request.body.nickname; return undefined as never; };\n`);
    expect(errors).toMatch(/nickname/);
  });
});
