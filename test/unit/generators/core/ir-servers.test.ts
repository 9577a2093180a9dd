/**
 * Each operation's effective servers in the IR (core/ir-servers.ts): the operation's, else its path
 * item's, else the root's; variables at their defaults; relative URLs resolved against the root's
 * first server; and the SDK shape's base URL per operation (sdk-shape/base-url.ts). A server
 * variable without a value is an error with file, line and pointer. Writes a temporary file; starts
 * no process.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { resolveServerUrl } from '../../../../generators/core/ir-servers.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { sdkShape } from '../../../../generators/sdk-shape/index.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();

const irOf = async (spec: string) => buildIr(await loadDocument(spec));

describe("an operation's effective servers", () => {
  it.each([
    { operation: 'listThings', declaredAt: 'root', pointer: '/servers', urls: ['https://eu.api.example/v2'] },
    {
      operation: 'upload',
      declaredAt: 'operation',
      pointer: '/paths/~1uploads/post/servers',
      urls: ['https://uploads.example/v3'],
    },
    {
      operation: 'getReport',
      declaredAt: 'path',
      pointer: '/paths/~1reports~1{id}/servers',
      urls: ['https://eu.api.example/reports-api'],
    },
    {
      operation: 'getRepeats',
      declaredAt: 'path',
      pointer: '/paths/~1repeats/servers',
      urls: ['https://eu.api.example/v2'],
    },
  ])('$operation: declared at $declaredAt', async ({ operation, declaredAt, pointer, urls }) => {
    const ir = await irOf('test/fixtures/specs/servers-3.0.yaml');
    const found = ir.operations.find((candidate) => candidate.id === operation)!;
    expect(found.servers.declaredAt).toBe(declaredAt);
    expect(found.servers.pointer).toBe(pointer);
    expect(found.servers.servers.map((server) => server.url)).toEqual(urls);
  });

  it('keeps the template, the variables with their defaults and enums, and a relative URL as written', async () => {
    const ir = await irOf('test/fixtures/specs/servers-3.0.yaml');
    expect(ir.servers).toEqual([
      {
        url: 'https://eu.api.example/v2',
        template: 'https://{region}.api.example/{basePath}',
        variables: { region: { default: 'eu', enum: ['eu', 'us'] }, basePath: { default: 'v2' } },
      },
    ]);
    expect(ir.operations.find((operation) => operation.id === 'upload')!.servers.servers).toEqual([
      {
        url: 'https://uploads.example/v3',
        template: 'https://uploads.example/{version}',
        description: 'The upload host',
        variables: { version: { default: 'v3' } },
      },
    ]);
    expect(ir.operations.find((operation) => operation.id === 'getReport')!.servers.servers[0]).toMatchObject(
      { url: 'https://eu.api.example/reports-api', relativeUrl: '/reports-api' },
    );
  });

  it("matches the newcomer's public spec: operation > path item (also through a $ref) > root, an empty list overriding nothing", async () => {
    const ir = await irOf('node_modules/@readme/oas-examples/3.0/yaml/server-path-level.yaml');
    const first = Object.fromEntries(
      ir.operations.map((operation) => [operation.path, operation.servers.servers[0]?.url]),
    );
    expect(first).toEqual({
      '/relative-path-server': 'https://demo.example.com/v2',
      '/relative-operation-server': 'https://demo.example.com/v3',
      '/operation-server-variables': 'https://operation.example.com/v3',
      '/path-item-ref-server': 'https://path-item-ref.example.com',
      '/path-item-server-source': 'https://path-item-ref.example.com',
      '/empty-operation-servers': 'https://empty-operation-path.example.com',
      '/empty-path-item-servers': 'https://demo.example.com:443/v2',
    });
  });

  it.each([
    { url: '/v3', base: 'https://demo.example.com:8443/v2', want: 'https://demo.example.com:8443/v3' },
    { url: 'v3', base: 'https://demo.example.com/api/', want: 'https://demo.example.com/api/v3' },
    // The base is an API root, read as a folder with or without its slash, as both SDKs resolve it (before: …/uploads).
    { url: 'uploads', base: 'https://demo.example.com/v1', want: 'https://demo.example.com/v1/uploads' },
    { url: 'https://other.example/x', base: 'https://demo.example.com', want: 'https://other.example/x' },
    { url: '/v3', base: '/dashboard/api', want: '/v3' },
    { url: '/v3', base: undefined, want: '/v3' },
  ])('resolves $url against $base', ({ url, base, want }) => {
    expect(resolveServerUrl(url, base)).toBe(want);
  });

  it('refuses a server variable the URL uses without declaring, and one without a default, with file:line:col and pointer', async () => {
    const folder = scratch.make('servers-');
    const file = path.join(folder, 'spec.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        'info: {title: t, version: "1"}',
        'paths:',
        '  /a:',
        '    get:',
        '      servers:',
        '        - url: https://{host}/v1',
        '        - url: https://{region}.example',
        '          variables:',
        '            region: {enum: [eu]}',
        '      responses:',
        "        '200': {description: OK}",
        '',
      ].join('\n'),
    );
    await expect(irOf(file)).rejects.toThrow(
      [
        `${file}:7:16: server URL 'https://{host}/v1' uses {host}, which its variables do not declare (at #/paths/~1a/get/servers/0/url)`,
        `${file}:10:21: server variable 'region' has no default (at #/paths/~1a/get/servers/1/variables/region)`,
      ].join('\n'),
    );
  });
});

describe('the SDK shape: where each operation is sent', () => {
  it('gives an operation with servers of its own their first URL (relative as written), and none to the others', async () => {
    const shape = sdkShape(await irOf('test/fixtures/specs/servers-3.0.yaml'));
    const own = Object.fromEntries(
      shape.operations.map((entry) => [entry.operation.id, [entry.baseUrl, entry.resolvedBaseUrl]]),
    );
    expect(shape.baseUrl).toBe('https://eu.api.example/v2');
    expect(own).toEqual({
      listThings: [undefined, undefined],
      upload: ['https://uploads.example/v3', 'https://uploads.example/v3'],
      getReport: ['/reports-api', 'https://eu.api.example/reports-api'],
      // Its path item repeats the root's first server: the client's base URL applies to it.
      getRepeats: [undefined, undefined],
    });
  });
});
