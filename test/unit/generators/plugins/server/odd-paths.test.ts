/**
 * Odd path templates (issue 12) mapped to Fastify URLs: Google-style `{name}:verb` paths and
 * AWS-style templates with a fragment or query. The stubs started on a real socket are
 * test/integration/generators/plugins/server/odd-paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fastifyUrl, templateMatch } from '../../../../../generators/plugins/server/emit.js';

describe('Fastify URLs for odd path templates', () => {
  it.each([
    ['/v1/nature/subjects/{subject_id}', '/v1/nature/subjects/:subject_id'],
    ['/v1/{name}:cancel', '/v1/:name(^[\\s\\S]+?)::cancel'],
    [
      '/v1/projects/{project}/locations/{location}:batchGet',
      '/v1/projects/:project/locations/:location(^[\\s\\S]+?)::batchGet',
    ],
    ['/files/{name}.{ext}', '/files/:name(^[\\s\\S]+?).:ext'],
    ['/v1/static:verb', '/v1/static::verb'],
    ['/#X-Amz-Target=Things.ListThings', '/'],
    ['/search?mode=fast', '/search'],
  ])('%s -> %s', (template, expected) => {
    expect(fastifyUrl(template)).toBe(expected);
  });

  it.each([
    ['/#X-Amz-Target=Things.PutThing', { in: 'header', name: 'X-Amz-Target', value: 'Things.PutThing' }],
    ['/search?mode=fast&x=1', { in: 'query', name: 'mode', value: 'fast' }],
    ['/v1/things/{id}', undefined],
  ])('%s asks the request for %j', (template, expected) => {
    expect(templateMatch(template)).toEqual(expected);
  });
});
