/**
 * The stubs' own errors follow the error schema the spec documents (issue 43). For a spec with
 * Azure's `{ error: { code, message } }` as its `default` response and one with RFC 9457 problem
 * details (`application/problem+json`) for 400 and 4XX, the stubs are generated, started on a real
 * socket (loopback), and sent malformed JSON, a body that fails validation, a wrong media type and
 * an unknown route: each answer's body satisfies the documented schema by an Ajv of the test's own
 * (compiled from the fixture's YAML, not from the stubs' route table), carries the documented
 * media type, and holds the error's message.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { serverOptions } from '../../../../../generated/server/index.js';
import { generate } from '../../../../../generators/pipeline.js';

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

interface Started {
  app: FastifyInstance;
  url: string;
  workDir: string;
  /** The documented error schema, by the test's own Ajv. */
  validate: (body: unknown) => boolean;
  errors: () => unknown;
}

async function start(fixture: string, errorSchema: string, handlers: object = {}): Promise<Started> {
  await mkdir(path.resolve('.cache'), { recursive: true });
  const workDir = await mkdtemp(path.resolve('.cache', 'error-bodies-')); // inside the repo, so generated code resolves fastify
  const spec = path.join('test/fixtures/specs', fixture);
  await generate({ spec, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  const app = Fastify({ ...(stubs.serverOptions as typeof serverOptions)(), logger: false });
  await app.register(stubs.routesPlugin, { handlers, onUnimplemented: () => {} });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const document = parse(await readFile(spec, 'utf8'));
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'fixture.json', components: document.components });
  const validate = ajv.compile({ $ref: `fixture.json#/components/schemas/${errorSchema}` });
  return { app, url, workDir, validate: (body) => validate(body) as boolean, errors: () => validate.errors };
}

async function call(started: Started, method: string, target: string, body?: string, type?: string) {
  const response = await fetch(`${started.url}${target}`, {
    method,
    headers: type ? { 'content-type': type } : {},
    ...(body === undefined ? {} : { body }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: JSON.parse(await response.text()) as Record<string, unknown>,
  };
}

describe('stubs for a spec with Azure-style errors ({ error: { code, message } } as default)', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start('azure-errors-3.0.yaml', 'ErrorResponse');
  }, 60_000);
  afterAll(async () => {
    await started?.app.close();
    if (started) await rm(started.workDir, { recursive: true, force: true });
  });

  const cases: Array<[string, string, string, string | undefined, string | undefined, number, string]> = [
    [
      'malformed JSON',
      'PUT',
      '/vaults/abc?api-version=1',
      '{"name":',
      'application/json',
      400,
      'malformed_json',
    ],
    [
      'an invalid body',
      'PUT',
      '/vaults/abc?api-version=1',
      '{"nom":"x"}',
      'application/json',
      400,
      'invalid_request',
    ],
    ['a missing query parameter', 'GET', '/vaults/abc', undefined, undefined, 400, 'invalid_request'],
    [
      'a wrong media type',
      'PUT',
      '/vaults/abc?api-version=1',
      'name=x',
      'text/plain',
      415,
      'unsupported_media_type',
    ],
    ['an unknown route', 'GET', '/nowhere', undefined, undefined, 404, 'not_found'],
    [
      'a method the path does not take',
      'DELETE',
      '/vaults/abc',
      undefined,
      undefined,
      405,
      'method_not_allowed',
    ],
    [
      'an operation without a handler',
      'GET',
      '/vaults/abc?api-version=1',
      undefined,
      undefined,
      501,
      'not_implemented',
    ],
  ];
  it.each(cases)(
    'answers %s in the documented schema, with code and message',
    async (_, method, target, body, type, status, code) => {
      const response = await call(started, method, target, body, type);
      expect(response.status).toBe(status);
      expect(response.type).toMatch(/^application\/json/);
      expect(started.validate(response.body), JSON.stringify(started.errors())).toBe(true);
      const error = response.body.error as { code: string; message: string };
      expect(error.code).toBe(code);
      expect(error.message.length).toBeGreaterThan(5);
      // The schema's maxLength (60) bounds the message, cut with an ellipsis.
      expect(error.message.length).toBeLessThanOrEqual(60);
    },
  );

  it('cuts a message longer than the schema allows instead of breaking the schema', async () => {
    // "DELETE is not allowed on /vaults/xxx…(40); allowed: GET, PUT." is over 60 characters.
    const response = await call(started, 'DELETE', `/vaults/${'x'.repeat(200)}`);
    const error = response.body.error as { message: string };
    expect(error.message).toMatch(/…$/);
    expect(error.message).toHaveLength(60);
    expect(started.validate(response.body)).toBe(true);
  });
});

describe('stubs for a spec with problem details (application/problem+json for 400 and 4XX)', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start('problem-details-3.1.yaml', 'Problem');
  }, 60_000);
  afterAll(async () => {
    await started?.app.close();
    if (started) await rm(started.workDir, { recursive: true, force: true });
  });

  const cases: Array<[string, string, string, string | undefined, string | undefined, number]> = [
    ['malformed JSON', 'POST', '/orders', '{"sku":', 'application/json', 400],
    ['an invalid body', 'POST', '/orders', '{"sku":"a","quantity":0}', 'application/json', 400],
    ['a wrong media type', 'POST', '/orders', 'sku=a', 'text/plain', 415],
    ['an unknown route', 'GET', '/nowhere', undefined, undefined, 404],
    [
      'a bad path parameter of an operation documenting no errors',
      'GET',
      '/orders/abc',
      undefined,
      undefined,
      400,
    ],
  ];
  it.each(cases)(
    'answers %s as problem details with status and detail',
    async (_, method, target, body, type, status) => {
      const response = await call(started, method, target, body, type);
      expect(response.status).toBe(status);
      expect(response.type).toMatch(/^application\/problem\+json/);
      expect(started.validate(response.body), JSON.stringify(started.errors())).toBe(true);
      expect(response.body.status).toBe(status);
      expect(response.body.type).toBe('about:blank'); // a URI: not overwritten with the error's code
      expect(String(response.body.detail).length).toBeGreaterThan(5);
    },
  );

  it('names the refused field in the detail', async () => {
    const response = await call(started, 'POST', '/orders', '{"sku":"a","quantity":0}', 'application/json');
    expect(response.body.detail).toContain('quantity');
  });
});

describe("the implementer's errorBody", () => {
  let started: Started;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    started = await start('azure-errors-3.0.yaml', 'ErrorResponse');
    await started.app.close();
    const stubs = await import(path.join(started.workDir, 'server', 'index.ts'));
    const app = Fastify({ ...(stubs.serverOptions as typeof serverOptions)(), logger: false });
    await app.register(stubs.routesPlugin, {
      handlers: {},
      onUnimplemented: () => {},
      errorBody: (error: { code: string }) => ({ mine: error.code }),
    });
    started = { ...started, app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  }, 60_000);
  afterAll(async () => {
    await started?.app.close();
    if (started) await rm(started.workDir, { recursive: true, force: true });
  });

  it('wins over the documented schema', async () => {
    const response = await call(started, 'GET', '/nowhere');
    expect(response.status).toBe(404);
    expect(response.type).toMatch(/^application\/json/);
    expect(response.body).toEqual({ mine: 'not_found' });
  });
});
