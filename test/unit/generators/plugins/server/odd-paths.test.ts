/**
 * Odd path templates (issue 12) mapped to Fastify URLs: Google-style `{name}:verb` paths and
 * AWS-style templates with a fragment or query (routed by Fastify in process, inject: no socket).
 * The stubs started on a real socket are
 * test/integration/generators/plugins/server/odd-paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { fastifyUrl, templateMatch } from '../../../../../generators/plugins/server/emit.js';

describe('Fastify URLs for odd path templates', () => {
  it.each([
    ['/v1/nature/subjects/{subject_id}', '/v1/nature/subjects/:subject_id'],
    ['/v1/{name}:cancel', '/v1/:name(^[\\s\\S]+?)::cancel'],
    [
      '/v1/projects/{project}/locations/{location}:batchGet',
      '/v1/projects/:project/locations/:location(^[\\s\\S]+?)::batchGet',
    ],
    ['/files/{name}.{ext}', '/files/:name(^[\\s\\S]+?).:ext(^[\\s\\S]+?)'],
    ['/worker/{arch}:{id}/x/{y}', '/worker/:arch(^[\\s\\S]+?):::id(^[\\s\\S]+?)/x/:y'],
    ['/v1/static:verb', '/v1/static::verb'],
    ['/#X-Amz-Target=Things.ListThings', '/'],
    ['/search?mode=fast', '/search'],
  ])('%s -> %s', (template, expected) => {
    expect(fastifyUrl(template)).toBe(expected);
  });

  it("routes a glued segment's every value, line breaks included, as Fastify's router reads it", async () => {
    // obs' `/worker/{architecture_name}:{worker_id}`: the router's own pattern for the later
    // parameter is `.*?`, and a worker id holding a CR found no route.
    const app = Fastify();
    const params = async (request: { params: unknown }) => request.params;
    app.get(fastifyUrl('/worker/{arch}:{id}'), params);
    app.get(fastifyUrl('/files/{name}.{ext}/meta'), params);
    const found = async (url: string) => (await app.inject({ method: 'GET', url })).json();
    expect(await found('/worker/a%0Db:x%0Dy%0A')).toEqual({ arch: 'a\rb', id: 'x\ry\n' });
    expect(await found('/files/r%0A.t%0Dt/meta')).toEqual({ name: 'r\n', ext: 't\rt' });
    await app.close();
  });

  it.each([
    ['/#X-Amz-Target=Things.PutThing', { in: 'header', name: 'X-Amz-Target', value: 'Things.PutThing' }],
    ['/search?mode=fast&x=1', { in: 'query', name: 'mode', value: 'fast' }],
    ['/v1/things/{id}', undefined],
  ])('%s asks the request for %j', (template, expected) => {
    expect(templateMatch(template)).toEqual(expected);
  });
});
