/**
 * Bad-input findings judged against a documented schema no body satisfies (issue 43: digitallocker's
 * 400, a `oneOf` of four identical members, so every body matches all four and none exactly one)
 * are the spec's defect, not the stubs'. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../generators/core/load.js';
import { answeredUnsatisfiable } from '../../../../scripts/lib/corpus/stages-run.js';

const error = { type: 'object', properties: { error: { type: 'string' } } };
const ir = buildIr(
  documentFrom('errors.json', {
    openapi: '3.0.3',
    info: { title: 'Unsatisfiable errors', version: '1.0.0' },
    components: {
      schemas: {
        Error: error,
        // The same schema but for its annotations (digitallocker's members differ only in descriptions).
        Twin: {
          ...error,
          description: 'Another error',
          properties: { error: { type: 'string', description: 'x' } },
        },
        Other: { type: 'object', required: ['code'] },
        // Differ in a property named like an annotation: not the same schema.
        Titled: { type: 'object', properties: { title: { type: 'string' } } },
        Untitled: { type: 'object', properties: {} },
      },
    },
    paths: {
      '/code': {
        post: {
          operationId: 'getCode',
          responses: {
            '200': { description: 'OK' },
            '400': {
              description: 'Refused',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/Error' }],
                  },
                },
              },
            },
            '409': {
              description: 'Conflict',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [
                      { $ref: '#/components/schemas/Titled' },
                      { $ref: '#/components/schemas/Untitled' },
                    ],
                  },
                },
              },
            },
            '4XX': {
              description: 'Refused',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/Other' }],
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
);

describe('an answer judged against a schema no body satisfies', () => {
  it('is found where two members of a oneOf accept the same, by the status the answer has', () => {
    expect(
      answeredUnsatisfiable(
        ir,
        'getCode',
        'getCode, a NUL byte in a header: body / must match exactly one schema in oneOf answer: 400 {}',
      ),
    ).toBe(true);
  });

  it('is not where the members differ, nor for another operation or an answer without a status', () => {
    expect(
      answeredUnsatisfiable(
        ir,
        'getCode',
        'getCode, x: body / must match exactly one schema in oneOf answer: 415 {}',
      ),
    ).toBe(false);
    expect(answeredUnsatisfiable(ir, 'getCode', 'getCode, x: answer: 409 {}')).toBe(false);
    expect(answeredUnsatisfiable(ir, 'other', 'other, x: answer: 400 {}')).toBe(false);
    expect(answeredUnsatisfiable(ir, 'getCode', 'getCode, x: no answer')).toBe(false);
  });
});

describe('an answer judged against an error schema whose enum its type refuses', () => {
  it("is the spec's (visualstudio's MessageCodes: an integer whose enum is text)", () => {
    const codes = buildIr(
      documentFrom('codes.json', {
        openapi: '3.0.3',
        info: { title: 'Message codes', version: '1.0.0' },
        components: {
          schemas: { MessageCodes: { type: 'integer', enum: ['0 (Unknown)', '1 (ExceededQuota)'] } },
        },
        paths: {
          '/environments': {
            post: {
              operationId: 'createEnvironment',
              responses: {
                '200': { description: 'Created' },
                '400': {
                  description: 'Bad Request',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageCodes' } } },
                },
                '404': {
                  description: 'Not Found',
                  content: { 'application/json': { schema: { type: 'integer', enum: [1, 2] } } },
                },
              },
            },
          },
        },
      }),
    );
    const message = 'createEnvironment, query: body / must be integer answer: 400 {"detail":"x"}';
    expect(answeredUnsatisfiable(codes, 'createEnvironment', message)).toBe(true);
    expect(
      answeredUnsatisfiable(codes, 'createEnvironment', message.replace('answer: 400', 'answer: 404')),
    ).toBe(false);
  });
});
