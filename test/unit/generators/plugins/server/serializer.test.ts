/**
 * Which response schemas fast-json-stringify writes faithfully (generated/server/core/serializer.ts),
 * and the one $ref resolver it shares with the decimal-number check (refs.ts): refs inside a shared
 * document resolve against the document that holds them, so a request-side or response-side variant
 * is read as itself. Starts no process.
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { followRefs } from '../../../../../generated/server/core/refs.js';
import { serializesFaithfully } from '../../../../../generated/server/core/serializer.js';

const object = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } });

// The same components in two shared documents, as the response-side variant differs: there `Pick`
// is an anyOf of two objects (a value matching both would lose a property), in the other one object.
const SHARED = {
  'plain.json': {
    $id: 'plain.json',
    components: {
      schemas: {
        Pick: object('a'),
        Wrapper: { type: 'object', properties: { pick: { $ref: '#/components/schemas/Pick' } } },
      },
    },
  },
  'variant.json': {
    $id: 'variant.json',
    components: {
      schemas: {
        Pick: { anyOf: [object('a'), object('b')] },
        Wrapper: { type: 'object', properties: { pick: { $ref: '#/components/schemas/Pick' } } },
      },
    },
  },
};

describe('serializesFaithfully', () => {
  it('reads a local ref inside a shared document in that document', () => {
    expect(serializesFaithfully({ $ref: 'plain.json#/components/schemas/Wrapper' }, SHARED)).toBe(true);
    expect(serializesFaithfully({ $ref: 'variant.json#/components/schemas/Wrapper' }, SHARED)).toBe(false);
  });

  it('keeps anyOf of one object beside null, and refuses a required property it does not declare', () => {
    expect(serializesFaithfully({ anyOf: [object('a'), { type: 'null' }] }, SHARED)).toBe(true);
    expect(serializesFaithfully({ type: 'object', required: ['id'], properties: {} }, SHARED)).toBe(false);
  });

  it('refuses a property with a default (it would write the default where the answer has none)', () => {
    expect(
      serializesFaithfully(
        { type: 'object', properties: { status: { type: 'string', default: 'SUCCESS' } } },
        SHARED,
      ),
    ).toBe(false);
    expect(serializesFaithfully({ type: 'object', properties: { status: { type: 'string' } } }, SHARED)).toBe(
      true,
    );
  });

  it('refuses an object that must have properties it may not declare (it would write only the declared ones)', () => {
    expect(serializesFaithfully({ type: 'object', minProperties: 1 }, SHARED)).toBe(false);
    expect(
      serializesFaithfully(
        { type: 'object', minProperties: 1, properties: { a: { type: 'string' } } },
        SHARED,
      ),
    ).toBe(false);
    expect(
      serializesFaithfully({ type: 'object', minProperties: 1, additionalProperties: true }, SHARED),
    ).toBe(true);
  });
});

describe("properties named as Object's own", () => {
  it('refuses them, nested too: fast-json-stringify writes the inherited method where the answer has none', () => {
    // The upstream behaviour this guards against; when it changes, the refusal can go.
    expect(fastJson(object('valueOf') as Parameters<typeof fastJson>[0])({})).toMatch(
      /"valueOf":"function valueOf\(\)/,
    );
    expect(serializesFaithfully(object('valueOf'), {})).toBe(false);
    expect(serializesFaithfully({ type: 'object', properties: { nested: object('toString') } }, {})).toBe(
      false,
    );
    expect(serializesFaithfully(object('value'), {})).toBe(true);
  });
});

describe('followRefs', () => {
  it('follows pointers through documents and says where it ended; an anchor or an unknown document is not followed', () => {
    const documentOf = (id: string) => SHARED[id as keyof typeof SHARED];
    expect(followRefs({ $ref: 'variant.json#/components/schemas/Wrapper' }, documentOf)).toMatchObject({
      document: 'variant.json',
      schema: { type: 'object' },
    });
    expect(followRefs({ $ref: '#/components/schemas/Pick' }, documentOf, 'plain.json').schema).toEqual(
      object('a'),
    );
    expect(followRefs({ $ref: 'plain.json#Pick' }, documentOf).schema).toBeUndefined();
    expect(followRefs({ $ref: 'other.json#/components/schemas/Pick' }, documentOf).schema).toBeUndefined();
    // A route's own local ref: no document this walk knows.
    expect(followRefs({ $ref: '#/components/schemas/Pick' }, documentOf).schema).toBeUndefined();
  });
});
