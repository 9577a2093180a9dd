/**
 * The contract suites' requests on the wire (runtime/serialize.ts): parameters in every OpenAPI
 * style, checked against the OpenAPI specification's own style table and read back through `qs`,
 * values read as a server reads them, and bodies in their media types read back by busboy and
 * URLSearchParams.
 */
import busboy from 'busboy';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import {
  asRead,
  encodeBody,
  fillPath,
  pathValue,
  queryString,
} from '../../../../../generators/plugins/contract-tests/runtime/serialize.js';
import { decodePathParam, decodeQuery } from '../../../../../generators/core/param-decoding.js';

describe('parameters on the wire, in their styles', () => {
  // The OpenAPI 3.0.3 specification's style examples (Style Examples table): color = blue,
  // ["blue","black","brown"], {R:100,G:200,B:150}.
  const array = ['blue', 'black', 'brown'];
  const object = { R: 100, G: 200, B: 150 };
  const path = (style: string, explode: boolean, value: unknown) =>
    fillPath('/{color}', [{ name: 'color', style, explode }], { color: value }).slice(1);
  it.each([
    ['simple', false, array, 'blue,black,brown'],
    ['simple', true, object, 'R=100,G=200,B=150'],
    ['simple', false, object, 'R,100,G,200,B,150'],
    ['label', false, 'blue', '.blue'],
    ['label', true, array, '.blue.black.brown'],
    ['label', false, array, '.blue,black,brown'],
    ['label', true, object, '.R=100.G=200.B=150'],
    ['matrix', false, 'blue', ';color=blue'],
    ['matrix', true, array, ';color=blue;color=black;color=brown'],
    ['matrix', false, array, ';color=blue,black,brown'],
    ['matrix', true, object, ';R=100;G=200;B=150'],
    ['matrix', false, object, ';color=R,100,G,200,B,150'],
  ])('path %s (explode %s) of %j is %s', (style, explode, value, wire) => {
    expect(path(style as string, explode as boolean, value)).toBe(wire);
  });

  it.each([
    ['form', true, array, 'color=blue&color=black&color=brown'],
    ['form', false, array, 'color=blue,black,brown'],
    ['form', true, object, 'R=100&G=200&B=150'],
    ['form', false, object, 'color=R,100,G,200,B,150'],
    ['spaceDelimited', false, array, 'color=blue%20black%20brown'],
    ['pipeDelimited', false, array, 'color=blue|black|brown'],
  ])('query %s (explode %s) of %j is %s', (style, explode, value, wire) => {
    expect(
      queryString([{ name: 'color', style: style as string, explode: explode as boolean }], { color: value }),
    ).toBe(wire);
  });

  it('deepObject reads back through qs as the object it was', () => {
    const value = { role: 'admin', name: { first: 'Ada', last: 'L & co' } };
    expect(
      qs.parse(queryString([{ name: 'filter', style: 'deepObject', explode: true }], { filter: value })),
    ).toEqual({ filter: value });
  });

  it('a deepObject array of scalars goes indexed, as the SDKs send it, and qs reads the array back', () => {
    const value = ['customer', 'invoice.lines', 'a&b'];
    const query = queryString([{ name: 'expand', style: 'deepObject', explode: true }], { expand: value });
    expect(query).toBe('expand[0]=customer&expand[1]=invoice.lines&expand[2]=a%26b');
    expect(qs.parse(query)).toEqual({ expand: value });
  });

  it('reads a value as a server does: text typed by the schema, an empty array or value as nothing', () => {
    const param = (schema: object, extra = {}) => ({
      in: 'query' as const,
      style: 'form',
      explode: true,
      schema,
      ...extra,
    });
    expect(asRead(param({ type: 'string' }), 12345)).toBe('12345');
    expect(asRead(param({ type: 'integer' }), '7')).toBe(7);
    expect(asRead(param({ type: 'array', items: { type: 'string' } }), [])).toBeUndefined();
    expect(
      asRead(param({ type: 'array', items: { type: 'integer' } }), 'not-a-array', { type: 'integer' }),
    ).toEqual(['not-a-array']);
    expect(asRead(param({ type: 'string' }), '')).toBeUndefined();
    expect(asRead(param({ type: 'string' }, { allowEmptyValue: true }), '')).toBe('');
  });

  it('reads an exploded query array of objects or arrays back as the items, which went as JSON text', () => {
    const items = {
      type: 'object',
      required: ['Identifier'],
      properties: { Identifier: { type: 'string' } },
    };
    const sources = [{ Identifier: 'a' }, { Identifier: 'b,c' }];
    const param = (schema: object, jsonItems?: true) => ({
      in: 'query' as const,
      style: 'form',
      explode: true,
      schema,
      ...(jsonItems ? { jsonItems } : {}),
    });
    // What is sent, and what the stubs' decoder makes of it: the items themselves.
    const query = queryString([{ name: 'Sources', style: 'form', explode: true }], { Sources: sources });
    expect(query).toBe(
      'Sources=%7B%22Identifier%22%3A%22a%22%7D&Sources=%7B%22Identifier%22%3A%22b%2Cc%22%7D',
    );
    const wire = {
      name: 'Sources',
      in: 'query',
      style: 'form',
      explode: true,
      shape: 'array',
      jsonItems: true,
    } as const;
    expect(decodeQuery(query, [wire]).Sources).toEqual(sources);
    expect(asRead(param({ type: 'array', items }, true), sources, items)).toEqual(sources);
    // Items that may be text (a union with string): the decoder keeps the text, and so does asRead.
    const union = { type: ['string', 'object'] };
    expect(decodeQuery('Sources=%7B%22a%22%3A1%7D', [{ ...wire, jsonItems: undefined }]).Sources).toEqual([
      '{"a":1}',
    ]);
    expect(asRead(param({ type: 'array', items: union }), [{ a: 1 }], union)).toEqual(['{"a":1}']);
    expect(asRead(param({ type: 'array', items: { type: 'array' } }, true), [[1, 2]])).toEqual([[1, 2]]);
    // Scalars beside them are still read as text.
    expect(asRead(param({ type: 'array', items: { type: 'integer' } }), [3, '4'])).toEqual([3, 4]);
  });
});

describe('bodies in their media types', () => {
  /** The parts busboy reads from a multipart body: name -> [value, content type]. */
  async function parts(body: FormData): Promise<Record<string, [string, string]>> {
    const request = new Request('http://x/', { method: 'POST', body });
    const bytes = Buffer.from(await request.arrayBuffer());
    return new Promise((resolve, reject) => {
      const out: Record<string, [string, string]> = {};
      const parser = busboy({ headers: { 'content-type': request.headers.get('content-type')! } });
      parser.on('field', (name, value, info) => (out[name] = [value, info.mimeType]));
      parser.on('file', (name, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => (out[name] = [Buffer.concat(chunks).toString('utf8'), info.mimeType]));
      });
      parser.on('close', () => resolve(out));
      parser.on('error', reject);
      parser.end(bytes);
    });
  }

  it('multipart/form-data: busboy reads each property as a part, objects as JSON parts', async () => {
    const { body } = encodeBody(
      { name: 'Mars', size: 3, tags: ['a', 'b'], orbit: { sun: true } },
      'multipart/form-data',
    );
    expect(await parts(body as FormData)).toEqual({
      name: ['Mars', 'text/plain'],
      size: ['3', 'text/plain'],
      tags: ['b', 'text/plain'],
      orbit: ['{"sun":true}', 'application/json'],
    });
  });

  it('application/x-www-form-urlencoded: URLSearchParams reads it back', () => {
    const { body, contentType } = encodeBody(
      { name: 'Mars & co', tags: ['a', 'b'] },
      'application/x-www-form-urlencoded',
    );
    expect(contentType).toBe('application/x-www-form-urlencoded');
    const read = new URLSearchParams(body as string);
    expect([read.get('name'), read.getAll('tags')]).toEqual(['Mars & co', ['a', 'b']]);
  });
});

describe('path values in label style', () => {
  it('escapes the delimiter inside a value, so the stubs read back what asRead says', () => {
    const param = { name: 'ids', in: 'path' as const, style: 'label' as const, explode: true };
    const value = [{ a: 'x.y', n: 1.5 }, 'p.q'];
    const spec = { ...param, shape: 'array' as const, jsonItems: true as const };
    expect(decodePathParam(spec, pathValue(param, value))).toEqual(value);
  });
});
