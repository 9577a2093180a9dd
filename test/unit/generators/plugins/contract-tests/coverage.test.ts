/**
 * The deterministic coverage stage (coverage.ts) sends each variant on the request it was made
 * from (issue 43: increase's create_an_entity and twinehealth stopped with "Cannot read properties
 * of undefined" in `set`: the variants were made from one request and, for an operation that
 * changes state, applied to a fresh one whose generated stand-in for an invalid body example was
 * drawn anew and lacked the nested object a variant changes). The target is an in-process fetch.
 */
import { describe, expect, it } from 'vitest';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import {
  boundaryValues,
  coverage,
} from '../../../../../generators/plugins/contract-tests/runtime/coverage.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

describe('deterministic coverage of a body the suite generates in place of an invalid example', () => {
  it('applies every variant to the body it was made from, on every request it sends', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/substituted-body-coverage-3.0.yaml');
    const bodies: unknown[] = [];
    const target = inProcessTarget(
      cases,
      async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
      },
      { name: 'coverage', validates: false },
    );
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const problems = await coverage(checks, checks.operation('createEntity'));
    expect(problems).toEqual([]);
    // Each request is the first one's body with one change: the same name throughout.
    const names = new Set(bodies.map((body) => (body as { name?: unknown }).name));
    expect(bodies.length).toBeGreaterThan(3);
    expect(names.size).toBe(1);
  });
});

describe('boundary values of a map-like object', () => {
  it("draws one entry's value for every entry (a sample is a whole map: one per entry took minutes on DynamoDB's)", () => {
    let samples = 0;
    const sample = () => {
      samples += 1;
      return { table: { Keys: [{ id: { S: 'x' } }] } };
    };
    const map = {
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      additionalProperties: { type: 'object' },
    };
    const values = boundaryValues(map, { table: { Keys: [] } }, sample);
    const sized = values.filter(([what]) => what.includes('entries'));
    expect(sized.map(([what, value]) => [what, Object.keys(value as object).length])).toEqual([
      ['100 entries (maxProperties)', 100],
      ['101 entries (maxProperties + 1)', 101],
      ['0 entries (minProperties - 1)', 0],
    ]);
    expect(samples).toBeLessThanOrEqual(1);
  });

  it('fills the entries from a valid map, its keys and its first value, so the sizes the schema allows are valid', () => {
    // A map of integers whose keys follow a pattern: `k0: 'v'` entries were refused by Ajv, and the check never sent.
    const map = {
      type: 'object',
      propertyNames: { pattern: '^[a-z]+$' },
      maxProperties: 2,
      additionalProperties: { type: 'integer' },
    };
    const values = boundaryValues(map, undefined, () => ({ apples: 3, pears: 4, plums: 5 }));
    expect(values.find(([what]) => what === '2 entries (maxProperties)')).toEqual([
      '2 entries (maxProperties)',
      { apples: 3, pears: 3 },
      true,
    ]);
    const current = { figs: 7 };
    const fromCurrent = boundaryValues({ ...map, maxProperties: 1 }, current, () => ({ apples: 3 }));
    // Past the current map's keys, names from more draws: `k0` broke the pattern, and Ajv dropped the size.
    expect(fromCurrent.find(([what]) => what === '2 entries (maxProperties + 1)')?.[1]).toEqual({
      figs: 7,
      apples: 7,
    });
  });

  it('makes no size a propertyNames schema leaves too few drawn names for, and makes up names only without one', () => {
    const map = {
      type: 'object',
      propertyNames: { enum: ['a', 'b'] },
      maxProperties: 2,
      additionalProperties: { type: 'integer' },
    };
    let samples = 0;
    const values = boundaryValues(map, undefined, () => {
      samples += 1;
      return { a: 1, b: 2 };
    });
    const sizes = values.filter(([what]) => what.includes('entries')).map(([what]) => what);
    expect(sizes).toEqual(['2 entries (maxProperties)']);
    expect(samples).toBeLessThanOrEqual(9);
    const { propertyNames: _names, ...free } = map;
    expect(
      boundaryValues(free, undefined, () => ({ a: 1, b: 2 })).find(
        ([what]) => what === '3 entries (maxProperties + 1)',
      )?.[1],
    ).toEqual({ a: 1, b: 1, k0: 1 });
  });
});

describe('boundary values of an array', () => {
  it('fills the sizes with items of a drawn array, not with the drawn array itself, where the current one is empty or absent', () => {
    // `sample` draws the whole array: copies of it as items made arrays of arrays, which Ajv
    // refused, so an absent or empty array's sizes were never sent.
    const tags = { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 };
    const sizes = (current: unknown) =>
      boundaryValues(tags, current, () => ['red', 'green'])
        .filter(([what]) => what.includes('items'))
        .map(([what, value]) => [what, value]);
    const expected = [
      ['1 items (minItems)', ['red']],
      ['0 items (minItems - 1)', []],
      ['3 items (maxItems)', ['red', 'green', 'red']],
      ['4 items (maxItems + 1)', ['red', 'green', 'red', 'red']],
    ];
    expect(sizes(undefined)).toEqual(expected);
    expect(sizes([])).toEqual(expected.filter(([what]) => what !== '0 items (minItems - 1)'));
    // A current array that is not empty is the one the sizes are made of: its items, then its first.
    expect(sizes(['blue', 'grey'])).toContainEqual(['3 items (maxItems)', ['blue', 'grey', 'blue']]);
  });

  it('gives a unique array distinct items from a few more draws, and no size it cannot fill', () => {
    let drawn = 0;
    const sample = () => [`item ${(drawn += 1)}`];
    const unique = { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 3 };
    const values = boundaryValues(unique, undefined, sample);
    expect(values.find(([what]) => what === '3 items (maxItems)')?.[1]).toEqual([
      'item 1',
      'item 2',
      'item 3',
    ]);
    expect(drawn).toBeLessThanOrEqual(1 + 8);
    // Nothing to fill with: no size but the empty one.
    const nothing = boundaryValues({ ...unique, minItems: 0 }, undefined, () => []);
    expect(nothing.filter(([what]) => what.includes('items')).map(([what]) => what)).toEqual([
      '0 items (minItems)',
    ]);
  });
});
