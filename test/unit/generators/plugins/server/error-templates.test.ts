/**
 * The stubs' error bodies (error-templates.ts), built at generation from the documented error
 * schemas and judged by Ajv: an error schema whose own example its schema refuses still gets a
 * template (lyft's CancellationCostError: its example leaves out the `description` its Cost
 * requires, and every draw started from that example, so the stubs answered in the document's
 * other error format, outside the operation's contract). Starts no process.
 */
import { expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../../generators/core/load.js';
import { sharedSchema, sharedSchemaFor } from '../../../../../generators/core/schema-dialect.js';
import {
  errorTemplates,
  reachedDocuments,
} from '../../../../../generators/plugins/server/error-templates.js';
import { createAjv } from '../../../../../generators/plugins/server/runtime/validation.js';

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } });

it('an error schema whose own example it refuses gets a template its schema takes', () => {
  const ir = buildIr(
    documentFrom('t.yaml', {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/rides/{id}/cancel': {
          post: {
            operationId: 'cancelRide',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '204': { description: 'Cancelled' },
              '400': { description: 'A fee applies', ...json('#/components/schemas/CancellationCostError') },
              '404': { description: 'No such ride', ...json('#/components/schemas/ApiError') },
            },
          },
        },
      },
      components: {
        schemas: {
          Cost: {
            type: 'object',
            required: ['amount', 'currency', 'description'],
            properties: {
              amount: { type: 'integer' },
              currency: { type: 'string' },
              description: { type: 'string' },
            },
          },
          ApiError: {
            type: 'object',
            properties: { error: { type: 'string' }, error_description: { type: 'string' } },
          },
          CancellationCostError: {
            allOf: [{ $ref: '#/components/schemas/Cost' }, { $ref: '#/components/schemas/ApiError' }],
            type: 'object',
            example: { amount: 500, currency: 'USD', error: 'cancel_confirmation_required' },
          },
        },
      },
    }),
  );
  const warnings: string[] = [];
  const shared = sharedSchema(ir);
  const response = sharedSchemaFor(ir, 'response');
  const { table, byOperation } = errorTemplates(ir, { response }, [shared], (message) =>
    warnings.push(message),
  );
  expect(warnings).toEqual([]);
  const index = byOperation.get(ir.operations[0])?.['400'];
  expect(index).toBeDefined();
  const ajv = createAjv({ coerce: false });
  ajv.addSchema(shared);
  const validate = ajv.compile({ $ref: `${shared.$id}#/components/schemas/CancellationCostError` });
  expect(validate(table.templates[index!].body), JSON.stringify(validate.errors)).toBe(true);
});

it('an error schema that is a list of items no value satisfies gets the empty list (visualstudio)', () => {
  const ir = buildIr(
    documentFrom('t.yaml', {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/environments/{id}': {
          patch: {
            operationId: 'updateEnvironment',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'Updated' },
              '400': {
                description: 'Bad Request',
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { $ref: '#/components/schemas/MessageCodes' } },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { MessageCodes: { type: 'integer', enum: ['0 (Unknown)', '1 (ExceededQuota)'] } },
      },
    }),
  );
  const warnings: string[] = [];
  const { table, byOperation } = errorTemplates(
    ir,
    { response: sharedSchemaFor(ir, 'response') },
    [sharedSchema(ir)],
    (message) => warnings.push(message),
  );
  expect(warnings).toEqual([]);
  const index = byOperation.get(ir.operations[0])?.['400'];
  expect(index).toBeDefined();
  expect(table.templates[index!].body).toEqual([]);
});

it('one generation after another in a process makes each its own templates (the Ajv they share is emptied between)', () => {
  const irWith = (error: object) =>
    buildIr(
      documentFrom('t.yaml', {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/things': {
            get: {
              operationId: 'listThings',
              responses: {
                '200': { description: 'OK' },
                '400': { description: 'Bad', ...json('#/components/schemas/Error') },
              },
            },
          },
        },
        components: { schemas: { Error: error } },
      }),
    );
  const first = irWith({
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
  });
  const second = irWith({
    type: 'object',
    required: ['code', 'detail'],
    additionalProperties: false,
    properties: { code: { type: 'integer', minimum: 1000 }, detail: { type: 'string' } },
  });
  for (const ir of [first, second, first]) {
    const shared = sharedSchema(ir);
    const { table, byOperation } = errorTemplates(
      ir,
      { response: sharedSchemaFor(ir, 'response') },
      [shared],
      () => {},
    );
    const ajv = createAjv({ coerce: false });
    ajv.addSchema(shared);
    const validate = ajv.compile({ $ref: `${shared.$id}#/components/schemas/Error` });
    const body = table.templates[byOperation.get(ir.operations[0])!['400']].body;
    expect(validate(body), JSON.stringify([body, validate.errors])).toBe(true);
  }
});

it('Ajv is given only the shared schemas the error schemas reach, each whole; an anchor keeps every one', () => {
  const base = {
    $id: 'spec-1.json',
    components: {
      schemas: {
        Problem: { type: 'object', properties: { detail: { $ref: '#/components/schemas/Detail' } } },
        Detail: { type: 'object', properties: { hint: { $ref: '#/paths/~1a/get/x/schema' } } },
        Unrelated: { type: 'object', properties: { big: { $ref: '#/components/schemas/Problem' } } },
      },
    },
    paths: { '/a': { get: { x: { schema: { type: 'string' } }, y: { schema: { type: 'integer' } } } } },
  };
  const response = {
    $id: 'spec-1-response.json',
    components: { schemas: { Problem: { type: 'object' }, Other: { type: 'string' } } },
  };
  const cut = reachedDocuments(
    [base, response],
    [{ anyOf: [{ $ref: 'spec-1.json#/components/schemas/Problem/properties/detail' }] }],
  );
  expect(cut).toEqual([
    {
      $id: 'spec-1.json',
      components: {
        schemas: { Problem: base.components.schemas.Problem, Detail: base.components.schemas.Detail },
      },
      paths: { '/a': { get: { x: { schema: { type: 'string' } } } } },
    },
  ]);
  // The reached schemas are the shared ones, not copies; the containers on the way are the cut's own.
  expect(cut[0].components).not.toBe(base.components);
  expect((cut[0].components as typeof base.components).schemas.Problem).toBe(base.components.schemas.Problem);
  expect(reachedDocuments([base, response], [{ $ref: 'spec-1.json#problem' }])).toEqual([base, response]);
  expect(reachedDocuments([base], [{ $dynamicRef: '#meta' }])).toEqual([base]);
});

it('copies a place under a key named __proto__ as a key, leaving Object.prototype alone', () => {
  const base = JSON.parse(
    JSON.stringify({
      $id: 'spec-2.json',
      components: { schemas: { Proto: { type: 'string' } } },
      paths: { '/a': { get: { schema: { properties: { ['__proto__']: { items: { type: 'string' } } } } } } },
    }).replace('"Proto"', '"__proto__"'),
  );
  const cut = reachedDocuments(
    [base],
    [
      { $ref: 'spec-2.json#/paths/~1a/get/schema/properties/__proto__/items' },
      { $ref: 'spec-2.json#/components/schemas/__proto__' },
    ],
  );
  expect(({} as Record<string, unknown>).items).toBeUndefined();
  expect(Object.getPrototypeOf(cut[0].components)).toBe(Object.prototype);
  const schemas = (cut[0].components as { schemas: object }).schemas;
  expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
  expect(Object.getOwnPropertyDescriptor(schemas, '__proto__')?.value).toEqual({ type: 'string' });
  const ajv = createAjv({ coerce: false });
  for (const document of cut) ajv.addSchema(document);
  const items = ajv.compile({ $ref: 'spec-2.json#/paths/~1a/get/schema/properties/__proto__/items' });
  expect([items('text'), items(1)]).toEqual([true, false]);
  const proto = ajv.compile({ $ref: 'spec-2.json#/components/schemas/__proto__' });
  expect([proto('text'), proto(1)]).toEqual([true, false]);
});
