/**
 * What the MSW handlers hand a resolver of a request (generators/plugins/msw/runtime/request.ts):
 * the query the TypeScript client's serialiser wrote, decoded by each parameter's style and typed
 * as the client types it, and the JSON body read from a clone. One table drives both directions:
 * each value is written by the client's `queryString` and must come back as it was given.
 * Starts no process and opens no socket.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { queryString } from '../../../../../generators/plugins/client/runtime/serialize.js';
import {
  jsonBodyOf,
  queryOf,
  type QueryParam,
} from '../../../../../generators/plugins/msw/runtime/request.js';

const param = (name: string, rest: Partial<QueryParam>): QueryParam => ({
  name,
  in: 'query',
  style: 'form',
  explode: true,
  shape: 'primitive',
  ...rest,
});

const url = (query: string) => `https://api.example.test/v1/things${query ? `?${query}` : ''}`;

describe('the query a resolver is handed', () => {
  it.each([
    {
      given: 'an integer and a string',
      params: [param('limit', { types: { value: 'integer' } }), param('cursor', {})],
      value: { limit: 25, cursor: 'cur_a,b&c d' },
    },
    {
      given: 'a boolean and a number',
      params: [
        param('deleted', { types: { value: 'boolean' } }),
        param('min', { types: { value: 'number' } }),
      ],
      value: { deleted: false, min: 2.5 },
    },
    {
      given: 'an array in repeated keys (form, explode)',
      params: [param('tag', { shape: 'array' })],
      value: { tag: ['a', 'b,c', 'd e'] },
    },
    {
      given: 'an array of integers in one comma-separated value (form, no explode)',
      params: [param('ids', { shape: 'array', explode: false, types: { items: 'integer' } })],
      value: { ids: [3, 1, 2] },
    },
    {
      given: 'pipeDelimited and spaceDelimited arrays',
      params: [
        param('piped', { shape: 'array', style: 'pipeDelimited', explode: false }),
        param('spaced', { shape: 'array', style: 'spaceDelimited', explode: false }),
      ],
      value: { piped: ['a', 'b|c'], spaced: ['x y', 'z'] },
    },
    {
      given: 'a deepObject with typed properties',
      params: [
        param('filter', {
          shape: 'object',
          style: 'deepObject',
          types: { properties: { min: 'integer', open: 'boolean' } },
        }),
      ],
      value: { filter: { min: 3, open: true, name: 'a]b' } },
    },
    {
      given: 'an exploded form object, found by its properties',
      params: [
        param('point', { shape: 'object', properties: ['x', 'y'], types: { properties: { x: 'number' } } }),
      ],
      value: { point: { x: 1.5, y: 'north' } },
    },
  ])('$given comes back as the client sent it', ({ params, value }) => {
    const sent = queryString(params, value);
    expect(queryOf(url(sent), params)).toEqual(value);
  });

  it('leaves out what no parameter declares, and text that is not its type stays text', () => {
    const params = [param('limit', { types: { value: 'integer' } })];
    expect(queryOf(url('limit=ten&extra=1'), params)).toEqual({ limit: 'ten' });
    expect(queryOf(url('limit=2.5'), params)).toEqual({ limit: '2.5' });
    expect(queryOf(url(''), params)).toEqual({});
  });

  it('hands over a parameter it cannot read by its style as its text, and reads the others', () => {
    const params = [
      param('pair', { shape: 'object', explode: false }),
      param('limit', { types: { value: 'integer' } }),
    ];
    // An object spelled as key,value pairs with an odd count cannot be read.
    expect(queryOf(url('pair=a,b,c&limit=4'), params)).toEqual({ pair: 'a,b,c', limit: 4 });
  });
});

describe('the body a resolver is handed', () => {
  const post = (body: string, type: string) =>
    new Request('https://api.example.test/v1/things', {
      method: 'POST',
      body,
      headers: { 'content-type': type },
    });

  it('is the JSON body, read from a clone so the request stays unread', async () => {
    const request = post('{"name":"a","n":[1,2]}', 'application/json; charset=utf-8');
    expect(await jsonBodyOf(request)).toEqual({ name: 'a', n: [1, 2] });
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual({ name: 'a', n: [1, 2] });
    expect(await jsonBodyOf(post('{"a":1}', 'application/merge-patch+json'))).toEqual({ a: 1 });
  });

  it('is the JSON body decoded from the coding its Content-Encoding names (the clients compress one)', async () => {
    for (const [coding, bytes] of [
      ['gzip', gzipSync('{"lat":52.5}')],
      ['deflate', deflateSync('{"lat":52.5}')],
    ] as const) {
      const request = new Request('https://api.example.test/v1/locate', {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
      });
      expect(await jsonBodyOf(request), coding).toEqual({ lat: 52.5 });
    }
  });

  it('is undefined for another media type, no body, or text that is not JSON', async () => {
    expect(await jsonBodyOf(post('name=a', 'application/x-www-form-urlencoded'))).toBeUndefined();
    expect(await jsonBodyOf(post('{"a":1}', 'text/plain'))).toBeUndefined();
    expect(await jsonBodyOf(post('{not json', 'application/json'))).toBeUndefined();
    expect(await jsonBodyOf(new Request('https://api.example.test/'))).toBeUndefined();
  });
});
