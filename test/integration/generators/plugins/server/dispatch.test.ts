/**
 * The generated Fastify stubs of an AWS JSON-protocol spec: 40 operations on one path, told apart
 * by the X-Amz-Target value in their path template (`/#X-Amz-Target=Svc.Op0`), register and are
 * routed each to its own handler and validation; an unknown or missing target is 404 in the error
 * format; a template without a value beside a plain path routes both. Generated into a temporary
 * folder and driven through Fastify's inject (no socket).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

describe('AWS JSON-protocol specs', () => {
  it('registers any number of operations on one path and routes each by X-Amz-Target', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [
        `/#X-Amz-Target=Svc.Op${index}`,
        {
          post: {
            operationId: `op${index}`,
            requestBody: {
              required: true,
              content: {
                'application/x-amz-json-1.1': {
                  schema: {
                    type: 'object',
                    properties: { n: { type: 'integer' } },
                    additionalProperties: false,
                  },
                },
              },
            },
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/x-amz-json-1.1': { schema: { type: 'object' } } },
              },
            },
          },
        },
      ]),
    );
    const handlers = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [
        `op${index}`,
        async (request: { body: { n?: number } }) => ({ op: index, n: request.body.n ?? null }),
      ]),
    );
    const aws = await stubsOf({ openapi: '3.0.3', info: { title: 'Svc', version: '1' }, paths }, handlers);
    try {
      const call = (target: string | undefined, body: string) =>
        aws.inject({
          method: 'POST',
          url: '/',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            ...(target ? { 'x-amz-target': target } : {}),
          },
          payload: body,
        });
      for (const index of [0, 31, 32, 39])
        expect((await call(`Svc.Op${index}`, '{"n":5}')).json()).toEqual({ op: index, n: 5 });
      const invalid = await call('Svc.Op35', '{"n":"five"}');
      expect([invalid.statusCode, invalid.json().param]).toEqual([400, 'n']);
      const unknown = await call('Svc.Nope', '{}');
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
      expect((await call(undefined, '{}')).statusCode).toBe(404);
    } finally {
      await aws.close();
    }
  }, 120_000);

  it("routes a value-less template beside a plain path whose parameter is named otherwise, each with its own parameter's name (Azure's `#disambiguation_dummy`)", async () => {
    const get = (operationId: string, name: string) => ({
      get: {
        operationId,
        parameters: [{ in: 'path', name, required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    });
    const azure = await stubsOf(
      {
        openapi: '3.0.3',
        info: { title: 'Authorization', version: '1' },
        paths: {
          '/{roleAssignmentId}': get('assignment', 'roleAssignmentId'),
          '/{roleDefinitionId}#disambiguation_dummy': get('definition', 'roleDefinitionId'),
        },
      },
      {
        assignment: async (request: { params: object }) => ({ op: 'assignment', params: request.params }),
        definition: async (request: { params: object }) => ({ op: 'definition', params: request.params }),
      },
    );
    try {
      const plain = await azure.inject({ method: 'GET', url: '/ra-1' });
      expect(plain.json()).toEqual({ op: 'assignment', params: { roleAssignmentId: 'ra-1' } });
      const named = await azure.inject({
        method: 'GET',
        url: '/rd-1',
        headers: { disambiguation_dummy: '' },
      });
      expect(named.json()).toEqual({ op: 'definition', params: { roleDefinitionId: 'rd-1' } });
    } finally {
      await azure.close();
    }
  }, 120_000);
});

describe('paths the router sees as one', () => {
  it('registers a HEAD beside a GET whose path parameter is named otherwise, each answered by its own operation', async () => {
    const operation = (operationId: string, name: string) => ({
      operationId,
      parameters: [{ in: 'path', name, required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'OK' } },
    });
    const app = await stubsOf(
      {
        openapi: '3.0.3',
        info: { title: 'Blobs', version: '1' },
        paths: {
          '/blobs/{digest}': { get: operation('getBlob', 'digest') },
          '/blobs/{name}': { head: operation('checkBlob', 'name') },
        },
      },
      {
        getBlob: async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
          reply.header('x-operation', 'getBlob');
          return null;
        },
        checkBlob: async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
          reply.header('x-operation', 'checkBlob');
          return null;
        },
      },
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/blobs/a' })).headers['x-operation']).toBe('getBlob');
      expect((await app.inject({ method: 'HEAD', url: '/blobs/a' })).headers['x-operation']).toBe(
        'checkBlob',
      );
    } finally {
      await app.close();
    }
  }, 120_000);
});

/** The stubs generated from `document` (into a temporary folder under .cache, removed on close), registered with `handlers` and ready. */
async function stubsOf(document: object, handlers: Record<string, unknown>): Promise<FastifyInstance> {
  await mkdir(path.resolve('.cache'), { recursive: true });
  const dir = await mkdtemp(path.resolve('.cache', 'dispatch-'));
  await writeFile(path.join(dir, 'spec.json'), JSON.stringify(document));
  await generate({
    spec: path.join(dir, 'spec.json'),
    out: path.join(dir, 'out'),
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(dir, 'out', 'server', 'index.ts'));
  const app = Fastify({
    ...(stubs.serverOptions as () => object)(),
    logger: false,
  }) as unknown as FastifyInstance;
  app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  await app.register(stubs.routesPlugin, { handlers });
  await app.ready();
  return app;
}
