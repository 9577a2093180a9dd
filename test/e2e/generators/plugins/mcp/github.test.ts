/**
 * The generated MCP server at GitHub's scale (1,2xx operations): it starts (from source, as tsx runs
 * it) and offers only the three discovery tools, finds an operation by a word, describes it, and
 * calls it against the round trip's stubs (generated from the same spec, checking what arrives);
 * every operation's input schema compiles with Ajv in strict mode.
 * Starts: the generator (in process), the round trip's stubs (Fastify on 127.0.0.1), the server (tsx).
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ir } from '../../../../../generators/core/ir.js';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import { sdkShape } from '../../../../../generators/sdk-shape/index.js';
import type { Catalog } from '../../../../../generators/plugins/mcp/runtime/catalog.js';
import { inputSchema } from '../../../../../generators/plugins/mcp/runtime/catalog.js';
import { GITHUB_SPEC } from '../../../../../scripts/lib/public-specs.js';
import { buildCases } from '../../../../../scripts/lib/roundtrip/cases.js';
import { firstDifference } from '../../../../../scripts/lib/roundtrip/compare.js';
import type { Case } from '../../../../../scripts/lib/roundtrip/protocol.js';
import { startStubs, type StubServer } from '../../../../../scripts/lib/roundtrip/server.js';

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;
// The whole spec, not the test corpus's sample of it: the discovery tools are for its 1,2xx operations.
const SPEC = GITHUB_SPEC;
const TSX = path.resolve('node_modules/.bin/tsx');

let out: string;
let ir: Ir;
let catalog: Catalog;
let stubs: StubServer;
let testCase: Case;
let client: Client;
beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  out = await mkdtemp(path.resolve('.cache', 'mcp-github-'));
  ({ ir } = await generate({
    spec: SPEC,
    out,
    command: 'test',
    write: true,
    plugins: builtInPlugins(['server', 'mcp']),
    released: false,
    log: () => {},
  }));
  catalog = (await import(path.join(out, 'mcp', 'src', 'catalog.ts'))).CATALOG;
  // The client package where the server imports it from, by name, its source run by tsx.
  const clientPackage = path.join(out, 'node_modules', sdkShape(ir).names.packageName);
  await mkdir(clientPackage, { recursive: true });
  await writeFile(
    path.join(clientPackage, 'package.json'),
    JSON.stringify({ name: sdkShape(ir).names.packageName, type: 'module', exports: './src/index.ts' }),
  );
  await symlink(path.join(out, 'client', 'src'), path.join(clientPackage, 'src'));
  // The round trip's case for the one operation the test calls, and the stubs that check it.
  ir.operations = ir.operations.filter((operation) => operation.id === 'licenses/get');
  testCase = buildCases(ir, 20261128, 1).cases[0];
  stubs = await startStubs(out, ir, [testCase]);
  client = new Client({ name: 'test', version: '1.0.0' });
  const environment = sdkShape(ir).names.envPrefix;
  await client.connect(
    new StdioClientTransport({
      command: TSX,
      args: [
        path.join(out, 'mcp', 'src', 'cli.ts'),
        '--base-url',
        stubs.url,
        '--header',
        `x-roundtrip-case: ${testCase.id}`,
      ],
      env: { PATH: process.env.PATH ?? '', [`${environment}_API_KEY`]: 'ghp_test' },
      stderr: 'pipe',
    }),
  );
}, 600_000);
afterAll(async () => {
  await client?.close();
  await stubs?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

type ToolCall = {
  isError?: boolean;
  structuredContent?: any;
  content: Array<{ type: string; text?: string }>;
};

describe("the generated MCP server on GitHub's spec", () => {
  it('offers the three discovery tools, not a tool per operation', async () => {
    expect(catalog.operations.length).toBeGreaterThan(1000);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_operations',
      'describe_operation',
      'call_operation',
    ]);
    // What a model's context holds for 1,2xx operations: a few kilobytes.
    expect(JSON.stringify(tools).length).toBeLessThan(4000);
  });

  it('lists the resources, and finds an operation by a word', async () => {
    const overview = (await client.callTool({ name: 'list_operations', arguments: {} })) as ToolCall;
    expect(overview.structuredContent.total).toBe(catalog.operations.length);
    expect(overview.structuredContent.resources).toContainEqual({ resource: 'licenses', operations: 2 });
    const found = (await client.callTool({
      name: 'list_operations',
      arguments: { search: 'get a license' },
    })) as ToolCall;
    expect(found.structuredContent.operations[0]).toMatchObject({
      name: 'licenses_get',
      method: 'GET',
      path: '/licenses/{license}',
    });
  });

  it('describes the operation and calls it against the stubs, which receive what the client would send', async () => {
    const described = (await client.callTool({
      name: 'describe_operation',
      arguments: { name: 'licenses_get' },
    })) as ToolCall;
    expect(described.structuredContent.input_schema.required).toEqual(['license']);
    const called = (await client.callTool({
      name: 'call_operation',
      arguments: { name: 'licenses_get', arguments: { license: testCase.request.path.license } },
    })) as ToolCall;
    expect(called.isError, called.content[0].text).toBeFalsy();
    expect(stubs.reached.has(testCase.id)).toBe(true);
    expect(stubs.problems.get(testCase.id) ?? []).toEqual([]);
    expect(firstDifference(testCase.response.body, called.structuredContent.result)).toBeUndefined();
  });

  it("compiles every operation's input schema with Ajv (strict, JSON Schema 2020-12)", () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const refused = catalog.operations.flatMap((operation) => {
      try {
        ajv.compile(inputSchema(catalog, operation));
        return [];
      } catch (error) {
        return [`${operation.name}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  }, 300_000);
});
