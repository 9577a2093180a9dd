/**
 * The generated Fastify stubs of an AWS JSON-protocol spec: 40 operations on one path, told apart
 * by the X-Amz-Target value in their path template (`/#X-Amz-Target=Svc.Op0`), register and are
 * routed each to its own handler and validation; an unknown or missing target is 404 in the error
 * format. Generated into a temporary folder and driven through Fastify's inject (no socket).
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
    await mkdir(path.resolve('.cache'), { recursive: true });
    const dir = await mkdtemp(path.resolve('.cache', 'aws-'));
    try {
      await writeFile(
        path.join(dir, 'aws.json'),
        JSON.stringify({ openapi: '3.0.3', info: { title: 'Svc', version: '1' }, paths }),
      );
      await generate({
        spec: path.join(dir, 'aws.json'),
        out: path.join(dir, 'out'),
        command: 'test',
        write: true,
        skip: ['sdks'],
        log: () => {},
      });
      const stubs = await import(path.join(dir, 'out', 'server', 'index.ts'));
      const aws = Fastify({
        ...(stubs.serverOptions as () => object)(),
        logger: false,
      }) as unknown as FastifyInstance;
      const handlers = Object.fromEntries(
        Array.from({ length: 40 }, (_, index) => [
          `op${index}`,
          async (request: { body: { n?: number } }) => ({ op: index, n: request.body.n ?? null }),
        ]),
      );
      await aws.register(stubs.routesPlugin, { handlers });
      await aws.ready();
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
      await aws.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
