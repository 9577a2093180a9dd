/**
 * The client runtime's parameter serialisation against the OpenAPI 3.1.1 "Style Examples" table
 * (the specification's own examples are the oracle), deepObject against `qs`, and the escape
 * convention: a delimiter inside a value is percent-encoded, so splitting before decoding gets
 * every value back.
 */
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  cookiePairs,
  headerText,
  pathText,
  queryPairs,
  queryString,
  type ParamSpec,
} from '../../../../../generators/plugins/client/runtime/serialize.js';
import { encodeBody } from '../../../../../generators/plugins/client/runtime/body.js';

const string = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };
const param = (spec: Partial<ParamSpec> & Pick<ParamSpec, 'in'>): ParamSpec => ({ name: 'color', ...spec });
const query = (spec: Partial<ParamSpec>, value: unknown) =>
  queryString([param({ in: 'query', ...spec })], { color: value });

describe('the OAS 3.1.1 style examples table', () => {
  it.each([
    ['matrix', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
    ['matrix', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
    ['label', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
    ['label', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
    ['simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ] as const)('path %s, explode %s', (style, explode, forString, forArray, forObject) => {
    const spec = param({ in: 'path', style, explode });
    expect(pathText(spec, string)).toBe(forString);
    expect(pathText({ ...spec, shape: 'array' }, array)).toBe(forArray);
    expect(pathText({ ...spec, shape: 'object' }, object)).toBe(forObject);
  });

  it.each([
    ['form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
    ['form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
    ['spaceDelimited', false, undefined, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
    ['pipeDelimited', false, undefined, 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
    ['deepObject', true, undefined, undefined, 'color[R]=100&color[G]=200&color[B]=150'],
  ] as const)('query %s, explode %s', (style, explode, forString, forArray, forObject) => {
    if (forString) expect(query({ style, explode }, string)).toBe(forString);
    if (forArray) expect(query({ style, explode, shape: 'array' }, array)).toBe(forArray);
    expect(query({ style, explode, shape: 'object' }, object)).toBe(forObject);
  });

  it('sends the empty string, which is not undefined (form: color=, matrix: ;color, label: .)', () => {
    expect(query({}, '')).toBe('color=');
    expect(pathText(param({ in: 'path', style: 'matrix' }), '')).toBe(';color');
    expect(pathText(param({ in: 'path', style: 'label' }), '')).toBe('.');
    expect(query({}, undefined)).toBe('');
    expect(query({}, null)).toBe('');
  });

  it('spells header simple style without percent-encoding (Appendix D)', () => {
    expect(headerText(param({ in: 'header', shape: 'array' }), array)).toBe('blue,black,brown');
    expect(headerText(param({ in: 'header', shape: 'object' }), object)).toBe('R,100,G,200,B,150');
    expect(headerText(param({ in: 'header', shape: 'object', explode: true }), object)).toBe(
      'R=100,G=200,B=150',
    );
    expect(headerText(param({ in: 'header' }), 'a b/c?')).toBe('a b/c?');
    expect(() => headerText(param({ in: 'header' }), 'naïve')).toThrow(/printable ASCII/);
  });

  it('spells cookies as RFC 6265 pairs: form explode repeats the name, objects become cookies of their own', () => {
    expect(cookiePairs(param({ in: 'cookie' }), 'a b;c')).toEqual(['color=a%20b%3Bc']);
    expect(cookiePairs(param({ in: 'cookie', shape: 'array', explode: false }), ['a,b', 'c'])).toEqual([
      'color=a%2Cb,c',
    ]);
    expect(cookiePairs(param({ in: 'cookie', shape: 'array' }), ['a', 'b'])).toEqual(['color=a', 'color=b']);
    expect(cookiePairs(param({ in: 'cookie', shape: 'object' }), object)).toEqual([
      'R=100',
      'G=200',
      'B=150',
    ]);
  });
});

describe('the escape convention', () => {
  it('percent-encodes a delimiter inside a value and keeps the delimiter itself', () => {
    expect(query({ shape: 'array', explode: false }, ['a,b', 'c'])).toBe('color=a%2Cb,c');
    expect(query({ style: 'pipeDelimited', shape: 'array' }, ['a|b', 'c'])).toBe('color=a%7Cb|c');
    expect(query({ style: 'spaceDelimited', shape: 'array' }, ['a b', 'c'])).toBe('color=a+b%20c');
    expect(pathText(param({ in: 'path', style: 'label', shape: 'array', explode: true }), ['a.b', 'c'])).toBe(
      '.a%2Eb.c',
    );
    expect(
      pathText(param({ in: 'path', style: 'matrix', shape: 'object', explode: true }), { 'k;=': 'v,;' }),
    ).toBe(';k%3B%3D=v%2C%3B');
  });

  it('escapes the first character of the literal after a parameter glued to text', () => {
    expect(
      buildPath(
        '/files/{name}.{ext}',
        [
          { name: 'name', in: 'path' },
          { name: 'ext', in: 'path' },
        ],
        ['archive.tar', 'gz'],
      ),
    ).toBe('/files/archive%2Etar.gz');
    expect(buildPath('/user{ext}', [{ name: 'ext', in: 'path', style: 'label' }], ['json'])).toBe(
      '/user.json',
    );
    expect(buildPath('/v1/{name}:cancel', [{ name: 'name', in: 'path' }], ['ops/1:2'])).toBe(
      '/v1/ops%2F1%3A2:cancel',
    );
  });

  it('refuses a path parameter that would make a "." or ".." segment', () => {
    expect(() => buildPath('/a/{x}', [{ name: 'x', in: 'path' }], ['..'])).toThrow(/"\." or "\.\." segment/);
    expect(buildPath('/a/{x}', [{ name: 'x', in: 'path' }], ['...'])).toBe('/a/...');
  });

  it('keeps reserved characters with allowReserved, except those that end or split a query value', () => {
    expect(query({ allowReserved: true }, "a/b?c:d@e!$'()*,;")).toBe("color=a/b?c:d@e!$'()*,;");
    expect(query({ allowReserved: true }, 'x&y=z#w[0]+1 2')).toBe('color=x%26y%3Dz%23w%5B0%5D%2B1+2');
    expect(query({ allowReserved: true, shape: 'array', explode: false }, ['a,b', 'c/d'])).toBe(
      'color=a%2Cb,c/d',
    );
  });

  it('sends JSON content as one JSON text', () => {
    expect(query({ json: true }, { field: 'a b', gte: 1.5 })).toBe(
      'color=%7B%22field%22%3A%22a+b%22%2C%22gte%22%3A1.5%7D',
    );
  });

  it('round-trips deepObject through qs, the independent parser, for any keys and values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1 }).filter((key) => !/[[\]]/.test(key) && key !== '__proto__'),
          fc.string(),
        ),
        (value) => {
          const text = queryPairs(
            { name: 'filter', in: 'query', style: 'deepObject', explode: true, shape: 'object' },
            value,
          )
            .map(([name, item]) => `${name}=${item}`)
            .join('&');
          const parsed = qs.parse(text, {
            depth: 1,
            allowDots: false,
            parameterLimit: 10_000,
            allowPrototypes: true,
            parseArrays: false,
          }) as { filter?: Record<string, string> };
          expect(parsed.filter ?? {}).toEqual(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('nests deepObject members in brackets, arrays indexed, and qs reads the value back', () => {
    // Keys qs reads as keys: no brackets, not an index, not a prototype name.
    const key = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((text) => !/[[\]]/.test(text) && !/^\d+$/.test(text) && !(text in Object.prototype));
    const leaf = fc.string({ maxLength: 6 });
    const record = <T>(item: fc.Arbitrary<T>) => fc.dictionary(key, item, { minKeys: 1, maxKeys: 3 });
    const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });
    const member = fc.oneof(leaf, list(leaf), record(leaf), list(record(fc.oneof(leaf, list(leaf)))));
    fc.assert(
      fc.property(fc.oneof(record(member), list(record(member))), (value) => {
        const text = queryPairs(
          { name: 'lines', in: 'query', style: 'deepObject', explode: true, shape: 'unknown' },
          value,
        )
          .map(([name, item]) => `${name}=${item}`)
          .join('&');
        expect(qs.parse(text, { depth: 10, parameterLimit: 10_000 }).lines).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('gets every array value back by splitting on the delimiter before decoding, for every style', () => {
    const decodeQuery = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('form', 'spaceDelimited', 'pipeDelimited'),
        (items, style) => {
          const [[, text]] = queryPairs(
            { name: 'x', in: 'query', style, explode: false, shape: 'array' },
            items,
          );
          const delimiter = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
          expect(text.split(delimiter).map(decodeQuery)).toEqual(items);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// A corpus finding (a query parameter `constructor`): a name the params object inherits from Object
// was read as given, and `Object` itself was sent. Only what the caller gave is sent.
describe("names of Object's own methods", () => {
  const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  it('a query parameter left out is not sent, and one given is', () => {
    const specs = names.map((name): ParamSpec => ({ name, in: 'query' }));
    expect(queryString(specs, {})).toBe('');
    expect(queryString(specs, { constructor: 'a', valueOf: 'b' })).toBe('constructor=a&valueOf=b');
  });

  it('a form or multipart part left out is not sent (URLSearchParams and fetch read the bodies)', async () => {
    const parts = names.map((name) => ({ name, shape: 'primitive' as const }));
    const form = await encodeBody(
      { mediaType: 'application/x-www-form-urlencoded', kind: 'form', mode: 'merged', parts },
      { toString: 'x' },
    );
    expect([...new URLSearchParams(String(form.body))]).toEqual([['toString', 'x']]);
    const multipart = await encodeBody(
      { mediaType: 'multipart/form-data', kind: 'multipart', mode: 'merged', parts },
      { constructor: 'y' },
    );
    const read = await new Response(multipart.body, {
      headers: { 'content-type': multipart.contentType! },
    }).formData();
    expect([...read.entries()]).toEqual([['constructor', 'y']]);
  });
});
