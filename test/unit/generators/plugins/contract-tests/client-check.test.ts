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
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import type { SuiteContext } from '../../../../../generators/plugins/contract-tests/runtime/suite-context.js';
import type { Target } from '../../../../../generators/plugins/contract-tests/runtime/target.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

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

describe('clientProblems when the target answers another documented status than the success', () => {
  // gamesparks' deleteSnapshot: a 200 with no body, then a 201 with one (the IR's success). A
  // mock answers the 200, the client returns no value, and that is the 200's answer, not a bug.
  const operation = {
    id: 'deleteSnapshot',
    pointer: '/paths/~1snapshots~1{id}/delete',
    successStatus: '201',
    responses: { '200': {}, '201': { schema: { type: 'object' } }, '404': {}, default: {} },
  } as unknown as OperationCase;
  const run = (status: number, result: unknown) => {
    const context = {
      request: async () => ({ method: 'delete', path: '/snapshots/1', headers: {} }),
      target: {
        baseUrl: 'http://127.0.0.1:1',
        transport: {
          stats: { requests: 1 },
          fetch: async () => new Response(null, { status }),
        },
      },
      violations: (schema: { type?: string } | undefined, value: unknown) =>
        schema?.type === 'object' && (typeof value !== 'object' || value === null)
          ? ['/ must be object']
          : [],
      problems: () => [],
    } as unknown as SuiteContext;
    return clientProblems(
      context,
      { create: () => ({}), calls: { deleteSnapshot: async () => result } },
      operation,
    );
  };

  it("judges the client's result by the schema of the status the target answered", async () => {
    expect(await run(200, undefined)).toEqual([]);
  });

  it('still blames the client when the answer was the success, or a status only a range or default covers', async () => {
    expect(await run(202, undefined)).toEqual([
      expect.objectContaining({ class: 'suite', message: expect.stringContaining('breaks the schema') }),
    ]);
    expect(await run(201, undefined)).toEqual([
      expect.objectContaining({
        class: 'suite',
        message: expect.stringContaining('its result breaks the schema where the raw answer does not'),
      }),
    ]);
  });
});

describe('clientProblems when the target answers a documented redirect', () => {
  // surevoip's getCustomers: Prism answers the documented 302 with its example Location, `string`;
  // the client follows it to /string, which is no route, and throws the 404 it got there.
  const operation = {
    id: 'getCustomers',
    pointer: '/paths/~1customers/get',
    successStatus: '200',
    responses: { '200': { schema: { type: 'array' } }, '302': {} },
  } as unknown as OperationCase;
  const run = (thrown: Error) => {
    const stats = { requests: 0 };
    const context = {
      request: async () => ({ method: 'get', path: '/customers', headers: {} }),
      target: {
        baseUrl: 'http://127.0.0.1:1',
        transport: {
          stats,
          fetch: async () => new Response(null, { status: 302, headers: { location: 'string' } }),
        },
      },
      violations: () => [],
      problems: () => [],
    } as unknown as SuiteContext;
    return clientProblems(
      context,
      {
        create: () => ({}),
        calls: {
          // It sent the request (and followed the redirect) before it threw.
          getCustomers: async () => {
            stats.requests += 2;
            throw thrown;
          },
        },
      },
      operation,
    );
  };

  it("takes an error status where the client followed it as that place's answer, not a bug of the client", async () => {
    expect(await run(Object.assign(new Error('404 no route'), { status: 404 }))).toEqual([]);
  });

  it('still blames the client for a failure of its own after the redirect', async () => {
    expect(await run(new TypeError('cannot read the body'))).toEqual([
      expect.objectContaining({
        class: 'suite',
        message: expect.stringContaining('where the same request sent raw got 302'),
      }),
    ]);
  });
});

describe('clientProblems when the client leaves out an optional body the suite sent as {}', () => {
  // vtex's RemoveAllItems: the mock requires the declared Content-Type of a request with no body
  // (OpenAPI says to ignore that parameter) and refuses the client's request with 422.
  const run = async (refusesBare: boolean, clientBug = false) => {
    const cases = await contractCasesOf('test/fixtures/kinds/optional-empty-body-3.0.yaml');
    const target = inProcessTarget(cases, async (_url, init) =>
      init?.body === undefined && refusesBare
        ? Response.json({ title: 'Invalid request' }, { status: 422 })
        : Response.json({}, { status: 200 }),
    );
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    // The client as generated behaves here: no fields, no body; a 422 is thrown.
    const client = {
      create: (made: Target) => made,
      calls: {
        removeAllItems: async (made: unknown) => {
          const answer = await (made as Target).transport!.fetch(
            'http://in-process.invalid/carts/c1/items/removeAll',
            {
              method: 'POST',
            },
          );
          if (!answer.ok) throw new Error(`${answer.status}`);
          if (clientBug) throw new TypeError('a bug of the client, after sending');
          return answer.json();
        },
      },
    };
    return clientProblems(checks, client, checks.operation('removeAllItems'));
  };

  it("is the target's finding when the same request without the body is refused", async () => {
    expect(await run(true)).toEqual([
      expect.objectContaining({ class: 'mock', check: 'positive_data_acceptance' }),
    ]);
  });

  it('still blames the client when the target takes the request without the body', async () => {
    expect(await run(false)).toEqual([]);
    expect(await run(false, true)).toEqual([
      expect.objectContaining({ class: 'suite', message: expect.stringContaining('a bug of the client') }),
    ]);
  });
});
