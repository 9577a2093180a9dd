/**
 * JSON values with an own "valueOf" or "toString" key (issue 43: the bad-input stage against mist's
 * stubs got a 500). Ajv compares objects with fast-deep-equal, which calls such a key as a method:
 * request validation (`uniqueItems`, an object `const` or `enum`) and fast-json-stringify's choice
 * of a `oneOf` branch threw on them. The stubs' runtime gives every Ajv of the process jsonEqual.
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { createAjv, jsonEqual } from '../../../../../generators/plugins/server/runtime/validation.js';

describe('request validation of objects with an own valueOf or toString key', () => {
  const ajv = createAjv({ coerce: false });

  it('tells duplicates apart under uniqueItems instead of throwing', () => {
    const unique = ajv.compile({ type: 'array', uniqueItems: true, items: { type: 'object' } });
    expect(unique([{ valueOf: 1 }, { valueOf: 1 }])).toBe(false);
    expect(unique([{ valueOf: 1 }, { valueOf: 2 }])).toBe(true);
    expect(unique([{ toString: 'a' }, { toString: 'a', more: true }])).toBe(true);
  });

  it('compares them with an object const or enum', () => {
    expect(ajv.compile({ const: { valueOf: 1 } })({ valueOf: 1 })).toBe(true);
    expect(ajv.compile({ enum: [{ a: 1 }] })({ valueOf: 1 })).toBe(false);
  });
});

describe("fast-json-stringify's choice of a oneOf branch", () => {
  it('picks a branch for an object with an own valueOf key instead of throwing', () => {
    const schema: Record<string, unknown> = {
      type: 'object',
      properties: {
        kind: {
          oneOf: [
            { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], enum: [{ a: 1 }] },
            { type: 'object', properties: { valueOf: { type: 'string' } }, required: ['valueOf'] },
          ],
        },
      },
    };
    const stringify = fastJson(schema as unknown as Parameters<typeof fastJson>[0]);
    // What it then writes of such a key is fast-json-stringify's business; the stubs' serializer
    // checks what it writes (serializesFaithfully) and falls back to JSON.stringify.
    expect(() => stringify({ kind: { valueOf: 'x' } })).not.toThrow();
  });
});

describe('jsonEqual', () => {
  it('compares JSON values by content, Dates by time, and refuses different kinds', () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(jsonEqual(new Date(5), new Date(5))).toBe(true);
    expect(jsonEqual(new Date(5), new Date(6))).toBe(false);
  });
});
