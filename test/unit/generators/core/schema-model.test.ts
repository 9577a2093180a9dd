/**
 * The schema model (generators/core/schema-model.ts, schema-normalise.ts, schema-merge.ts,
 * schema-visit.ts): every schema as one normalised node, whatever dialect wrote it. Table-driven:
 * a schema given in a small document, the node wanted (as far as the row says). Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom, loadDocument } from '../../../../generators/core/load.js';
import type { SchemaModel } from '../../../../generators/core/schema-model.js';
import { toJsonSchema2020 } from '../../../../generators/core/schema-dialect.js';
import type { SchemaNode } from '../../../../generators/core/schema-nodes.js';
import { children, visit, walk } from '../../../../generators/core/schema-visit.js';

function modelOf(openapi: string, schemas: Record<string, unknown>): SchemaModel {
  return buildIr(
    documentFrom('t.yaml', {
      openapi,
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas },
    }),
  ).model;
}

/** The node of a schema given inline, its component refs resolved against `components`. */
function nodeOf(openapi: string, schema: unknown, components: Record<string, unknown> = {}): SchemaNode {
  return modelOf(openapi, { ...components, Given: schema }).named('Given')!;
}

describe('nullability, one way for 3.0 and 3.1', () => {
  it.each([
    { dialect: '3.0.3', given: { type: 'string', nullable: true }, want: { kind: 'string', nullable: true } },
    { dialect: '3.0.3', given: { type: 'string' }, want: { kind: 'string', nullable: false } },
    // 3.1 has no `nullable` keyword: a 2020-12 validator ignores it, so does the model.
    {
      dialect: '3.1.0',
      given: { type: 'string', nullable: true },
      want: { kind: 'string', nullable: false },
    },
    { dialect: '3.1.0', given: { type: ['string', 'null'] }, want: { kind: 'string', nullable: true } },
    { dialect: '3.1.0', given: { type: 'null' }, want: { kind: 'null' } },
    { dialect: '3.1.0', given: { enum: ['a', null] }, want: { kind: 'enum', values: ['a'], nullable: true } },
    { dialect: '3.1.0', given: { const: null }, want: { kind: 'null' } },
    {
      dialect: '3.1.0',
      given: { anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] },
      want: { kind: 'ref', name: 'Pet', nullable: true },
    },
    {
      dialect: '3.0.3',
      given: { allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true, description: 'the pet' },
      want: { kind: 'ref', name: 'Pet', nullable: true, description: 'the pet' },
    },
    {
      dialect: '3.0.3',
      given: { $ref: '#/components/schemas/Pet', nullable: true },
      want: { kind: 'ref', name: 'Pet', nullable: true },
    },
    {
      dialect: '3.1.0',
      given: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      want: {
        kind: 'union',
        exclusive: true,
        nullable: true,
        members: [{ kind: 'string' }, { kind: 'integer' }],
      },
    },
    {
      dialect: '3.1.0',
      given: { type: ['string', 'integer', 'null'], minLength: 2 },
      want: {
        kind: 'union',
        source: 'type',
        nullable: true,
        members: [{ kind: 'string', minLength: 2, nullable: false }, { kind: 'integer' }],
      },
    },
  ])('$dialect $given -> $want', ({ dialect, given, want }) => {
    expect(nodeOf(dialect, given, { Pet: { type: 'object' } })).toMatchObject(want);
  });
});

describe('constraints and formats', () => {
  it.each([
    {
      dialect: '3.0.3',
      given: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10 },
      want: { kind: 'integer', exclusiveMinimum: 0, maximum: 10 },
    },
    {
      dialect: '3.1.0',
      given: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
      want: { kind: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
    },
    {
      dialect: '3.1.0',
      given: { type: 'string', format: 'date-time', pattern: '^2', minLength: 1, maxLength: 40 },
      want: { kind: 'string', format: 'date-time', pattern: '^2', minLength: 1, maxLength: 40 },
    },
    {
      dialect: '3.1.0',
      given: { type: 'string', contentMediaType: 'image/png' },
      want: { kind: 'string', contentMediaType: 'image/png' },
    },
    {
      dialect: '3.1.0',
      given: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
      want: { kind: 'array', items: { kind: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
    },
    {
      dialect: '3.1.0',
      given: {
        type: 'string',
        readOnly: true,
        deprecated: true,
        example: 'x',
        examples: ['y'],
        default: 'z',
      },
      want: { readOnly: true, deprecated: true, examples: ['x', 'y'], default: { value: 'z' } },
    },
    // No `type`: the keywords say which kind.
    { dialect: '3.1.0', given: { properties: { a: {} } }, want: { kind: 'object', declaredTypes: [] } },
    { dialect: '3.1.0', given: { items: { type: 'integer' } }, want: { kind: 'array' } },
    { dialect: '3.1.0', given: { pattern: '^a' }, want: { kind: 'string' } },
    { dialect: '3.1.0', given: {}, want: { kind: 'any' } },
    { dialect: '3.1.0', given: { not: {} }, want: { kind: 'never' } },
  ])('$given -> $want', ({ dialect, given, want }) => {
    expect(nodeOf(dialect, given)).toMatchObject(want);
  });

  it('keeps objects: properties in order, required, additionalProperties (false is never), pointers', () => {
    const node = nodeOf('3.1.0', {
      type: 'object',
      required: ['b', 'c'],
      additionalProperties: false,
      properties: { b: { type: 'string' }, 'a/b': { type: 'integer' } },
    });
    expect(node).toMatchObject({
      kind: 'object',
      pointer: '/components/schemas/Given',
      required: ['b', 'c'],
      additionalProperties: { kind: 'never' },
      properties: [
        {
          name: 'b',
          required: true,
          node: { kind: 'string', pointer: '/components/schemas/Given/properties/b' },
        },
        { name: 'a/b', required: false, node: { pointer: '/components/schemas/Given/properties/a~1b' } },
      ],
    });
  });
});

describe('enums and const', () => {
  it.each([
    {
      given: { type: 'string', enum: ['a', 'b'] },
      want: { kind: 'enum', values: ['a', 'b'], declaredTypes: ['string'] },
    },
    { given: { const: 3 }, want: { kind: 'const', value: 3 } },
    { given: { type: 'string', const: 'x', enum: ['y'] }, want: { kind: 'const', value: 'x' } },
  ])('$given -> $want', ({ given, want }) => {
    expect(nodeOf('3.1.0', given)).toMatchObject(want);
  });
});

describe('allOf merged', () => {
  const components = {
    Base: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', readOnly: true }, size: { type: 'integer', minimum: 0 } },
    },
  };
  it.each([
    {
      name: 'properties and required of every member',
      given: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        ],
      },
      want: {
        kind: 'object',
        required: ['id', 'name'],
        properties: [
          { name: 'id', required: true, node: { readOnly: true } },
          { name: 'size', required: false },
          { name: 'name', required: true },
        ],
      },
    },
    {
      name: 'the tighter of two bounds',
      given: {
        allOf: [
          { type: 'integer', minimum: 1, maximum: 9 },
          { minimum: 3, maximum: 12 },
        ],
      },
      want: { kind: 'integer', minimum: 3, maximum: 9 },
    },
    {
      name: 'integer within number',
      given: { allOf: [{ type: 'number' }, { type: 'integer' }] },
      want: { kind: 'integer' },
    },
    {
      name: 'disjoint kinds: no value',
      given: { allOf: [{ type: 'string' }, { type: 'integer' }] },
      want: { kind: 'never' },
    },
    {
      name: 'readOnly beside a $ref (3.1)',
      given: { $ref: '#/components/schemas/Base', readOnly: true },
      want: { kind: 'object', readOnly: true },
    },
    {
      name: 'null only where every member allows it',
      given: { allOf: [{ type: ['object', 'null'] }, { type: 'object' }] },
      want: { kind: 'object', nullable: false },
    },
  ])('$name', ({ given, want }) => {
    const model = modelOf('3.1.0', { ...components, Given: given });
    expect(model.merged(model.named('Given')!)).toMatchObject(want);
  });

  it('keeps the members apart on the node itself (a printer may name them)', () => {
    const node = nodeOf(
      '3.1.0',
      {
        type: 'object',
        properties: { extra: { type: 'string' } },
        allOf: [{ $ref: '#/components/schemas/Base' }],
      },
      components,
    );
    expect(node).toMatchObject({ kind: 'object', allOf: [{ kind: 'ref', name: 'Base' }] });
    expect(node.kind === 'object' && node.properties.map((property) => property.name)).toEqual(['extra']);
  });
});

describe('oneOf and discriminators', () => {
  const components = {
    Cat: { type: 'object', properties: { kind: { type: 'string' }, lives: { type: 'integer' } } },
    Dog: { type: 'object', properties: { kind: { type: 'string' }, bark: { type: 'boolean' } } },
    Bird: { type: 'object', properties: { kind: { type: 'string' } } },
  };
  it('resolves the mapping to members, and names the members the mapping leaves out by their schema', () => {
    const node = nodeOf(
      '3.1.0',
      {
        oneOf: [
          { $ref: '#/components/schemas/Cat' },
          { $ref: '#/components/schemas/Dog' },
          { $ref: '#/components/schemas/Bird' },
        ],
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
      },
      components,
    );
    expect(node).toMatchObject({ kind: 'union', exclusive: true, source: 'oneOf' });
    expect(node.discriminator).toMatchObject({
      propertyName: 'kind',
      pointer: '/components/schemas/Given/discriminator',
    });
    expect(
      node.discriminator!.mapping.map((entry) => [entry.value, entry.target.name, entry.implicit]),
    ).toEqual([
      ['cat', 'Cat', false],
      ['dog', 'Dog', false],
      ['Bird', 'Bird', true],
    ]);
    expect(node.discriminator!.mapping[0].target.target).toMatchObject({ kind: 'object' });
  });

  it('keeps a oneOf written beside its own keywords as variants of that node', () => {
    const node = nodeOf('3.1.0', {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    expect(node).toMatchObject({
      kind: 'object',
      variants: [{ kind: 'union', exclusive: true, members: [{ required: ['a'] }, { required: ['b'] }] }],
    });
  });
});

describe('refs and recursion', () => {
  const model = modelOf('3.1.0', {
    Tree: {
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
    },
    Ping: { type: 'object', properties: { pong: { $ref: '#/components/schemas/Pong' } } },
    Pong: { type: 'object', properties: { ping: { $ref: '#/components/schemas/Ping' } } },
    Leaf: { type: 'object', properties: { tree: { $ref: '#/components/schemas/Tree' } } },
  });
  const refIn = (name: string, path: string[]): SchemaNode => {
    let node = model.named(name)!;
    for (const edge of path) node = children(node).find((child) => child.edge === edge)!.node;
    return node;
  };

  it.each([
    {
      name: 'a schema that holds itself',
      at: ['Tree', 'properties/children', 'items'],
      want: { name: 'Tree', recursive: true },
    },
    {
      name: 'two that hold each other',
      at: ['Ping', 'properties/pong'],
      want: { name: 'Pong', recursive: true },
    },
    { name: 'and back', at: ['Pong', 'properties/ping'], want: { name: 'Ping', recursive: true } },
    {
      name: 'a ref into a cycle it is not on',
      at: ['Leaf', 'properties/tree'],
      want: { name: 'Tree', recursive: false },
    },
  ])('$name', ({ at, want }) => {
    const [name, ...path] = at;
    expect(refIn(name, path)).toMatchObject({ kind: 'ref', ...want });
  });

  it('builds a recursive schema as a finite tree: the ref leads back to the same node', () => {
    const tree = model.named('Tree')!;
    const items = refIn('Tree', ['properties/children', 'items']);
    expect(items.kind === 'ref' && items.target).toBe(tree);
    const seen: string[] = [];
    walk(tree, (node) => void seen.push(node.kind), { followRefs: true });
    expect(seen).toEqual(['object', 'array', 'ref']);
  });

  it('caches one node per schema object', () => {
    expect(model.named('Tree')).toBe(model.named('Tree'));
    expect(model.node(model.component('Tree'))).toBe(model.named('Tree'));
  });
});

describe('$dynamicRef bindings (Scalar Galaxy)', () => {
  it("gives a bound use its item type, and the generic itself its slot's default", async () => {
    const ir = buildIr(await loadDocument('node_modules/@scalar/galaxy/dist/latest.yaml'));
    const list = ir.operations.find(
      (operation) => operation.path === '/planets' && operation.method === 'get',
    )!;
    const page = ir.model.merged(ir.model.node(list.responses[0].content[0].schema));
    const data =
      page.kind === 'object' ? page.properties.find((property) => property.name === 'data')! : undefined;
    expect(data?.node).toMatchObject({
      kind: 'array',
      items: { kind: 'ref', name: 'Planet', dynamic: false },
    });
    const generic = ir.model.merged(ir.model.named('PaginatedResource')!);
    const slot =
      generic.kind === 'object'
        ? generic.properties.find((property) => property.name === 'data')!
        : undefined;
    expect(slot?.node).toMatchObject({
      kind: 'array',
      items: { kind: 'ref', ref: '#itemType', dynamic: true },
    });
    const items = slot?.node.kind === 'array' ? slot.node.items : undefined;
    expect(items?.kind === 'ref' && items.target).toMatchObject({
      kind: 'never',
      pointer: '/components/schemas/PaginatedResource/$defs/itemType',
    });
  });
});

describe('the visitor', () => {
  it('hands each node to the function for its kind, the rest to otherwise', () => {
    const model = modelOf('3.1.0', {
      Given: {
        type: 'object',
        properties: {
          when: { type: 'string', format: 'date-time' },
          pet: { $ref: '#/components/schemas/Pet' },
          tags: { type: 'array', items: { type: 'string' } },
          count: { type: 'integer' },
        },
      },
      Pet: { type: 'object' },
    });
    const pythonish = (node: SchemaNode): string =>
      visit(node, {
        string: (string) => (string.format === 'date-time' ? 'datetime' : 'str'),
        ref: (ref) => ref.name ?? 'Any',
        array: (array) => `List[${pythonish(array.items)}]`,
        object: (object) =>
          `{${object.properties.map((property) => `${property.name}: ${pythonish(property.node)}`).join(', ')}}`,
        otherwise: () => 'Any',
      });
    expect(pythonish(model.named('Given')!)).toBe('{when: datetime, pet: Pet, tags: List[str], count: Any}');
  });
});

describe('keywords beside a $ref', () => {
  const pet = { Pet: { type: 'object', properties: { name: { type: 'string' } } } };

  it('are ignored under 3.0 but its annotations and nullable (britbox: `type: string` beside an object)', () => {
    const node = nodeOf(
      '3.0.3',
      { $ref: '#/components/schemas/Pet', type: 'string', nullable: true, description: 'the pet' },
      pet,
    );
    expect(node).toMatchObject({ kind: 'ref', name: 'Pet', nullable: true, description: 'the pet' });
    expect(node.allOf ?? []).toEqual([]);
  });

  it('apply under 3.1 (2020-12), as an allOf member', () => {
    const node = nodeOf('3.1.0', { $ref: '#/components/schemas/Pet', required: ['name'] }, pet);
    expect(node).toMatchObject({ kind: 'ref', name: 'Pet', allOf: [{ kind: 'object', required: ['name'] }] });
  });

  it('are dropped from the validation schema under 3.0, keeping nullable', () => {
    expect(
      toJsonSchema2020(
        {
          $ref: '#/components/schemas/Pet',
          type: 'string',
          minimum: 1,
          exclusiveMinimum: true,
          nullable: true,
        },
        '3.0.3',
      ),
    ).toEqual({ anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] });
    expect(toJsonSchema2020({ $ref: '#/components/schemas/Pet', type: 'string' }, '3.1.0')).toEqual({
      $ref: '#/components/schemas/Pet',
      type: 'string',
    });
  });
});

describe('a schema asked for without where it is written', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {
      '/pets': {
        post: {
          operationId: 'createPet',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    tags: {
                      type: 'array',
                      items: { type: 'object', properties: { name: { type: 'string' } } },
                    },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
    components: {
      parameters: {
        Unused: {
          name: 'note',
          in: 'query',
          schema: { type: 'object', properties: { note: { type: 'string' } } },
        },
      },
      schemas: {
        Pet: {
          type: 'object',
          properties: { owner: { type: 'object', properties: { id: { type: 'integer' } } } },
        },
      },
    },
  };

  it('gets the pointer where it is written: inside an operation body, inside a component, or anywhere else', () => {
    const ir = buildIr(documentFrom('t.yaml', structuredClone(document)));
    const written = ir.document as typeof document;
    const body = written.paths['/pets'].post.requestBody.content['application/json'].schema;
    // Asked first, before any node holds them: the nodes of every placed schema are built, theirs with them.
    expect(ir.model.node(body.properties.tags.items.properties.name).pointer).toBe(
      '/paths/~1pets/post/requestBody/content/application~1json/schema/properties/tags/items/properties/name',
    );
    expect(ir.model.node(written.components.schemas.Pet.properties.owner).pointer).toBe(
      '/components/schemas/Pet/properties/owner',
    );
    // In no placed schema: found by searching the document.
    expect(ir.model.node(written.components.parameters.Unused.schema.properties.note).pointer).toBe(
      '/components/parameters/Unused/schema/properties/note',
    );
  });
});

describe('hiddenOn: whether a property written in the JSON is kept off a side, its node built only when its text may say so', () => {
  const components = {
    Id: { type: 'string', readOnly: true },
    // readOnly beside a ref on the way (3.1): one hop at a time, not the chain's end alone.
    Marked: { $ref: '#/components/schemas/Plain', readOnly: true },
    Plain: { type: 'string' },
    Secret: { allOf: [{ $ref: '#/components/schemas/Plain' }, { writeOnly: true }] },
    Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
    Thing: {
      type: 'object',
      properties: {
        id: { $ref: '#/components/schemas/Id' },
        marked: { $ref: '#/components/schemas/Marked' },
        secret: { $ref: '#/components/schemas/Secret' },
        maybe: { anyOf: [{ $ref: '#/components/schemas/Id' }, { type: 'null' }] },
        plain: { $ref: '#/components/schemas/Plain' },
        loop: { $ref: '#/components/schemas/Loop' },
        name: { type: 'string' },
      },
    },
  };

  it.each(['3.1.0', '3.0.3'])('agrees with hiddenOn of each node (%s)', async (dialect) => {
    const { hiddenOn } = await import('../../../../generators/core/values/sides.js');
    const model = modelOf(dialect, components);
    const thing = model.named('Thing')!;
    if (thing.kind !== 'object') throw new Error('Thing is an object');
    const properties = components.Thing.properties as Record<string, unknown>;
    for (const side of ['request', 'response'] as const)
      for (const property of thing.properties)
        expect(model.hiddenOn(side, properties[property.name]), `${property.name} on the ${side}`).toBe(
          hiddenOn(side, property.node),
        );
    expect(model.hiddenOn('request', properties.id)).toBe(true);
    expect(model.hiddenOn('response', properties.secret)).toBe(true);
  });

  it('says no from the text alone where nothing reached is marked, and yes where a mark is one ref away', () => {
    const model = modelOf('3.1.0', components);
    const properties = components.Thing.properties;
    expect(model.mayBeHidden(properties.plain)).toBe(false);
    expect(model.mayBeHidden(properties.loop)).toBe(false);
    expect(model.mayBeHidden(properties.name)).toBe(false);
    expect(model.mayBeHidden(properties.marked)).toBe(true);
    expect(model.mayBeHidden(properties.maybe)).toBe(true);
    expect(model.mayBeHidden({ $dynamicRef: '#node' })).toBe(true);
  });
});

describe('merged: how deep refs are followed', () => {
  /** A chain of `refs` refs, each component naming the next, ending in a string. */
  const chain = (refs: number) =>
    Object.fromEntries([
      ...Array.from({ length: refs }, (_, at) => [
        `C${at}`,
        { $ref: at === refs - 1 ? '#/components/schemas/End' : `#/components/schemas/C${at + 1}` },
      ]),
      ['End', { type: 'string' }],
    ]);

  it('reads past 32 refs as anything, whether or not the end was merged before', async () => {
    const { merged } = await import('../../../../generators/core/schema-merge.js');
    const near = modelOf('3.1.0', chain(32));
    expect(merged(near.named('C0')!).kind).toBe('string');
    const far = modelOf('3.1.0', chain(33));
    expect(merged(far.named('C0')!).kind).toBe('any');
    const mergedFirst = modelOf('3.1.0', chain(33));
    expect(merged(mergedFirst.named('End')!).kind).toBe('string');
    expect(merged(mergedFirst.named('C0')!).kind).toBe('any');
  });
});
