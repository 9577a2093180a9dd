/**
 * The operation a request the router could not decode was for (the stubs' runtime, unrouted.ts):
 * found from the raw path by the OpenAPI templates, the most literal template first, by method.
 */
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../../../../generators/plugins/server/runtime/route-spec.js';
import { rawPathMatcher } from '../../../../../generators/plugins/server/runtime/unrouted.js';

const route = (method: string, path: string) =>
  ({ operationId: `${method} ${path}`, method, path }) as RouteSpec;

describe('rawPathMatcher', () => {
  const find = rawPathMatcher([
    route('GET', '/items/{id}'),
    route('GET', '/items/mine'),
    route('PUT', '/items/{id}'),
    route('GET', '/files/{name}.{ext}'),
    route('POST', '/#Action=Run'),
  ]);
  const id = (method: string, url: string) => find(method, url)?.operationId;

  it('takes a parameter for any characters but "/", undecoded', () => {
    expect(id('GET', '/items/%E0%A4%A')).toBe('GET /items/{id}');
    expect(id('PUT', '/items/%ZZ?x=1')).toBe('PUT /items/{id}');
    expect(id('GET', '/files/a%ZZ.txt')).toBe('GET /files/{name}.{ext}');
  });

  it('prefers the most literal template, as the router does', () => {
    expect(id('GET', '/items/mine')).toBe('GET /items/mine');
  });

  it('matches the method and the whole path, a template without its fragment', () => {
    expect(id('DELETE', '/items/1')).toBeUndefined();
    expect(id('GET', '/items/1/more')).toBeUndefined();
    expect(id('GET', '/items/')).toBeUndefined();
    expect(id('POST', '/')).toBe('POST /#Action=Run');
  });
});
