/**
 * Generic schemas bound where they are used (generators/core/dynamic-refs.ts, run by the loader):
 * on Scalar's Galaxy, whose lists are `PaginatedResource` with the item type bound by a
 * `$dynamicAnchor`, and on small documents for the edges. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { bindDynamicRefs } from '../../../../generators/core/dynamic-refs.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { emitTypes } from '../../../../generators/emitters/types/emit.js';

const GALAXY = 'node_modules/@scalar/galaxy/dist/latest.yaml';

/** Every value under `node` whose key is `key`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, key));
  return Object.entries(node).flatMap(([name, value]) => [...(name === key ? [value] : []), ...valuesOf(value, key)]);
}

describe('a generic schema bound where it is used', () => {
  it("writes out Galaxy's PaginatedResource<Planet> in place: a page of planets, the generic schema as written", async () => {
    const { document } = await loadDocument(GALAXY);
    const page = document.paths['/planets'].get.responses['200'].content;
    expect(page['application/json'].schema).toMatchObject({
      $id: 'https://galaxy.scalar.com/schemas/PaginatedPlanets',
      type: 'object',
      properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Planet' } }, meta: { type: 'object' } },
    });
    expect(page['application/json'].schema).not.toHaveProperty('$ref');
    expect(page['application/json'].schema).not.toHaveProperty('$defs');
    // Its own keys stay beside the written-out copy.
    expect(page['application/xml'].schema).toMatchObject({ xml: { name: 'planets' }, properties: { data: { items: { $ref: '#/components/schemas/Planet' } } } });
    // No slot is left in any operation; the generic schema keeps its own.
    expect(valuesOf(document.paths, '$dynamicRef')).toEqual([]);
    expect(document.components.schemas.PaginatedResource.properties.data.items).toEqual({ $dynamicRef: '#itemType' });
  });

  it("gives Galaxy's list types the item type (openapi-typescript read the slot as unknown)", async () => {
    const [types] = await emitTypes(buildIr(await loadDocument(GALAXY)));
    const listResponse = types.content.slice(types.content.indexOf('getAllData: {'));
    expect(listResponse).toMatch(/"application\/json": \{\s+data\?: components\["schemas"\]\["Planet"\]\[\];/);
  }, 30_000);

  it('fills every slot the use binds, keeps what the use writes beside the $ref, and leaves the rest', () => {
    const document = {
      components: {
        schemas: {
          Pair: {
            $id: 'https://example.test/Pair',
            $defs: { key: { $dynamicAnchor: 'key', not: {} }, value: { $dynamicAnchor: 'value', not: {} }, note: { type: 'string' } },
            type: 'object',
            properties: { key: { $dynamicRef: '#key' }, values: { type: 'array', items: { $dynamicRef: '#value' } }, other: { $dynamicRef: '#unbound' } },
            examples: [{ key: { $dynamicRef: '#key' } }],
          },
          Plain: { type: 'object', properties: { n: { type: 'integer' } } },
          Use: {
            $id: 'https://example.test/Use',
            description: 'names to counts',
            $defs: { k: { $dynamicAnchor: 'key', type: 'string' }, v: { $dynamicAnchor: 'value', $ref: '#/components/schemas/Plain' } },
            $ref: '#/components/schemas/Pair',
          },
          NoSlots: { $defs: { v: { $dynamicAnchor: 'value', type: 'string' } }, $ref: '#/components/schemas/Plain' },
        },
      },
    };
    expect(bindDynamicRefs(document)).toBe(1);
    expect(document.components.schemas.Use).toEqual({
      $id: 'https://example.test/Use',
      description: 'names to counts',
      type: 'object',
      properties: { key: { type: 'string' }, values: { type: 'array', items: { $ref: '#/components/schemas/Plain' } }, other: { $dynamicRef: '#unbound' } },
      // Instance data is never a schema: the example is copied as written.
      examples: [{ key: { $dynamicRef: '#key' } }],
      // The generic schema's other definitions come along (its slot defaults do not).
      $defs: { note: { type: 'string' } },
    });
    // A use of a schema without slots, and the generic schema itself, stay as written.
    expect(document.components.schemas.NoSlots).toEqual({ $defs: { v: { $dynamicAnchor: 'value', type: 'string' } }, $ref: '#/components/schemas/Plain' });
    expect(document.components.schemas.Pair.properties.key).toEqual({ $dynamicRef: '#key' });
  });

  it('changes nothing in a document without slots', () => {
    const document = { components: { schemas: { Use: { $defs: { v: { $dynamicAnchor: 'value' } }, $ref: '#/components/schemas/Plain' }, Plain: { type: 'string' } } } };
    const before = structuredClone(document);
    expect(bindDynamicRefs(document)).toBe(0);
    expect(document).toEqual(before);
  });
});
