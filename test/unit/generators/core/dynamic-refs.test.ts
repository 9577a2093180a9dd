/**
 * Generic schemas bound where they are used (generators/core/dynamic-refs.ts, run by the loader):
 * on Scalar's Galaxy, whose lists are `PaginatedResource` with the item type bound by a
 * `$dynamicAnchor`, and on small documents for the edges. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { bindDynamicRefs } from '../../../../generators/core/dynamic-refs.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { renderTypes } from '../../../../generators/plugins/types/emit.js';

const GALAXY = 'node_modules/@scalar/galaxy/dist/latest.yaml';

/** Every value under `node` whose key is `key`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, key));
  return Object.entries(node).flatMap(([name, value]) => [
    ...(name === key ? [value] : []),
    ...valuesOf(value, key),
  ]);
}

describe('a generic schema bound where it is used', () => {
  it("writes out Galaxy's PaginatedResource<Planet> in place: a page of planets, the generic schema as written", async () => {
    const { document } = await loadDocument(GALAXY);
    const page = document.paths['/planets'].get.responses['200'].content;
    expect(page['application/json'].schema).toMatchObject({
      $id: 'https://galaxy.scalar.com/schemas/PaginatedPlanets',
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: '#/components/schemas/Planet' } },
        meta: { type: 'object' },
      },
    });
    expect(page['application/json'].schema).not.toHaveProperty('$ref');
    expect(page['application/json'].schema).not.toHaveProperty('$defs');
    // Its own keys stay beside the written-out copy.
    expect(page['application/xml'].schema).toMatchObject({
      xml: { name: 'planets' },
      properties: { data: { items: { $ref: '#/components/schemas/Planet' } } },
    });
    // No slot is left in any operation; the generic schema keeps its own.
    expect(valuesOf(document.paths, '$dynamicRef')).toEqual([]);
    expect(document.components.schemas.PaginatedResource.properties.data.items).toEqual({
      $dynamicRef: '#itemType',
    });
  });

  it("gives Galaxy's list types the item type (openapi-typescript read the slot as unknown)", async () => {
    const types = { content: await renderTypes(buildIr(await loadDocument(GALAXY))) };
    const listResponse = types.content.slice(types.content.indexOf('getAllData: {'));
    expect(listResponse).toMatch(
      /"application\/json": \{\s+data\?: components\["schemas"\]\["Planet"\]\[\];/,
    );
  }, 30_000);

  it('fills every slot the use binds, keeps what the use writes beside the $ref, and leaves the rest', () => {
    const document = {
      components: {
        schemas: {
          Pair: {
            $id: 'https://example.test/Pair',
            $defs: {
              key: { $dynamicAnchor: 'key', not: {} },
              value: { $dynamicAnchor: 'value', not: {} },
              note: { type: 'string' },
            },
            type: 'object',
            properties: {
              key: { $dynamicRef: '#key' },
              values: { type: 'array', items: { $dynamicRef: '#value' } },
              other: { $dynamicRef: '#unbound' },
            },
            examples: [{ key: { $dynamicRef: '#key' } }],
          },
          Plain: { type: 'object', properties: { n: { type: 'integer' } } },
          Use: {
            $id: 'https://example.test/Use',
            description: 'names to counts',
            $defs: {
              k: { $dynamicAnchor: 'key', type: 'string' },
              v: { $dynamicAnchor: 'value', $ref: '#/components/schemas/Plain' },
            },
            $ref: '#/components/schemas/Pair',
          },
          NoSlots: {
            $defs: { v: { $dynamicAnchor: 'value', type: 'string' } },
            $ref: '#/components/schemas/Plain',
          },
        },
      },
    };
    expect(bindDynamicRefs(document)).toBe(1);
    expect(document.components.schemas.Use).toEqual({
      $id: 'https://example.test/Use',
      description: 'names to counts',
      type: 'object',
      properties: {
        key: { type: 'string' },
        values: { type: 'array', items: { $ref: '#/components/schemas/Plain' } },
        other: { $dynamicRef: '#unbound' },
      },
      // Instance data is never a schema: the example is copied as written.
      examples: [{ key: { $dynamicRef: '#key' } }],
      // The generic schema's other definitions come along (its slot defaults do not).
      $defs: { note: { type: 'string' } },
    });
    // A use of a schema without slots, and the generic schema itself, stay as written.
    expect(document.components.schemas.NoSlots).toEqual({
      $defs: { v: { $dynamicAnchor: 'value', type: 'string' } },
      $ref: '#/components/schemas/Plain',
    });
    expect(document.components.schemas.Pair.properties.key).toEqual({ $dynamicRef: '#key' });
  });

  it('changes nothing in a document without slots', () => {
    const document = {
      components: {
        schemas: {
          Use: { $defs: { v: { $dynamicAnchor: 'value' } }, $ref: '#/components/schemas/Plain' },
          Plain: { type: 'string' },
        },
      },
    };
    const before = structuredClone(document);
    expect(bindDynamicRefs(document)).toBe(0);
    expect(document).toEqual(before);
  });
});

/** A generic page of `T` (default: none), and two item types. */
function pages(extra: Record<string, unknown>) {
  return {
    components: {
      schemas: {
        Paged: {
          $id: 'https://example.test/Paged',
          $defs: { T: { $dynamicAnchor: 'T', not: {} } },
          type: 'object',
          properties: { data: { type: 'array', items: { $dynamicRef: '#T' } }, total: { type: 'integer' } },
        },
        Planet: { type: 'object', properties: { name: { type: 'string' } } },
        Moon: { type: 'object', properties: { orbits: { type: 'string' } } },
        ...extra,
      },
    },
  } as { components: { schemas: Record<string, any> } };
}
const bindsTo = (name: string) => ({
  $defs: { T: { $dynamicAnchor: 'T', $ref: `#/components/schemas/${name}` } },
});
const itemsOf = (schema: any) => schema.properties.data.items;

describe('generic schemas used by generics (the outermost binding wins, whatever the order of keys)', () => {
  it('binds a use of a use by the outer binding, in either order', () => {
    const planetPage = { $ref: '#/components/schemas/Paged', ...bindsTo('Planet') };
    const moonPage = { $ref: '#/components/schemas/PlanetPage', ...bindsTo('Moon') };
    for (const order of [
      { PlanetPage: planetPage, MoonPage: moonPage },
      { MoonPage: moonPage, PlanetPage: planetPage },
    ]) {
      const document = pages(structuredClone(order));
      bindDynamicRefs(document);
      expect(itemsOf(document.components.schemas.PlanetPage)).toEqual({
        $ref: '#/components/schemas/Planet',
      });
      expect(itemsOf(document.components.schemas.MoonPage)).toEqual({ $ref: '#/components/schemas/Moon' });
    }
  });

  it('binds a generic used inside a generic, by a use or by a plain $ref, in either order', () => {
    const envelope = {
      $id: 'https://example.test/Envelope',
      $defs: { T: { $dynamicAnchor: 'T', not: {} } },
      type: 'object',
      properties: { page: { $ref: '#/components/schemas/Paged' }, first: { $dynamicRef: '#T' } },
    };
    const planetEnvelope = { $ref: '#/components/schemas/Envelope', ...bindsTo('Planet') };
    for (const order of [
      { Envelope: envelope, PlanetEnvelope: planetEnvelope },
      { PlanetEnvelope: planetEnvelope, Envelope: envelope },
    ]) {
      const document = pages(structuredClone(order));
      bindDynamicRefs(document);
      const bound = document.components.schemas.PlanetEnvelope;
      expect(itemsOf(bound.properties.page)).toEqual({ $ref: '#/components/schemas/Planet' });
      expect(bound.properties.first).toEqual({ $ref: '#/components/schemas/Planet' });
      // The generic inside is left as written.
      expect(document.components.schemas.Envelope.properties.page).toEqual({
        $ref: '#/components/schemas/Paged',
      });
    }
  });

  it("fills a slot the use leaves open with the generic's default, and keeps the use's own keywords beside the copy (in allOf where both have them)", () => {
    const document = pages({
      Pair: {
        $defs: { K: { $dynamicAnchor: 'K', type: 'string' }, V: { $dynamicAnchor: 'V', not: {} } },
        type: 'object',
        properties: { key: { $dynamicRef: '#K' }, value: { $dynamicRef: '#V' } },
      },
      Counts: { $ref: '#/components/schemas/Pair', $defs: { V: { $dynamicAnchor: 'V', type: 'integer' } } },
      Linked: {
        $ref: '#/components/schemas/Paged',
        ...bindsTo('Planet'),
        description: 'a page with a link',
        properties: { next: { type: 'string' } },
        required: ['next'],
      },
    });
    bindDynamicRefs(document);
    expect(document.components.schemas.Counts).toEqual({
      type: 'object',
      properties: { key: { type: 'string' }, value: { type: 'integer' } },
    });
    const linked = document.components.schemas.Linked;
    expect(linked).toMatchObject({
      description: 'a page with a link',
      properties: { next: { type: 'string' } },
      required: ['next'],
    });
    expect(linked.allOf).toHaveLength(1);
    expect(itemsOf(linked.allOf[0])).toEqual({ $ref: '#/components/schemas/Planet' });
    expect(linked.allOf[0].properties.total).toEqual({ type: 'integer' });
  });

  it('points a recursive generic (a tree) back at the use when the use is a component; binds a property named like a keyword', () => {
    const document = pages({
      Tree: {
        $defs: { T: { $dynamicAnchor: 'T', not: {} } },
        type: 'object',
        properties: {
          default: { $dynamicRef: '#T' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      },
      NameTree: { $ref: '#/components/schemas/Tree', $defs: { T: { $dynamicAnchor: 'T', type: 'string' } } },
    });
    bindDynamicRefs(document);
    expect(document.components.schemas.NameTree.properties).toEqual({
      default: { type: 'string' },
      children: { type: 'array', items: { $ref: '#/components/schemas/NameTree' } },
    });
  });
});

describe('generic schemas that refer to other schemas', () => {
  it('binds a filling that is itself a use (a page of boxes of strings)', () => {
    const document = pages({
      Box: {
        $defs: { U: { $dynamicAnchor: 'U', not: {} } },
        type: 'object',
        properties: { content: { $dynamicRef: '#U' } },
      },
      Boxes: {
        $ref: '#/components/schemas/Paged',
        $defs: {
          T: {
            $dynamicAnchor: 'T',
            $ref: '#/components/schemas/Box',
            $defs: { U: { $dynamicAnchor: 'U', type: 'string' } },
          },
        },
      },
    });
    bindDynamicRefs(document);
    expect(itemsOf(document.components.schemas.Boxes)).toEqual({
      type: 'object',
      properties: { content: { type: 'string' } },
    });
  });

  it('leaves a ref that reaches no slot the use fills as a ref: cycles of plain schemas are not walked, a generic on its own default stays named', () => {
    const many = (name: string) =>
      Object.fromEntries(['a', 'b', 'c', 'd'].map((key) => [key, { $ref: `#/components/schemas/${name}` }]));
    const document = pages({
      // Four refs each way: written out to any depth, this is 4^16 copies.
      User: { type: 'object', properties: many('Org') },
      Org: { type: 'object', properties: many('User') },
      Links: {
        $defs: { L: { $dynamicAnchor: 'L', type: 'string' } },
        type: 'object',
        properties: { next: { $dynamicRef: '#L' } },
      },
      Listing: {
        $defs: { T: { $dynamicAnchor: 'T', not: {} } },
        type: 'object',
        properties: {
          items: { type: 'array', items: { $dynamicRef: '#T' } },
          links: { $ref: '#/components/schemas/Links' },
        },
      },
      Users: { $ref: '#/components/schemas/Listing', ...bindsTo('User') },
    });
    bindDynamicRefs(document);
    expect(document.components.schemas.Users.properties).toEqual({
      items: { type: 'array', items: { $ref: '#/components/schemas/User' } },
      links: { $ref: '#/components/schemas/Links' },
    });
  });

  it('keeps a filling that names its own use a ref to it (a tree of categories)', () => {
    const document = pages({
      Tree: {
        $defs: { T: { $dynamicAnchor: 'T', not: {} } },
        type: 'object',
        properties: {
          value: { $dynamicRef: '#T' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      },
      Category: {
        $ref: '#/components/schemas/Tree',
        $defs: { T: { $dynamicAnchor: 'T', $ref: '#/components/schemas/Category' } },
      },
    });
    bindDynamicRefs(document);
    expect(document.components.schemas.Category.properties).toEqual({
      value: { $ref: '#/components/schemas/Category' },
      children: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
    });
  });
});
