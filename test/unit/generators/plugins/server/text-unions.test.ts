/**
 * Text in a union (generated/server/core/text-unions.ts, through createAjv with coercion): Ajv
 * evaluates every branch, each coercing the text. Empty text: a branch of type null made "" null
 * even where another branch takes "" as written; the generated server keeps "" there, and makes it
 * null only where no other branch takes it. Numbers: a number branch beside a string one turned
 * "0x10" into "16"; text is a number there only where it reads back as the same text. Behind refs
 * in the shared document too, nested, under keys that need escaping, under a property named like
 * a keyword, and in a oneOf (which both branches passing would refuse).
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
      Person: {
        type: 'object',
        properties: {
          name: { $ref: '#/components/schemas/MaybeName' },
          // Property names that are keywords elsewhere, and one a URI fragment must escape.
          default: { anyOf: [{ $ref: '#/components/schemas/Name' }, { type: 'null' }] },
          'rate%/~': { anyOf: [{ $ref: '#/components/schemas/Name' }, { type: 'null' }] },
        },
      },
      IdOrName: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      // A name a URI fragment must escape, holding a union.
      'Odd name%': { anyOf: [{ $ref: '#/components/schemas/Name' }, { type: 'null' }] },
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

  it('stays "" nested in an object of the shared document, under any property name', () => {
    expect(decoded(ref('Person'), { field: { name: '', default: '', 'rate%/~': '' } })).toEqual({
      valid: true,
      data: { field: { name: '', default: '', 'rate%/~': '' } },
    });
    expect(decoded(ref('Odd%20name%25'), { field: '' })).toEqual({ valid: true, data: { field: '' } });
  });

  it('takes "0" and "false" beside null as the number or boolean they read as, not null', () => {
    expect(decoded(ref('MaybeCount'), { field: '0' })).toEqual({ valid: true, data: { field: 0 } });
    expect(decoded({ anyOf: [{ type: 'boolean' }, { type: 'null' }] }, { field: 'false' })).toEqual({
      valid: true,
      data: { field: false },
    });
  });

  it.each([
    ['0x10', '0x10'],
    ['\t', '\t'],
    [' 5', ' 5'],
    ['1e3', '1e3'],
    ['-0', '-0'],
    ['007', '007'],
    ['12345678901234567890', '12345678901234567890'],
    ['main.yml', 'main.yml'],
  ])('keeps %j as text where a number branch sits beside a string one', (sent, arrived) => {
    for (const schema of [ref('IdOrName'), { anyOf: [{ type: 'number' }, { type: 'string' }] }])
      expect(decoded(schema, { field: sent })).toEqual({ valid: true, data: { field: arrived } });
  });

  it('takes text that reads back as the same number in either branch', () => {
    const { valid, data } = decoded(ref('IdOrName'), { field: '12' });
    expect(valid).toBe(true);
    expect([12, '12']).toContain((data as { field: unknown }).field);
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
