/**
 * The IR's parameters (issue 21): parameter styles with their defaults per location, path templates
 * with parameters glued to text, and what the generators refuse, named with file, line and pointer.
 */
import { describe, expect, it } from 'vitest';
import { UnsupportedSpecError } from '../../../../generators/core/build-ir.js';
import { parsePathTemplate } from '../../../../generators/core/ir-parameters.js';
import { ok, only, useIrOf } from './small-spec-ir.js';

const irOf = useIrOf('ir-parameter-styles-');

describe('parameters', () => {
  it('gives each location its default style and explode, and keeps what the spec says', async () => {
    const ir = await irOf({
      '/p/{id}': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'array', items: { type: 'integer' } },
              style: 'matrix',
              explode: true,
            },
            { name: 'q', in: 'query', schema: { type: 'object', properties: { a: { type: 'string' } } } },
            {
              name: 'r',
              in: 'query',
              schema: { type: 'string' },
              allowReserved: true,
              allowEmptyValue: true,
            },
            { name: 'd', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' } },
            {
              name: 'f',
              in: 'query',
              content: {
                'application/json': { schema: { type: 'object', properties: { x: { type: 'integer' } } } },
              },
            },
            { name: 'X-List', in: 'header', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
            { name: 'X-Reserved', in: 'header', schema: { type: 'string' }, allowReserved: true },
          ],
          responses: ok,
        },
      },
    });
    const params = only(ir).parameters;
    const view = (param: (typeof params.query)[number]) => [
      param.name,
      param.style,
      param.explode,
      param.shape,
      param.allowReserved,
      param.allowEmptyValue,
      param.contentType,
    ];
    expect(params.path.map(view)).toEqual([['id', 'matrix', true, 'array', false, false, undefined]]);
    expect(params.query.map(view)).toEqual([
      ['q', 'form', true, 'object', false, false, undefined],
      ['r', 'form', true, 'primitive', true, true, undefined],
      ['d', 'deepObject', true, 'object', false, false, undefined],
      ['f', 'form', true, 'primitive', false, false, 'application/json'],
    ]);
    expect(params.query[3].schema).toEqual({ type: 'object', properties: { x: { type: 'integer' } } });
    expect(params.header.map(view)).toEqual([
      ['X-List', 'simple', false, 'array', false, false, undefined],
      ['X-Reserved', 'simple', false, 'primitive', false, false, undefined], // allowReserved is a query keyword
    ]);
    expect(params.cookie.map(view)).toEqual([
      ['session', 'form', true, 'primitive', false, false, undefined],
    ]);
  });

  it.each([
    ['/user{ext}', [{ literal: '/user' }, { param: 'ext' }], undefined],
    [
      '/files/{name}.{ext}',
      [{ literal: '/files/' }, { param: 'name' }, { literal: '.' }, { param: 'ext' }],
      undefined,
    ],
    ['/v1/{name}:cancel', [{ literal: '/v1/' }, { param: 'name' }, { literal: ':cancel' }], undefined],
    [
      '/#X-Amz-Target=Things.PutThing',
      [{ literal: '/' }],
      { in: 'header', name: 'X-Amz-Target', value: 'Things.PutThing' },
    ],
    ['/search?mode=fast&x=1', [{ literal: '/search' }], { in: 'query', name: 'mode', value: 'fast' }],
  ])('takes the path template %s apart', (template, parts, match) => {
    const parsed = parsePathTemplate(template);
    expect(parsed.parts).toEqual(parts);
    expect(parsed.match).toEqual(match);
    expect(parsed.params).toEqual(parts.flatMap((part) => ('param' in part ? [part.param] : [])));
  });
});

describe('what the generators refuse', () => {
  it('names every construct it cannot represent, with file:line:col and pointer, and stops', async () => {
    const error = await irOf({
      '/a/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, style: 'form', schema: { type: 'string' } },
            {
              name: 'q',
              in: 'query',
              style: 'deepObject',
              schema: { type: 'array', items: { type: 'string' } },
            },
            { name: 'c', in: 'query', content: { 'image/png': { schema: { type: 'string' } } } },
            { name: 'two', in: 'query', content: { 'application/json': {}, 'text/plain': {} } },
          ],
          responses: ok,
        },
      },
      '/b': {
        post: {
          requestBody: { content: { 'multipart/mixed': { schema: { type: 'object' } } } },
          responses: ok,
        },
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsupportedSpecError);
    const lines = (error as UnsupportedSpecError).message.split('\n');
    expect(lines, lines.join('\n')).toHaveLength(5);
    expect(lines[0]).toMatch(
      /^\S+spec-\d+\.json:\d+:\d+: not supported: style "form" is not defined for path parameters \(OpenAPI allows simple, label, matrix\) \(at #\/paths\/~1a~1\{id\}\/get\/parameters\/0\/style\)$/,
    );
    expect(lines[1]).toContain(
      'deepObject is defined for values other than files, with explode: true only (at #/paths/~1a~1{id}/get/parameters/1)',
    );
    expect(lines[2]).toContain('serialised as image/png; only JSON and text parameter content is supported');
    expect(lines[3]).toContain('has 2 media types in content; OpenAPI allows exactly one');
    expect(lines[4]).toContain(
      'multipart/mixed is not supported (multipart/form-data is) (at #/paths/~1b/post/requestBody/content/multipart~1mixed)',
    );
  });
});
