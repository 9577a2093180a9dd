/**
 * Empty text in a union of null and something else (generated/server/core/blank-text.ts, through
 * createAjv with coercion): Ajv coerces "" to null in a branch of type null even when another
 * branch takes "" as written; the generated server keeps "" there, and makes it null only where
 * no other branch takes it. Behind refs in the shared document too, nested, and in a oneOf (which
 * "" and its coerced null both passing would refuse).
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../generated/server/core/validation.js';

const SHARED = {
  $id: 'shared.json',
  components: {
    schemas: {
      Name: { type: 'string', maxLength: 5 },
      Count: { type: 'integer' },
      Blank: { enum: [''] },
      Choice: { type: 'string', enum: ['a', 'b'] },
      // As the 3.0 conversion writes `nullable: true` beside a $ref or a oneOf.
      MaybeName: { anyOf: [{ $ref: '#/components/schemas/Name' }, { type: 'null' }] },
      MaybeCount: { anyOf: [{ $ref: '#/components/schemas/Count' }, { type: 'null' }] },
      MaybeChoice: {
        anyOf: [
          { oneOf: [{ $ref: '#/components/schemas/Choice' }, { $ref: '#/components/schemas/Blank' }] },
          { type: 'null' },
        ],
      },
      Person: { type: 'object', properties: { name: { $ref: '#/components/schemas/MaybeName' } } },
    },
  },
};

function decoded(schema: object, data: Record<string, unknown>): { valid: boolean; data: unknown } {
  const ajv = createAjv({ coerce: true });
  ajv.addSchema(SHARED);
  const validate = ajv.compile({ type: 'object', properties: { field: schema } });
  const copy = structuredClone(data);
  return { valid: validate(copy) as boolean, data: copy };
}

const ref = (name: string) => ({ $ref: `shared.json#/components/schemas/${name}` });

describe('text "" in a union with null', () => {
  it.each([
    ['a nullable string behind a ref', ref('MaybeName')],
    ['a blank choice beside the choices', ref('MaybeChoice')],
    ['a union written in the route', { anyOf: [ref('Name'), { type: 'null' }] }],
    ['a oneOf of a string and null', { oneOf: [{ type: 'string' }, { type: 'null' }] }],
    ['null first', { anyOf: [{ type: 'null' }, ref('Name')] }],
  ])('stays "" where another branch takes it: %s', (_name, schema) => {
    expect(decoded(schema, { field: '' })).toEqual({ valid: true, data: { field: '' } });
  });

  it('becomes null where no other branch takes ""', () => {
    expect(decoded(ref('MaybeCount'), { field: '' })).toEqual({ valid: true, data: { field: null } });
    expect(decoded({ anyOf: [ref('Choice'), { type: 'null' }] }, { field: '' })).toEqual({
      valid: true,
      data: { field: null },
    });
  });

  it('stays "" nested in an object of the shared document', () => {
    expect(decoded(ref('Person'), { field: { name: '' } })).toEqual({
      valid: true,
      data: { field: { name: '' } },
    });
  });

  it('still coerces and refuses text as before', () => {
    expect(decoded(ref('MaybeCount'), { field: '7' })).toEqual({ valid: true, data: { field: 7 } });
    expect(decoded(ref('MaybeCount'), { field: '0x7' }).valid).toBe(false);
    expect(decoded(ref('MaybeName'), { field: 'too long' }).valid).toBe(false);
    expect(decoded(ref('MaybeChoice'), { field: 'c' }).valid).toBe(false);
  });

  it('leaves the schema the caller added as it was', () => {
    const before = JSON.stringify(SHARED);
    decoded(ref('MaybeName'), { field: '' });
    expect(JSON.stringify(SHARED)).toBe(before);
  });
});
