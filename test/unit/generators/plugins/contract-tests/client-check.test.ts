/**
 * The generated-client check's calls with a body the client takes as fields (its `merged` body
 * mode): an object's properties go beside the params; anything else cannot be sent that way, and
 * is the spec's finding, not the client's (xero_files' createFolder: a schema with properties and
 * no type, whose example is a string holding JSON text).
 */
import { describe, expect, it } from 'vitest';
import type { OperationCase } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import {
  BodyNotFields,
  clientProblems,
  fields,
} from '../../../../../generators/plugins/contract-tests/runtime/client-check.js';
import type { SuiteContext } from '../../../../../generators/plugins/contract-tests/runtime/suite-context.js';

describe('fields', () => {
  it("puts an object body's properties beside the params, and takes no body as none", () => {
    expect(fields({ 'xero-tenant-id': 't' }, { Name: 'Docs' })).toEqual({
      'xero-tenant-id': 't',
      Name: 'Docs',
    });
    expect(fields({ limit: 2 }, undefined)).toEqual({ limit: 2 });
  });

  it('refuses a body that is not an object, saying what it is', () => {
    expect(() => fields({}, '{ "Name": "My Docs" }')).toThrow(new BodyNotFields('the body is a string'));
    expect(() => fields({}, [1])).toThrow('the body is an array');
    expect(() => fields({}, null)).toThrow('the body is null');
    expect(() => fields({}, 3)).toThrow('the body is a number');
  });
});

describe('clientProblems with a body the client cannot take as fields', () => {
  it('is a spec finding at the body, with no raw request sent to compare (the context has no target to send to)', async () => {
    const operation = {
      id: 'createFolder',
      pointer: '/paths/~1Folders/post',
      bodyPointer: '/paths/~1Folders/post/requestBody/content/application~1json',
      responses: {},
    } as unknown as OperationCase;
    const context = {
      request: async () => ({ headers: { 'xero-tenant-id': 't' }, body: '{ "Name": "My Docs" }' }),
      target: { transport: { stats: { requests: 0 } } },
    } as unknown as SuiteContext;
    const problems = await clientProblems(
      context,
      {
        create: () => ({}),
        calls: {
          createFolder: async (_client, _path, params, body) => fields(params, body),
        },
      },
      operation,
    );
    expect(problems).toEqual([
      expect.objectContaining({
        class: 'spec',
        check: 'generated_client',
        pointer: operation.bodyPointer,
        message: expect.stringContaining('not sent, the body is a string'),
      }),
    ]);
  });
});
