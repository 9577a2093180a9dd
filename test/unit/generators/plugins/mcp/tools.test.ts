/**
 * The MCP server's tools over a client that records its calls (no network): arguments become the
 * client method's (path ones in order, the rest as params, files as File, the media type asked as
 * `accept`), results become structured content, errors tool errors with the API's details; each
 * tool or the discovery tools, as the mode and the number of operations say.
 */
import { describe, expect, it } from 'vitest';
import { methodHints } from '../../../../../generators/plugins/mcp/catalog.js';
import type { Catalog, CatalogOperation } from '../../../../../generators/plugins/mcp/runtime/catalog.js';
import { mcpTools } from '../../../../../generators/plugins/mcp/runtime/server.js';

function operation(fields: Partial<CatalogOperation>): CatalogOperation {
  return {
    name: 'op',
    operationId: 'op',
    title: 'An operation',
    description: 'Does a thing.',
    method: 'get',
    path: '/',
    resource: 'things',
    tags: [],
    hints: methodHints('get'),
    input: { type: 'object', properties: {}, additionalProperties: false },
    defs: [],
    call: { resource: ['things'], method: 'op', pathArguments: [], params: false, files: [] },
    results: [{ mediaType: 'application/json', kind: 'json' }],
    ...fields,
  };
}

const CATALOG: Catalog = {
  server: { name: 'things-mcp', version: '1.0.0', title: 'Things API' },
  defs: { Name: { type: 'string', minLength: 1 } },
  operations: [
    operation({
      name: 'getThing',
      path: '/things/{id}',
      input: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          expand: { type: 'boolean' },
          accept: { type: 'string', enum: ['application/json', 'text/csv'] },
        },
        required: ['id'],
        additionalProperties: false,
      },
      call: {
        resource: ['things'],
        method: 'retrieve',
        pathArguments: ['id'],
        params: true,
        files: [],
        acceptArgument: 'accept',
      },
      results: [
        { mediaType: 'application/json', kind: 'json' },
        { mediaType: 'text/csv', kind: 'text' },
      ],
    }),
    operation({
      name: 'uploadThing',
      method: 'post',
      hints: methodHints('post'),
      path: '/things',
      input: {
        type: 'object',
        properties: {
          name: { $ref: '#/$defs/Name' },
          file: { type: 'object', properties: { base64: { type: 'string' } }, required: ['base64'] },
        },
        required: ['name'],
        additionalProperties: false,
      },
      defs: ['Name'],
      call: {
        resource: ['things'],
        method: 'upload',
        pathArguments: [],
        params: true,
        files: [{ at: ['file'] }],
      },
    }),
  ],
};

/** A client whose methods record their arguments and answer what the test says. */
function recordingClient(answer: (method: string, args: unknown[]) => unknown) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const things = Object.fromEntries(
    ['retrieve', 'upload'].map((method) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        return answer(method, args);
      },
    ]),
  );
  return { client: { things }, calls };
}

describe('mcpTools', () => {
  it('offers each operation as a tool while they are few, with its schema and hints', () => {
    const { client } = recordingClient(() => ({}));
    const tools = mcpTools(CATALOG, client);
    expect(tools.mode).toBe('each');
    const listed = tools.list();
    expect(listed.map((tool) => tool.name)).toEqual(['getThing', 'uploadThing']);
    expect(listed[1].inputSchema.$defs).toEqual({ Name: { type: 'string', minLength: 1 } });
    expect(listed[1].annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it('calls the client method with path arguments in order, the rest as params, and the media type asked', async () => {
    const { client, calls } = recordingClient(() => 'a,b\n1,2\n');
    const result = await mcpTools(CATALOG, client).call('getThing', {
      id: 't1',
      expand: true,
      accept: 'text/csv',
    });
    expect(calls).toEqual([{ method: 'retrieve', args: ['t1', { expand: true }, { accept: 'text/csv' }] }]);
    expect(result.structuredContent).toEqual({ result: 'a,b\n1,2\n' });
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  });

  it('uploads a file argument as a File of its bytes', async () => {
    const { client, calls } = recordingClient(() => ({ id: 't2' }));
    await mcpTools(CATALOG, client).call('uploadThing', {
      name: 'x',
      file: { base64: Buffer.from('hello').toString('base64') },
    });
    const file = (calls[0].args[0] as { file: File }).file;
    expect(file).toBeInstanceOf(File);
    expect(await file.text()).toBe('hello');
  });

  it("refuses arguments the schema refuses, before calling, and returns the API's error as a tool error", async () => {
    const { client, calls } = recordingClient(() => {
      throw Object.assign(new Error('404 not_found: No thing t9.'), {
        name: 'NotFoundError',
        status: 404,
        code: 'not_found',
        requestId: 'req_1',
        body: { code: 'not_found' },
      });
    });
    const tools = mcpTools(CATALOG, client);
    const refused = await tools.call('uploadThing', { name: '' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(
      /^InvalidArguments: .*\/name must NOT have fewer than 1 characters/,
    );
    expect(calls).toEqual([]);
    const missing = await tools.call('getThing', { id: 't9' });
    expect(missing).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          type: 'NotFoundError',
          status: 404,
          code: 'not_found',
          request_id: 'req_1',
          message: '404 not_found: No thing t9.',
        },
      },
    });
  });

  it('offers the three discovery tools past maxTools, which find, describe and call the operations', async () => {
    const { client, calls } = recordingClient(() => ({ id: 't1' }));
    const tools = mcpTools(CATALOG, client, { maxTools: 1 });
    expect(tools.mode).toBe('discovery');
    expect(tools.list().map((tool) => tool.name)).toEqual([
      'list_operations',
      'describe_operation',
      'call_operation',
    ]);
    expect((await tools.call('list_operations', {})).structuredContent).toEqual({
      total: 2,
      resources: [{ resource: 'things', operations: 2 }],
    });
    const found = await tools.call('list_operations', { search: 'upload' });
    expect(
      (found.structuredContent as { operations: Array<{ name: string }> }).operations.map(
        (each) => each.name,
      ),
    ).toEqual(['uploadThing']);
    const described = await tools.call('describe_operation', { name: 'uploadThing' });
    expect(
      (described.structuredContent as { input_schema: { $defs: object } }).input_schema.$defs,
    ).toHaveProperty('Name');
    const called = await tools.call('call_operation', { name: 'getThing', arguments: { id: 't1' } });
    expect(called.structuredContent).toEqual({ result: { id: 't1' } });
    expect(calls).toHaveLength(1);
    expect((await tools.call('call_operation', { name: 'nope' })).isError).toBe(true);
  });

  it('holds the discovery tools to their own input schemas, naming what is wrong', async () => {
    // Before, a misspelt argument was read as absent: "No operation named undefined".
    const { client, calls } = recordingClient(() => ({ id: 't1' }));
    const tools = mcpTools(CATALOG, client, { tools: 'discovery' });
    const text = (result: { content: Array<{ type: string; text?: string }> }) =>
      result.content.map((part) => part.text ?? '').join('');
    const misspelt = await tools.call('describe_operation', { operation: 'getThing' });
    expect(misspelt.isError).toBe(true);
    expect(text(misspelt)).toMatch(
      /describe_operation's input schema: \(arguments\) must have required property 'name'.*must NOT have additional properties/,
    );
    const notAnObject = await tools.call('call_operation', { name: 'getThing', arguments: ['t1'] });
    expect(text(notAnObject)).toMatch(/call_operation's input schema: \/arguments must be object/);
    expect((await tools.call('list_operations', { offset: -1 })).isError).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('offers only read-only operations, and a read-only call_operation, when asked', () => {
    const { client } = recordingClient(() => ({}));
    const tools = mcpTools(CATALOG, client, { readOnly: true, tools: 'discovery' });
    expect(tools.operations.map((each) => each.name)).toEqual(['getThing']);
    expect(tools.list()[2].annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});
