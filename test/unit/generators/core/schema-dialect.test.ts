/**
 * Component refs inside an OpenAPI document name the document, whatever `$id` a schema beside
 * them declares (Scalar Galaxy's paginated responses carry `$id: https://galaxy.scalar.com/...`
 * next to `$ref: '#/components/schemas/PaginatedResource'`): Ajv must resolve them into the shared
 * schema, not into the `$id`'s URL.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../generators/core/ir.js';
import {
  rebaseRefs,
  sharedSchema,
  standaloneSchema,
  toJsonSchema2020,
} from '../../../../generators/core/schema-dialect.js';
import { createAjv } from '../../../../generators/plugins/server/runtime/validation.js';

const ir = {
  openapiVersion: '3.1.0',
  digest: 'sha256:0123456789abcdef',
  schemas: [
    {
      name: 'Page',
      schema: {
        $id: 'https://example.com/schemas/Page',
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
      },
    },
    { name: 'Item', schema: { type: 'string' } },
  ],
};

describe('rebaseRefs and the shared schema', () => {
  it('drop schema $id keywords but keep an $id that is data (an enum value, a property named $id)', () => {
    const rebased = rebaseRefs(
      {
        $id: 'https://x/A',
        properties: { $id: { type: 'string' } },
        enum: [{ $id: 'kept' }],
        $ref: '#/components/schemas/B',
      },
      'spec.json',
    );
    expect(rebased).toEqual({
      properties: { $id: { type: 'string' } },
      enum: [{ $id: 'kept' }],
      $ref: 'spec.json#/components/schemas/B',
    });
  });

  it('let Ajv resolve a component ref beside an $id, inline and inside a component', () => {
    const ajv = createAjv({ coerce: false });
    ajv.addSchema(sharedSchema(ir));
    const inline = ajv.compile(
      standaloneSchema(
        { $id: 'https://example.com/schemas/Inline', allOf: [{ $ref: '#/components/schemas/Page' }] },
        ir,
      ),
    );
    expect(inline({ items: ['a'] })).toBe(true);
    expect(inline({ items: [1] })).toBe(false);
  });
});

describe('the shared schema as a request reads it', () => {
  it('requires no readOnly property, whether marked beside a $ref or declared in another allOf member', async () => {
    const { buildIr } = await import('../../../../generators/core/build-ir.js');
    const { loadDocument } = await import('../../../../generators/core/load.js');
    const { sharedSchemaFor, sideSchema } = await import('../../../../generators/core/schema-dialect.js');
    const spec = buildIr(await loadDocument('test/fixtures/values/read-only-3.1.yaml'));
    const request = sharedSchemaFor(spec, 'request')!;
    const ajv = createAjv({ coerce: false });
    ajv.addSchema(sharedSchema(spec));
    ajv.addSchema(request);
    const valid = (name: string, value: unknown) =>
      ajv.validate(sideSchema({ $ref: `#/components/schemas/${name}` }, spec, request) as object, value);
    expect(valid('Label', { name: 'groceries' })).toBe(true);
    expect(valid('Note', { text: 'buy milk' })).toBe(true);
    // What a request still needs stays required.
    expect(valid('Label', {})).toBe(false);
    expect(valid('Note', {})).toBe(false);
  });

  it('follows refs to readOnly through other components, and shares the components that reach none', async () => {
    const { sharedSchemaFor } = await import('../../../../generators/core/schema-dialect.js');
    const spec = {
      openapiVersion: '3.0.3',
      digest: 'sha256:00000000000000aa',
      schemas: [
        // Its own text names no readOnly: Base does not either, but the Id it refs is readOnly.
        {
          name: 'Outer',
          schema: { allOf: [{ $ref: '#/components/schemas/Base' }], required: ['id', 'name'] },
        },
        { name: 'Base', schema: { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' } } } },
        { name: 'Id', schema: { type: 'string', readOnly: true } },
        {
          name: 'Plain',
          schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        },
      ],
    };
    const request = sharedSchemaFor(spec, 'request')!;
    expect(request.components.schemas.Outer).toEqual({
      allOf: [{ $ref: '#/components/schemas/Base' }],
      required: ['name'],
    });
    expect(request.components.schemas.Plain).toBe(sharedSchema(spec).components.schemas.Plain);
    expect(sharedSchemaFor(spec, 'response')).toBeUndefined();
  });
});

describe('schemas refs reach outside the components (issue 43: eos.local refs a property of a response)', () => {
  const token = '#/paths/~1status/get/responses/200/content/application~1json/schema/properties/token';
  const document = {
    openapi: '3.1.0',
    paths: {
      '/status': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { token: { type: 'string', pattern: '^t_' } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: { Handshake: { type: 'object', required: ['token'], properties: { token: { $ref: token } } } },
    },
  };

  it('are carried by the shared schema at their pointers, so Ajv and the value generator resolve them', async () => {
    const { schemasElsewhere } = await import('../../../../generators/core/refs.js');
    const { drawFromSchema } = await import('../../../../generators/core/values/from-schema.js');
    const elsewhere = schemasElsewhere(document as never);
    expect(elsewhere.map((each) => each.pointer)).toEqual([token.slice(1)]);
    const spec = {
      openapiVersion: '3.1.0',
      digest: 'sha256:fedcba9876543210',
      schemas: [{ name: 'Handshake', schema: document.components.schemas.Handshake }],
      schemasElsewhere: elsewhere as Array<{ pointer: string; schema: JsonSchema }>,
    };
    const shared = sharedSchema(spec);
    const ajv = createAjv({ coerce: false });
    ajv.addSchema(shared);
    const handshake = standaloneSchema({ $ref: '#/components/schemas/Handshake' }, spec);
    const validate = ajv.compile(handshake as object);
    expect(validate({ token: 't_1' })).toBe(true);
    expect(validate({ token: 'x' })).toBe(false);
    for (const seed of [1, 2, 3]) expect(validate(drawFromSchema(shared, handshake, { seed }))).toBe(true);
  });
});

describe('OAS 3.0 schemas as 2020-12', () => {
  it('keeps a property named __proto__ as a property (a spec parsed from JSON may have one)', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","nullable":true},"a":{"type":"integer"}}}',
    );
    const converted = toJsonSchema2020(schema, '3.0.3') as { properties: Record<string, unknown> };
    expect(Object.keys(converted.properties)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(converted.properties, '__proto__')?.value).toEqual({
      type: ['string', 'null'],
    });
    expect(Object.getPrototypeOf(converted.properties)).toBe(Object.prototype);
  });
});
