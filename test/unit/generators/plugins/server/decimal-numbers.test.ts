/**
 * Numbers in parameters and form fields (generated/server/core/validation.ts, createAjv with
 * coercion): Ajv coerces text to numbers as JavaScript does (`0x10` is 16, ` 10` is 10,
 * `Infinity` passes as an integer); the generated server takes decimal text only, wherever a
 * number sits: a property, an array's items (nested too), a nested (deepObject) property, a map's
 * values, behind a $ref (and the refs inside the shared document), in anyOf/oneOf of numbers and null, in allOf.
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../generated/server/core/validation.js';

const SHARED = {
  $id: 'shared.json',
  components: {
    schemas: {
      Count: { type: 'integer', minimum: 0 },
      MaybeCount: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      AllCount: { allOf: [{ type: 'integer' }] },
      // Refs inside the shared document are local to it.
      CountOrNone: { anyOf: [{ $ref: '#/components/schemas/Count' }, { type: 'null' }] },
      Window: { type: 'object', properties: { size: { $ref: '#/components/schemas/Count' } } },
    },
  },
};

function validator() {
  const ajv = createAjv({ coerce: true });
  ajv.addSchema(SHARED);
  return ajv.compile({
    type: 'object',
    properties: {
      limit: { type: 'integer' },
      ratio: { type: 'number' },
      maybe: { type: ['integer', 'null'] },
      either: { type: ['integer', 'string'] },
      ids: { type: 'array', items: { type: 'integer' } },
      filter: { type: 'object', properties: { min: { type: 'number' } } },
      count: { $ref: 'shared.json#/components/schemas/Count' },
      nullable: { $ref: 'shared.json#/components/schemas/MaybeCount' },
      all: { $ref: 'shared.json#/components/schemas/AllCount' },
      countOrNone: { $ref: 'shared.json#/components/schemas/CountOrNone' },
      window: { $ref: 'shared.json#/components/schemas/Window' },
      picked: { oneOf: [{ type: 'number' }, { type: 'null' }] },
      grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
      rows: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
      counts: {
        type: 'object',
        properties: { fixed: { type: 'string' } },
        additionalProperties: { type: 'integer' },
      },
    },
  });
}

describe('a coercing Ajv takes numbers written in decimal only', () => {
  it('refuses the forms JavaScript reads as numbers and JSON does not, naming where', () => {
    const validate = validator();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ limit: '0x10' }, '/limit', 'must be an integer written in decimal'],
      [{ limit: ' 10' }, '/limit', 'must be an integer written in decimal'],
      [{ ratio: 'Infinity' }, '/ratio', 'must be a number written in decimal'],
      [{ ratio: '1e999' }, '/ratio', 'must be a number written in decimal'],
      [{ maybe: '0b11' }, '/maybe', 'must be an integer written in decimal'],
      [{ ids: ['1', '0o7'] }, '/ids/1', 'must be an integer written in decimal'],
      [{ filter: { min: '\t2' } }, '/filter/min', 'must be a number written in decimal'],
      [{ count: '0x1' }, '/count', 'must be an integer written in decimal'],
      [{ nullable: '0x10' }, '/nullable', 'must be an integer written in decimal'],
      [{ all: '0x10' }, '/all', 'must be an integer written in decimal'],
      [{ countOrNone: '0x10' }, '/countOrNone', 'must be an integer written in decimal'],
      [{ window: { size: ' 3' } }, '/window/size', 'must be an integer written in decimal'],
      [{ picked: 'Infinity' }, '/picked', 'must be a number written in decimal'],
      [{ grid: [['1'], ['2', '0x3']] }, '/grid/1/1', 'must be an integer written in decimal'],
      [{ rows: [{ n: '1' }, { n: ' 2' }] }, '/rows/1/n', 'must be an integer written in decimal'],
      [{ counts: { fixed: 'x', red: '0b1' } }, '/counts/red', 'must be an integer written in decimal'],
    ];
    for (const [data, instancePath, message] of cases) {
      expect(validate(data), JSON.stringify(data)).toBe(false);
      expect(validate.errors, JSON.stringify(data)).toMatchObject([
        { instancePath, keyword: 'type', message },
      ]);
    }
  });

  it('coerces decimal text as before, and leaves text a schema also takes as text', () => {
    const validate = validator();
    const data: Record<string, unknown> = {
      limit: '010',
      ratio: '-1.5e2',
      maybe: '',
      either: '0x10',
      ids: ['1', '2'],
      filter: { min: '0.5' },
      count: '3',
      counts: { fixed: '0x10', red: '7' },
    };
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toEqual({
      limit: 10,
      ratio: -150,
      maybe: null,
      either: '0x10',
      ids: [1, 2],
      filter: { min: 0.5 },
      count: 3,
      counts: { fixed: '0x10', red: 7 },
    });
    // Ajv's own failures still come through (a decimal below the $ref'd minimum).
    expect(validate({ count: '-1' })).toBe(false);
    expect(validate.errors).toMatchObject([{ instancePath: '/count', keyword: 'minimum' }]);
  });

  it('leaves JSON bodies alone: a body Ajv does not coerce', () => {
    const validate = createAjv({ coerce: false }).compile({
      type: 'object',
      properties: { limit: { type: 'integer' } },
    });
    expect(validate({ limit: '10' })).toBe(false);
    expect(validate({ limit: 10 })).toBe(true);
  });
});
