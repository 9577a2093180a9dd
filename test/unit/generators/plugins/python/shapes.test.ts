/**
 * Where the Python SDK parses date-times (generators/plugins/python/shapes.ts), on AWS's way of
 * writing every property (`allOf: [{$ref}, {description}]`): such a wrapper is its component, by
 * name, so a recursive structure is followed at run time rather than unrolled at generation (on
 * wafv2's Statement the unrolling took minutes). Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../../generators/core/load.js';
import { Shapes } from '../../../../../generators/plugins/python/shapes.js';

const wrapped = (name: string, description = 'See it.') => ({
  allOf: [{ $ref: `#/components/schemas/${name}` }, { description }],
});

/** A statement that nests statements: `fanOut` kinds of them on each level, each recursive. */
function statements(fanOut: number, ref: (name: string) => object = wrapped): Record<string, unknown> {
  const kinds = Array.from({ length: fanOut }, (_, index) => `Kind${index}`);
  return {
    Statement: {
      type: 'object',
      properties: {
        createdAt: { type: 'string', format: 'date-time' },
        ...Object.fromEntries(kinds.map((kind) => [kind, ref(kind)])),
      },
    },
    ...Object.fromEntries(
      kinds.map((kind) => [
        kind,
        { type: 'object', properties: { statements: { type: 'array', items: ref('Statement') } } },
      ]),
    ),
  };
}

const model = (schemas: Record<string, unknown>) =>
  buildIr(
    documentFrom('t.yaml', {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas },
    }),
  ).model;

describe('date-time shapes of allOf-wrapped refs', () => {
  it('are those of the plain $ref: the wrapped component, by name', () => {
    const plain = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const names = ['Statement', 'Kind0', 'Kind1'];
    const ofWrapped = new Shapes(model(statements(2, wrapped))).registry(names);
    expect(ofWrapped).toEqual(new Shapes(model(statements(2, plain))).registry(names));
    expect(ofWrapped.Statement).toMatchObject({ object: { createdAt: 'datetime' } });
  });

  it('stay linear in the schema on a wide recursive structure (wafv2: 20 kinds of statement)', () => {
    const names = ['Statement', ...Array.from({ length: 20 }, (_, index) => `Kind${index}`)];
    const started = performance.now();
    const registry = new Shapes(model(statements(20))).registry(names);
    expect(Object.keys(registry)).toEqual(['Statement']);
    // Unrolled to the depth limit this was 20^24 paths; named, it is a few milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('keep a wrapper that adds constraints inline (a real intersection, not a name)', () => {
    const shapes = new Shapes(
      model({
        Base: { type: 'object', properties: { at: { type: 'string', format: 'date' } } },
        Holder: {
          type: 'object',
          properties: {
            base: { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['at'] }] },
          },
        },
      }),
    );
    expect(shapes.registry(['Holder'])).toEqual({ Holder: { object: { base: { object: { at: 'date' } } } } });
  });
});
