/**
 * Schemas a `$ref` reaches that are not components (generators/core/hoisted-refs.ts): the loader
 * moves each into a component of its own, leaves a `$ref` to it where it was, and points every such
 * reference at it, so every reader of the document (openapi-typescript, the schema model, Ajv)
 * sees a component. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { hoistReferencedSchemas } from '../../../../generators/core/hoisted-refs.js';
import { loadDocument } from '../../../../generators/core/load.js';

describe('hoistReferencedSchemas', () => {
  it.each([
    {
      given: "a reference into a component's definitions, with a keyword beside it",
      document: {
        components: {
          schemas: {
            A: {
              properties: { b: { $ref: '#/components/schemas/A/definitions/b', description: 'd' } },
              definitions: { b: { type: 'string' } },
            },
          },
        },
      },
      want: {
        components: {
          schemas: {
            A: {
              properties: { b: { $ref: '#/components/schemas/A.b', description: 'd' } },
              definitions: { b: { $ref: '#/components/schemas/A.b' } },
            },
            'A.b': { type: 'string' },
          },
        },
      },
    },
    {
      given: 'a reference through a definition into its properties, whose name is taken',
      document: {
        components: {
          schemas: {
            'A.c': { type: 'integer' },
            A: {
              properties: { c: { $ref: '#/components/schemas/A/$defs/b/properties/c' } },
              $defs: { b: { properties: { c: { type: 'string' } } } },
            },
          },
        },
      },
      want: {
        components: {
          schemas: {
            'A.c': { type: 'integer' },
            A: {
              properties: { c: { $ref: '#/components/schemas/A.c2' } },
              $defs: { b: { properties: { c: { $ref: '#/components/schemas/A.c2' } } } },
            },
            'A.c2': { type: 'string' },
          },
        },
      },
    },
    {
      given: "a reference into a component's allOf (as Azure writes them)",
      document: {
        components: {
          schemas: {
            G: { allOf: [{ properties: { id: { type: 'string' } } }] },
            H: { properties: { base: { $ref: '#/components/schemas/G/allOf/0' } } },
          },
        },
      },
      want: {
        components: {
          schemas: {
            G: { allOf: [{ $ref: '#/components/schemas/G.allOf.0' }] },
            H: { properties: { base: { $ref: '#/components/schemas/G.allOf.0' } } },
            'G.allOf.0': { properties: { id: { type: 'string' } } },
          },
        },
      },
    },
    {
      given: 'a reference into a schema written in a response',
      document: {
        paths: {
          '/s': {
            get: {
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: {
                        properties: {
                          token: { type: 'string' },
                          id: {
                            $ref: '#/paths/~1s/get/responses/200/content/application~1json/schema/properties/token',
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      want: {
        paths: {
          '/s': {
            get: {
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: {
                        properties: {
                          token: { $ref: '#/components/schemas/token' },
                          id: { $ref: '#/components/schemas/token' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        components: { schemas: { token: { type: 'string' } } },
      },
    },
    {
      given: "references to a parameter's schemas: named after the parameter, or Schema in a list",
      document: {
        paths: {
          '/s': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'integer' } }] } },
        },
        components: {
          parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 9 } } },
          schemas: {
            Page: {
              properties: {
                size: { $ref: '#/components/parameters/limit/schema' },
                q: { $ref: '#/paths/~1s/get/parameters/0/schema' },
              },
            },
          },
        },
      },
      want: {
        paths: {
          '/s': {
            get: {
              parameters: [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/Schema' } }],
            },
          },
        },
        components: {
          parameters: {
            limit: { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/limit' } },
          },
          schemas: {
            Page: {
              properties: {
                size: { $ref: '#/components/schemas/limit' },
                q: { $ref: '#/components/schemas/Schema' },
              },
            },
            limit: { type: 'integer', maximum: 9 },
            Schema: { type: 'integer' },
          },
        },
      },
    },
    {
      given:
        "a reference through a component's properties; references to a component and outside schemas as written",
      document: {
        paths: { '/s': { get: { parameters: [{ $ref: '#/components/parameters/p' }] } } },
        components: {
          parameters: {
            p: { name: 'p', in: 'query', schema: { $ref: '#/components/schemas/A/properties/x' } },
          },
          schemas: { A: { properties: { x: { type: 'string' } } }, B: { $ref: '#/components/schemas/A' } },
        },
      },
      want: {
        paths: { '/s': { get: { parameters: [{ $ref: '#/components/parameters/p' }] } } },
        components: {
          parameters: { p: { name: 'p', in: 'query', schema: { $ref: '#/components/schemas/A.x' } } },
          schemas: {
            A: { properties: { x: { $ref: '#/components/schemas/A.x' } } },
            B: { $ref: '#/components/schemas/A' },
            'A.x': { type: 'string' },
          },
        },
      },
    },
  ])('$given', ({ document, want }) => {
    hoistReferencedSchemas(document);
    expect(document).toEqual(want);
  });

  it('loads the kind fixture with every such reference pointing at a component, a tree at itself', async () => {
    const { document } = await loadDocument('test/fixtures/kinds/hoisted-refs-3.1.yaml');
    const schemas = document.components.schemas;
    expect(Object.keys(schemas).sort()).toEqual([
      'Account',
      'Account.accountIdentifiers',
      'Account.accountType',
      'Account.allOf.0',
      'Balance',
      'Balance.amounts',
      'Category',
      'Category.categoryNode',
      'Modified',
      'Statement',
      'token',
    ]);
    expect(schemas['Category.categoryNode'].properties.children.items).toEqual({
      $ref: '#/components/schemas/Category.categoryNode',
    });
    expect(document.paths['/accounts/{accountId}'].get.parameters[1].schema).toEqual({
      $ref: '#/components/schemas/Account.accountType',
    });
    expect(JSON.stringify(document)).not.toMatch(
      /"\$ref":"#\/(paths|components\/schemas\/[^/"]+\/(definitions|\$defs))\//,
    );
  });
});
