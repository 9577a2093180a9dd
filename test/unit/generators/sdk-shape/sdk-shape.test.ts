/**
 * The SDK shape (generators/sdk-shape/): the one place both SDK emitters take names, the resource
 * tree, auth, the base URL and each operation's wire plan from. Checked on small specs, and on
 * the two emitters: the TypeScript client and the Python SDK put every operation at the same
 * place and send credentials the same way.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../generators/core/ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { emitClient } from '../../../../generators/emitters/client/emit.js';
import { planClient } from '../../../../generators/emitters/client/plan.js';
import { emitPython } from '../../../../generators/emitters/python/emit.js';
import { pythonName } from '../../../../generators/emitters/python/naming.js';
import { planPython } from '../../../../generators/emitters/python/plan.js';
import { NameScope, sdkShape } from '../../../../generators/sdk-shape/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sdk-shape-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function irOf(document: Record<string, unknown>): Promise<Ir> {
  const file = path.join(dir, `spec-${(counter += 1)}.json`);
  await writeFile(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'Media Shop REST API', version: '1.0.0' }, ...document }, null, 2));
  return buildIr(await loadDocument(file));
}
const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } };

describe('names', () => {
  it('derives the API names from the title once', async () => {
    const shape = sdkShape(await irOf({ paths: {} }));
    expect(shape.names).toEqual({ base: 'media-shop', envPrefix: 'MEDIA_SHOP', clientName: 'MediaShopClient', packageName: 'media-shop-client' });
  });

  it('scopes names with each language\'s suffix rule', () => {
    const ts = new NameScope(['Foo']);
    expect([ts.claim('Foo'), ts.claim('Foo'), ts.claim('Bar')]).toEqual(['Foo2', 'Foo3', 'Bar']);
    const py = new NameScope(['self'], (base, attempt) => (attempt === 1 ? `${base}_` : `${base}_${attempt}`));
    expect([py.claim('self'), py.claim('self'), py.claim('self')]).toEqual(['self_', 'self_2', 'self_3']);
  });
});

describe('resources and methods', () => {
  it('places operations by path and verb; a method never takes a reserved member (then) or a child resource name', async () => {
    const ir = await irOf({
      paths: {
        '/v1/orders': { get: { operationId: 'listOrders', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array' } } } } } }, post: { operationId: 'createOrder', responses: ok } },
        '/v1/orders/{id}': { get: { operationId: 'getOrder', responses: ok } },
        '/v1/orders/{id}/then': { post: { operationId: 'orders/follow-up', responses: ok } },
        '/v1/promises': { post: { operationId: 'then', responses: ok } },
        '/v1/jobs': { get: { operationId: 'jobsList', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array' } } } } } } },
        '/v1/jobs/list': { get: { operationId: 'jobsListAll', responses: ok } },
      },
    });
    const shape = sdkShape(ir);
    expect(shape.operations.map((operation) => [operation.operation.id, operation.resource.join('.'), operation.methodName])).toEqual([
      ['listOrders', 'orders', 'list'],
      ['createOrder', 'orders', 'create'],
      ['getOrder', 'orders', 'retrieve'],
      ['orders/follow-up', 'orders', 'followUp'], // the action verb would be `then`
      ['then', 'promises', 'create'],
      ['jobsList', 'jobs', 'jobsList'], // "list" is the child resource jobs.list
      ['jobsListAll', 'jobs.list', 'retrieve'],
    ]);
    expect(shape.root.children.map((child) => child.chain.join('.'))).toEqual(['orders', 'promises', 'jobs']);
    expect(shape.root.children[2].children.map((child) => child.chain.join('.'))).toEqual(['jobs.list']);
  });

  it('is what both SDK emitters use: the TypeScript and Python methods sit at the same place', async () => {
    const ir = await irOf({
      paths: {
        '/v1/orders': { post: { operationId: 'createOrder', responses: ok } },
        '/v1/orders/{id}/then': { post: { operationId: 'orders/follow-up', responses: ok } },
        '/v1/line-items/{id}': { delete: { operationId: 'deleteLineItem', responses: ok } },
      },
    });
    const ts = planClient(ir).operations.map((plan) => [...plan.shape.resource, plan.methodName].join('.'));
    const python = planPython(ir).methods.map((method) => method.name);
    expect(ts).toEqual(['orders.create', 'orders.followUp', 'lineItems.delete']);
    expect(python).toEqual(['create', 'follow_up', 'delete']);
    expect(planPython(ir).root.children.map((child) => child.attribute)).toEqual(sdkShape(ir).root.children.map((child) => pythonName(child.chain.at(-1)!, 'variable')));
  });
});

describe('auth', () => {
  const withSchemes = (schemes: Record<string, unknown>, security: Array<Record<string, string[]>>) => irOf({ components: { securitySchemes: schemes }, security, paths: { '/a': { get: { responses: ok } } } });

  it.each([
    ['a bearer token', { key: { type: 'http', scheme: 'bearer' } }, [{ key: [] }], { kind: 'bearer' }],
    ['a header key', { key: { type: 'apiKey', in: 'header', name: 'X-Key' } }, [{ key: [] }], { kind: 'header', name: 'X-Key' }],
    ['a query key', { key: { type: 'apiKey', in: 'query', name: 'api_key' } }, [{ key: [] }], { kind: 'query', name: 'api_key' }],
    ['a cookie session with its CSRF header', { csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' }, session: { type: 'apiKey', in: 'cookie', name: 'sid' } }, [{ csrf: [], session: [] }], { kind: 'cookie', name: 'sid', csrfHeader: 'X-CSRF-Token' }],
    ['nothing', {}, [], { kind: 'none' }],
  ])('detects %s, and both SDKs send it that way', async (_name, schemes, security, want) => {
    const ir = await withSchemes(schemes, security);
    expect(sdkShape(ir).auth).toEqual(want);
    const tsConfig = (await emitClient(ir)).find((file) => file.path === 'client/src/client.ts')!.content;
    expect(JSON.parse(/"auth": (\{[^}]*\})/.exec(tsConfig)![1])).toEqual(want);
    const pyConfig = emitPython(ir).find((file) => file.path.endsWith('/_client.py') && !file.path.includes('/_core/'))!.content;
    expect(pyConfig).toContain(`auth="${want.kind}"`);
    if ('name' in want) expect(pyConfig).toContain(`auth_name="${want.name}"`);
  });
});

describe('base URL', () => {
  it('is the first server with its variables at their defaults', async () => {
    const ir = await irOf({ servers: [{ url: 'https://{region}.api.example/{version}', variables: { region: { default: 'eu' }, version: { default: 'v2' } } }, { url: 'https://other.example' }], paths: {} });
    expect(sdkShape(ir).baseUrl).toBe('https://eu.api.example/v2');
    expect(sdkShape(await irOf({ paths: {} })).baseUrl).toBe('http://localhost');
  });
});

describe('wire plans', () => {
  it('states each parameter, body and response as runtimes need it, defaults left out', async () => {
    const ir = await irOf({
      paths: {
        '/files/{name}.{ext}': {
          post: {
            parameters: [
              { name: 'ext', in: 'path', required: true, style: 'label', schema: { type: 'string' } },
              { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'tags', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'string' } } },
              { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
              { name: 'X-Ids', in: 'header', schema: { type: 'array', items: { type: 'integer' } } },
              { name: 'prefs', in: 'cookie', explode: false, schema: { type: 'object' } },
            ],
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' }, meta: { type: 'object' }, scope: { type: 'array', items: { type: 'string' } } } },
                  encoding: { file: { headers: { 'X-Checksum': { schema: { type: 'string' } } } }, scope: { style: 'spaceDelimited', explode: false } },
                },
                'application/json': { schema: { type: 'object' } },
              },
            },
            responses: {
              '200': { description: 'OK', content: { 'text/event-stream': { 'x-item-schema': { type: 'object' } }, 'application/json': { schema: { type: 'object' } } } },
              '404': { description: 'Missing' },
            },
          },
        },
      },
    });
    const wire = sdkShape(ir).operations[0].wire;
    expect(wire.params).toEqual([
      { name: 'name', in: 'path', style: 'simple', explode: false, shape: 'primitive' },
      { name: 'ext', in: 'path', style: 'label', explode: false, shape: 'primitive' },
      { name: 'tags', in: 'query', style: 'pipeDelimited', explode: false, shape: 'array' },
      { name: 'filter', in: 'query', style: 'form', explode: true, shape: 'primitive', json: true },
      { name: 'X-Ids', in: 'header', style: 'simple', explode: false, shape: 'array' },
      { name: 'prefs', in: 'cookie', style: 'form', explode: false, shape: 'object' },
    ]);
    expect(wire.bodies).toEqual([
      { mediaType: 'application/json', kind: 'json' },
      {
        mediaType: 'multipart/form-data',
        kind: 'multipart',
        parts: [
          { name: 'file', shape: 'file', contentType: 'application/octet-stream', headers: ['X-Checksum'] },
          { name: 'note', shape: 'primitive' },
          { name: 'meta', shape: 'object', contentType: 'application/json' },
          { name: 'scope', shape: 'array', style: 'spaceDelimited', explode: false, styled: true },
        ],
      },
    ]);
    expect(wire.success).toEqual([{ mediaType: 'application/json', kind: 'json' }, { mediaType: 'text/event-stream', kind: 'event-stream', dataIsJson: true }]);
    expect(wire.responses.map((response) => [response.status, response.media.length])).toEqual([['200', 2], ['404', 0]]);
  });
});
