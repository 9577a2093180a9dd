/**
 * The generated server's parameter decoding (generated/server/core/param-decoding.ts) on names a client
 * chooses: `__proto__` and `constructor` are names like any other, never a way to change the
 * decoded object's prototype or to lose a value.
 */
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { cookiePairs, headerText, pathText } from '../../../../../generated/client/src/core/serialize.js';
import {
  decodeCookies,
  decodeHeader,
  decodePathParam,
  decodeQuery,
  type WireParam,
} from '../../../../../generated/server/core/param-decoding.js';

const limit: WireParam = { name: 'limit', in: 'query', style: 'form', explode: true, shape: 'primitive' };
const filter: WireParam = {
  name: 'filter',
  in: 'query',
  style: 'deepObject',
  explode: true,
  shape: 'object',
  openObject: true,
};
const point: WireParam = {
  name: 'point',
  in: 'query',
  style: 'form',
  explode: false,
  shape: 'object',
  openObject: true,
};
const tags: WireParam = {
  name: 'tags',
  in: 'query',
  style: 'form',
  explode: true,
  shape: 'object',
  openObject: true,
};

describe('decodeQuery with names that are Object.prototype keys', () => {
  it('keeps an undeclared __proto__ as a name, so validation names it (a repeated one made an array prototype before)', () => {
    const query = decodeQuery('limit=2&__proto__=a&__proto__=b', [limit]);
    expect(Object.keys(query)).toEqual(['limit', '__proto__']);
    expect(query.__proto__).toEqual(['a', 'b']);
    expect(Object.getPrototypeOf(query)).toBeNull();
    const single = decodeQuery('__proto__=x', [limit]);
    expect(Object.keys(single)).toEqual(['__proto__']);
  });

  it('keeps __proto__ and constructor keys of a deepObject, a form object and an exploded object', () => {
    expect(
      Object.entries(decodeQuery('filter[__proto__]=x&filter[constructor]=y', [filter]).filter as object),
    ).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(Object.entries(decodeQuery('point=__proto__,1,y,2', [point]).point as object)).toEqual([
      ['__proto__', '1'],
      ['y', '2'],
    ]);
    expect(Object.entries(decodeQuery('__proto__=1', [tags]).tags as object)).toEqual([['__proto__', '1']]);
  });

  it('keeps such keys at any depth of a deepObject', () => {
    const nested = decodeQuery('filter[a][__proto__][constructor]=1&filter[a][__proto__][x]=2', [filter])
      .filter as Record<string, Record<string, object>>;
    expect(Object.entries(nested.a.__proto__)).toEqual([
      ['constructor', '1'],
      ['x', '2'],
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads an empty name as the name ""', () => {
    expect(Object.entries(decodeQuery('=1', [limit]))).toEqual([['', '1']]);
  });
});

describe('decodeQuery with values nested inside a style (sent as JSON text per item or property)', () => {
  const specs: WireParam = {
    name: 'Spec',
    in: 'query',
    style: 'form',
    explode: true,
    shape: 'array',
    jsonItems: true,
  };
  const target: WireParam = {
    name: 'Target',
    in: 'query',
    style: 'form',
    explode: true,
    shape: 'object',
    properties: ['Ids', 'Zone', 'Placement'],
    jsonProperties: ['Ids', 'Placement'],
  };
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('parses each item of an exploded array of objects', () => {
    const query = decodeQuery(
      `Spec=${json({ Type: 'a', Tags: [{ Key: 'k' }] })}&Spec=${json({ Type: 'b' })}`,
      [specs],
    );
    expect(query.Spec).toEqual([{ Type: 'a', Tags: [{ Key: 'k' }] }, { Type: 'b' }]);
  });

  it('parses the nested properties of an exploded object, and leaves its text properties as text', () => {
    const query = decodeQuery(
      `Ids=${json(['i-1', 'i,2'])}&Zone=${json(['x'])}&Placement=${json({ Zone: 'z' })}`,
      [target],
    );
    expect(query.Target).toEqual({ Ids: ['i-1', 'i,2'], Zone: '["x"]', Placement: { Zone: 'z' } });
  });

  it('leaves text that is not JSON as text, for validation to refuse', () => {
    expect(decodeQuery('Spec=plain&Spec=%7B', [specs]).Spec).toEqual(['plain', '{']);
  });

  it('parses nothing for a parameter without nested values', () => {
    expect(decodeQuery(`Spec=${json({ Type: 'a' })}`, [{ ...specs, jsonItems: undefined }]).Spec).toEqual([
      '{"Type":"a"}',
    ]);
  });
});

describe('path and cookie values nested inside a style, as the client writes them', () => {
  // mimic's `objInsArray`, a path parameter whose items are arrays: each item is JSON text.
  const cells: WireParam = {
    name: 'cells',
    in: 'path',
    style: 'simple',
    explode: false,
    shape: 'array',
    jsonItems: true,
  };
  const value = [['a', 'b,c'], [], ['é"']];

  it.each([
    ['simple', false],
    ['label', true],
    ['matrix', false],
  ] as const)('reads a %s path array of arrays back as the client wrote it', (style, explode) => {
    const spec = { ...cells, style, explode };
    expect(decodePathParam(spec, pathText(spec, value))).toEqual(value);
  });

  it('reads a cookie array of arrays and an exploded object with an array property', () => {
    const cookieCells: WireParam = { ...cells, in: 'cookie', style: 'form', explode: false };
    const owner: WireParam = {
      name: 'owner',
      in: 'cookie',
      style: 'form',
      explode: true,
      shape: 'object',
      properties: ['tags', 'name'],
      jsonProperties: ['tags'],
    };
    const header = [
      ...cookiePairs(cookieCells, value),
      ...cookiePairs(owner, { tags: ['x', 'y'], name: 'n' }),
    ].join('; ');
    expect(decodeCookies(header, [cookieCells, owner])).toEqual({
      cells: value,
      owner: { tags: ['x', 'y'], name: 'n' },
    });
  });
});

describe('decodeQuery with deepObject members nested at any depth', () => {
  const lines: WireParam = {
    name: 'lines',
    in: 'query',
    style: 'deepObject',
    explode: true,
    shape: 'unknown',
  };

  it('reads what qs writes (brackets encoded or not, arrays indexed) back as the value', () => {
    const key = fc
      .string({ minLength: 1, maxLength: 8 })
      // encodeValuesOnly leaves keys as they are: none that a query cannot hold raw.
      .filter((text) => !/[[\]%&=+#\s]/.test(text) && !/^\d+$/.test(text));
    const leaf = fc.string({ maxLength: 6 });
    const record = <T>(item: fc.Arbitrary<T>) => fc.dictionary(key, item, { minKeys: 1, maxKeys: 3 });
    const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });
    const member = fc.oneof(leaf, list(leaf), record(leaf), list(record(fc.oneof(leaf, list(leaf)))));
    fc.assert(
      fc.property(fc.oneof(record(member), list(record(member))), fc.boolean(), (value, encodeValuesOnly) => {
        const query = qs.stringify({ lines: value }, { encodeValuesOnly });
        expect(JSON.parse(JSON.stringify(decodeQuery(query, [lines]).lines))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('appends name[]= items in order and refuses a member given twice or both ways', () => {
    expect(decodeQuery('lines[][id]=a&lines[][id]=b', [lines]).lines).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(() => decodeQuery('lines[0][id]=a&lines[0][id]=b', [lines])).toThrow(/more than once/);
    expect(() => decodeQuery('lines[0]=a&lines[0][id]=b', [lines])).toThrow(/both as a value/);
  });
});

describe('decodeQuery with exploded objects side by side', () => {
  const object = (name: string, properties: string[]): WireParam => ({
    name,
    in: 'query',
    style: 'form',
    explode: true,
    shape: 'object',
    properties,
    openObject: true,
  });
  // AWS's autoscaling: InstanceMonitoring and MetadataOptions, both open, in that order.
  const monitoring = object('InstanceMonitoring', ['Enabled']);
  const metadata = object('MetadataOptions', ['HttpTokens', 'HttpEndpoint']);

  it("gives a pair named by one object's declared property to that object, not to an open object declared before it", () => {
    const query = decodeQuery('Enabled=true&HttpEndpoint=disabled&Other=1', [monitoring, metadata]);
    expect(query.InstanceMonitoring).toEqual({ Enabled: 'true', Other: '1' });
    expect(query.MetadataOptions).toEqual({ HttpEndpoint: 'disabled' });
    // In either order.
    const reversed = decodeQuery('Enabled=true&HttpEndpoint=disabled', [metadata, monitoring]);
    expect(reversed.InstanceMonitoring).toEqual({ Enabled: 'true' });
    expect(reversed.MetadataOptions).toEqual({ HttpEndpoint: 'disabled' });
  });

  it('leaves an object that gets none of its pairs out', () => {
    const query = decodeQuery('HttpTokens=required', [monitoring, metadata]);
    expect(Object.keys(query)).toEqual(['MetadataOptions']);
  });
});

describe('decodeHeader with values nested inside its list (JSON text, which headers do not escape)', () => {
  // cloudmersive's formTemplateDefinition: a header object whose properties are arrays of objects.
  // The TypeScript client writes the header (headerText); its commas inside JSON are not delimiters.
  const template: WireParam = {
    name: 'formTemplateDefinition',
    in: 'header',
    style: 'simple',
    explode: false,
    shape: 'object',
    properties: ['FieldDefinitions', 'Name'],
    jsonProperties: ['FieldDefinitions'],
  };
  const fields: WireParam = { ...template, name: 'fields', shape: 'array', jsonItems: true };
  delete fields.jsonProperties;
  const written = (spec: WireParam, value: unknown) => headerText(spec, value)!;

  it("reads an object's nested property and an array's object items back", () => {
    const value = { FieldDefinitions: [{ Key: 'a,b', Top: 1 }, { Key: '[x]' }], Name: 'n' };
    expect(written(template, value)).toBe('FieldDefinitions,[{"Key":"a,b","Top":1},{"Key":"[x]"}],Name,n');
    expect(decodeHeader(template, written(template, value))).toEqual(value);
    expect(decodeHeader(fields, written(fields, [{ a: [1, 2] }, { b: '},{' }]))).toEqual([
      { a: [1, 2] },
      { b: '},{' },
    ]);
    expect(
      decodeHeader({ ...template, explode: true }, written({ ...template, explode: true }, value)),
    ).toEqual(value);
  });

  it('splits on every comma where no nested value may start, as before', () => {
    expect(decodeHeader(template, 'Name,[a,b],c,FieldDefinitions,[]')).toEqual({
      Name: '[a',
      'b]': 'c',
      FieldDefinitions: [],
    });
  });

  it('reads back what the client writes, for any nested values of printable ASCII', () => {
    const text = fc.string({ unit: fc.constantFrom(...' ,=[]{}"\\:aZ9'.split('')) });
    const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
    const nested = fc.oneof(fc.array(fc.dictionary(text, leaf), { maxLength: 3 }), fc.dictionary(text, leaf));
    const plain = fc.stringMatching(/^[!-+\--~]([ !-+\--~]*[!-+\--~])?$/);
    fc.assert(
      fc.property(nested, plain, fc.boolean(), (definitions, name, explode) => {
        const spec = { ...template, explode };
        const value = { FieldDefinitions: definitions, Name: name };
        expect(decodeHeader(spec, written(spec, value))).toEqual(value);
      }),
    );
    fc.assert(
      fc.property(fc.array(nested, { minLength: 1, maxLength: 4 }), (items) => {
        expect(decodeHeader(fields, written(fields, items))).toEqual(items);
      }),
    );
  });
});
