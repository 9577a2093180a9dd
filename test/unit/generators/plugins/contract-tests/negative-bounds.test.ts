/**
 * The suites' invalid bodies past a property's bounds (negative_data_rejection): one past the
 * bound, or, where adding one is lost to rounding (jirafe's `maximum: 9007199254740992`, 2^53),
 * the nearest number a double holds beyond it. Ajv, given the spec's schema, is the judge: every
 * such body or query value must break it (jirafe's "above its maximum" was valid, so it was never sent).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { contractCasesOf } from '../../../../support/contract-cases.js';
import { scratchFolders } from '../../../../support/scratch.js';

const scratch = scratchFolders();

const CART = {
  type: 'object',
  properties: {
    total: { type: 'number', minimum: 0, maximum: 9007199254740992 },
    quantity: { type: 'integer', minimum: -9007199254740992, maximum: 10 },
    huge: { type: 'number', minimum: -1e300, maximum: 1e300 },
    // An integer's bounds that are not integers: 3 and 0 test them (3.5 is refused for its type).
    half: { type: 'integer', minimum: 0.5, maximum: 2.5 },
    // Exclusive bounds: the bound itself is refused.
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  },
};

it('derives a body past each bound that the schema refuses, at the edge of doubles too', async () => {
  const spec = path.join(scratch.make('negative-bounds-'), 'spec.json');
  writeFileSync(
    spec,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Bounds', version: '1' },
      paths: {
        '/carts': {
          post: {
            operationId: 'createCart',
            parameters: [
              {
                in: 'query',
                name: 'limit',
                schema: { type: 'integer', minimum: 1, maximum: 9007199254740992 },
              },
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: CART,
                  example: { total: 1, quantity: 1, huge: 1, half: 1, ratio: 0.5 },
                },
              },
            },
            responses: { '204': { description: 'Made' } },
          },
        },
      },
    }),
  );
  const cases = await contractCasesOf(spec);
  const bounds = cases.operations[0].negative.filter((each) =>
    /above its maximum|below its minimum/.test(each.name),
  );
  expect(bounds.map((each) => each.name).sort()).toEqual([
    'half above its maximum',
    'half below its minimum',
    'huge above its maximum',
    'huge below its minimum',
    'quantity above its maximum',
    'quantity below its minimum',
    'ratio above its maximum',
    'ratio below its minimum',
    'total above its maximum',
    'total below its minimum',
  ]);
  const half = bounds
    .filter((each) => each.name.startsWith('half'))
    .map((each) => (each.body as { half: number }).half);
  expect(half.sort()).toEqual([0, 3]);
  const validate = new Ajv().compile(CART);
  for (const each of bounds)
    expect(validate(each.body), `${each.name}: ${JSON.stringify(each.body)}`).toBe(false);
});

it('derives no value past a bound that is infinite, and still generates', async () => {
  const spec = path.join(scratch.make('negative-bounds-'), 'spec.yaml');
  writeFileSync(
    spec,
    [
      'openapi: 3.1.0',
      'info: {title: Infinite bounds, version: "1"}',
      'paths:',
      '  /carts:',
      '    get:',
      '      operationId: listCarts',
      '      parameters:',
      '        - {in: query, name: limit, schema: {type: number, maximum: .inf, minimum: 1}}',
      '      responses:',
      "        '204': {description: None}",
      '',
    ].join('\n'),
  );
  const cases = await contractCasesOf(spec);
  expect(cases.operations[0].negative.filter((each) => each.in === 'query').map((each) => each.name)).toEqual(
    ['limit 0 (below 1)'],
  );
});
