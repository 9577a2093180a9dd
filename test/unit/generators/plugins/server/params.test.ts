/**
 * The generated server's parameter decoding (generated/server/core/param-decoding.ts) on names a client
 * chooses: `__proto__` and `constructor` are names like any other, never a way to change the
 * decoded object's prototype or to lose a value.
 */
import { describe, expect, it } from 'vitest';
import { decodeQuery, type WireParam } from '../../../../../generated/server/core/param-decoding.js';

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
