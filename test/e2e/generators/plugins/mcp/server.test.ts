/**
 * The generated MCP server (generated/mcp), built as `npm run build` builds it and started as an
 * agent's host starts it, driven by the MCP SDK's own client: over stdio and over streamable HTTP it
 * lists a tool per operation with hints from the method and input schemas that Ajv compiles, creates
 * a subject and reads it back through the reference service, returns the API's 404 as a tool error
 * with its status and message, refuses arguments its schema refuses before sending, pages a list, and
 * offers the discovery tools or only read-only operations when asked. docs/mcp.md's blocks run as
 * written against the same build.
 * Starts: tsc, npm run build, the server (node) per transport, the reference service in process.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../../generators/config.js';
import { blockWith, docBlocks } from '../../../../support/doc-blocks.js';
import { consumerOf, type Consumer } from '../../../../support/generated-packages.js';
import { CONSENT, startService, type TestService } from '../../../../support/service.js';

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

let consumer: Consumer;
let service: TestService;
let environment: Record<string, string>;
let bin: string;
beforeAll(async () => {
  consumer = await consumerOf(path.resolve('generated'), ['mcp']);
  await consumer.build('mcp');
  bin = path.join(consumer.packageDir('mcp'), 'dist', 'cli.js');
  service = await startService();
  environment = {
    ASSESSMENT_SERVICE_API_KEY: await service.key(),
    ASSESSMENT_SERVICE_BASE_URL: service.url,
  };
}, 180_000);
afterAll(async () => {
  await service?.close();
  await consumer?.remove();
});

/** An MCP client connected to the server over stdio, started with `args`. */
async function overStdio(args: string[] = []): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, ...args],
      env: environment,
      stderr: 'pipe',
    }),
  );
  return client;
}

type ToolCall = {
  isError?: boolean;
  structuredContent?: any;
  content: Array<{ type: string; text?: string }>;
};

/** What every transport must do: create a subject, read it back, and get the API's 404 as a tool error. */
async function createReadAndMiss(client: Client): Promise<void> {
  const created = (await client.callTool({
    name: 'createSubject',
    arguments: { consent_artifact: CONSENT, metadata: { cohort: 'mcp' } },
  })) as ToolCall;
  expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
  const subject = created.structuredContent.result;
  expect(subject).toMatchObject({ object: 'subject', metadata: { cohort: 'mcp' } });
  expect(subject.id).toMatch(/^subj_/);
  // The text block is the same JSON, for clients that read no structured content.
  expect(JSON.parse(created.content[0].text!)).toEqual(created.structuredContent);

  const read = (await client.callTool({
    name: 'retrieveSubject',
    arguments: { subject_id: subject.id },
  })) as ToolCall;
  expect(read.isError).toBeFalsy();
  expect(read.structuredContent.result).toEqual(subject);

  const missing = (await client.callTool({
    name: 'retrieveSubject',
    arguments: { subject_id: 'subj_000000000000000000000000' },
  })) as ToolCall;
  expect(missing.isError).toBe(true);
  expect(missing.structuredContent.error).toMatchObject({
    type: 'NotFoundError',
    status: 404,
    code: 'not_found',
  });
  expect(missing.structuredContent.error.request_id).toMatch(/^req_/);
  expect(missing.content[0].text).toMatch(/^NotFoundError: 404 not_found: /);
}

describe('the generated MCP server as npm packs it', () => {
  it('ships the catalog (data, read at run time) beside the built code that reads it, and no source', async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        'npm',
        ['pack', '--dry-run', '--json', '--ignore-scripts'],
        { cwd: consumer.packageDir('mcp') },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map(
      (file) => file.path,
    );
    expect(files).toEqual(
      expect.arrayContaining(['dist/catalog.json', 'dist/catalog.js', 'dist/cli.js', 'package.json']),
    );
    expect(files.filter((file) => file.startsWith('src/'))).toEqual([]);
    // The bin (which every test below starts) reads the copy in dist/, byte for byte the generated one.
    expect(await readFile(path.join(consumer.packageDir('mcp'), 'dist', 'catalog.json'), 'utf8')).toBe(
      await readFile(path.resolve('generated/mcp/src/catalog.json'), 'utf8'),
    );
  });
});

describe('the generated MCP server over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = await overStdio();
  });
  afterAll(() => client?.close());

  it('lists one tool per operation, with hints from the method and input schemas Ajv compiles', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'getHealth',
      'listSubjects',
      'createSubject',
      'retrieveSubject',
      'deleteSubject',
      'listAssessments',
      'createAssessment',
      'retrieveAssessment',
      'submitAssessment',
    ]);
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(hints.listSubjects).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(hints.createSubject).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(hints.deleteSubject).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(hints.submitAssessment).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    const retrieve = tools.find((tool) => tool.name === 'retrieveSubject')!;
    expect(retrieve.inputSchema.required).toEqual(['subject_id']);
    expect(retrieve.description).toContain('`GET /v1/nature/subjects/{subject_id}`');
  });

  it("creates a subject, reads it back, and gets the API's 404 as a tool error", async () => {
    await createReadAndMiss(client);
  });

  it('refuses arguments its input schema refuses, before sending anything', async () => {
    const refused = (await client.callTool({ name: 'listSubjects', arguments: { limit: 1000 } })) as ToolCall;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error.type).toBe('InvalidArguments');
    expect(refused.content[0].text).toMatch(/\/limit must be <= 100/);
  });

  it('pages a list: a page says whether another follows and the arguments that ask for it', async () => {
    for (let index = 0; index < 2; index += 1)
      await client.callTool({ name: 'createSubject', arguments: { consent_artifact: CONSENT } });
    const first = (await client.callTool({ name: 'listSubjects', arguments: { limit: 1 } })) as ToolCall;
    expect(first.structuredContent).toMatchObject({ has_next_page: true });
    const next = first.structuredContent.next_page_arguments;
    expect(next).toEqual({ limit: 1, starting_after: first.structuredContent.result.next_cursor });
    const second = (await client.callTool({ name: 'listSubjects', arguments: next })) as ToolCall;
    expect(second.structuredContent.result.data[0].id).not.toBe(first.structuredContent.result.data[0].id);
  });

  it('offers the discovery tools when asked, and only read-only operations with --read-only', async () => {
    const discovery = await overStdio(['--tools', 'discovery', '--read-only']);
    try {
      const { tools } = await discovery.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'list_operations',
        'describe_operation',
        'call_operation',
      ]);
      expect(tools.find((tool) => tool.name === 'call_operation')!.annotations).toMatchObject({
        readOnlyHint: true,
      });
      const listed = (await discovery.callTool({
        name: 'list_operations',
        arguments: { resource: 'nature' },
      })) as ToolCall;
      expect(
        listed.structuredContent.operations.map((operation: { name: string }) => operation.name),
      ).toEqual(['listSubjects', 'retrieveSubject', 'listAssessments', 'retrieveAssessment']);
      const refused = (await discovery.callTool({
        name: 'call_operation',
        arguments: { name: 'createSubject', arguments: { consent_artifact: CONSENT } },
      })) as ToolCall;
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent.error.type).toBe('UnknownOperation');
    } finally {
      await discovery.close();
    }
  });
});

describe('the generated MCP server over streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    server = spawn(process.execPath, [bin, '--http', '0'], { env: { ...process.env, ...environment } });
    url = await new Promise<string>((resolve, reject) => {
      let text = '';
      server.stderr!.on('data', (chunk) => {
        text += chunk;
        const found = /listening on (\S+)/.exec(text);
        if (found) resolve(found[1]);
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code}): ${text}`)));
    });
  });
  afterAll(() => {
    server?.kill();
  });

  it("lists the tools, creates a subject, reads it back, and gets the API's 404 as a tool error", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.listTools()).tools).toHaveLength(9);
      await createReadAndMiss(client);
    } finally {
      await client.close();
    }
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const port = new URL(url).port;
    const answer = await new Promise<number>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { host: 'evil.example', 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end('{}');
    });
    expect(answer).toBe(403);
  });
});

describe('docs/mcp.md', () => {
  const PAGE = 'mcp.md';

  it('its config runs the plugin with the options it gives', async () => {
    const dir = await mkdtemp(path.resolve('.cache', 'docs-config-'));
    try {
      const code = blockWith(await docBlocks(PAGE), 'ts', 'defineConfig', PAGE).replace(
        "from 'contract-kit'",
        `from ${JSON.stringify(path.resolve('generators/index.ts'))}`,
      );
      await writeFile(path.join(dir, 'contract-kit.config.ts'), code);
      const config = await loadConfig({ dir });
      const plugin = config.documents[0].plugins.find((each) => each.plugin.name === 'mcp');
      expect(plugin?.options).toEqual({ tools: 'auto', maxTools: 40, readOnly: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("its host config starts the package's bin with the client's key variable", async () => {
    const hosts = JSON.parse(blockWith(await docBlocks(PAGE), 'json', 'mcpServers', PAGE));
    const entry = Object.values(hosts.mcpServers)[0] as { command: string; args: string[]; env: object };
    const pkg = JSON.parse(await readFile(path.join(consumer.packageDir('mcp'), 'package.json'), 'utf8'));
    expect(entry.command).toBe('npx');
    expect(entry.args).toEqual([pkg.name]);
    expect(Object.keys(pkg.bin)).toEqual([pkg.name]);
    expect(Object.keys(entry.env)).toEqual(['ASSESSMENT_SERVICE_API_KEY']);
  });

  it('its program lists the read-only tools, calls one, and gets a 404 as a tool error', async () => {
    const code = blockWith(await docBlocks(PAGE), 'ts', 'createServer', PAGE).replaceAll(
      "'assessment-service-mcp'",
      JSON.stringify(path.join(consumer.packageDir('mcp'), 'dist', 'index.js')),
    );
    const file = path.join(consumer.dir, 'docs-mcp.ts');
    await writeFile(file, code);
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    const printed: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args));
    try {
      await import(file);
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(printed[0]).toEqual([
      ['getHealth', 'listSubjects', 'retrieveSubject', 'listAssessments', 'retrieveAssessment'],
    ]);
    expect(printed[1][0]).toMatchObject({ result: { status: 'ok' } });
    expect(printed[2][0]).toBe(true);
    expect(printed[2][1]).toMatchObject({ error: { type: 'NotFoundError', status: 404, code: 'not_found' } });
  });
});
