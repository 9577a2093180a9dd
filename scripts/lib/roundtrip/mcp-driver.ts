/**
 * The round trip's third caller: the generated MCP server (mcp/), in this process, driven by the MCP
 * SDK's own client over an in-memory transport, calling the stubs through the generated client. Each
 * case becomes a tool call (path, query, header and cookie parameters and the body as the tool's
 * arguments, files and bytes as `{ base64, name?, type? }`), so the stubs check that what a model
 * sends arrives decoded as the client would have sent it, and the tool's result is compared with
 * what the stubs answered.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { planClient } from '../../../generators/plugins/client/plan.js';
import { importAtRunTime } from '../../../generators/core/run-time-import.js';
import type { Catalog, CatalogOperation } from '../../../generators/plugins/mcp/runtime/catalog.js';
import { CASE_HEADER, type Case, type Driver, type DriverResult } from './protocol.js';

/** A protocol value as a tool takes it: bytes and files as `{ base64, name?, type? }`. */
function toToolArgument(value: unknown, contentType?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => toToolArgument(item));
  if (value && typeof value === 'object') {
    if ('$bytes' in value)
      return { base64: (value as { $bytes: string }).$bytes, ...(contentType ? { type: contentType } : {}) };
    if ('$file' in value) {
      const file = (value as { $file: { name: string; type: string; bytes: string } }).$file;
      return { base64: file.bytes, name: file.name, type: file.type };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toToolArgument(item)]));
  }
  return value;
}

/** A tool result in the protocol's encoding, by the kind of answer the case expects. */
function fromToolResult(result: unknown, kind: string | undefined, operation: CatalogOperation): unknown {
  if (kind === 'binary') return { $bytes: (result as { base64: string }).base64 };
  if (kind === 'event-stream') return { $events: result };
  if (kind === 'ndjson') return { $records: result };
  return result === null && operation.results.length === 0 ? undefined : result;
}

export const mcpDriver: Driver = {
  name: 'mcp',
  aliases: ['mcp'],
  plugins: ['mcp'],
  async run(cases, { ir, outDir, baseURL }) {
    const sdk = await importAtRunTime(path.join(outDir, 'client', 'src', 'index.ts'));
    const mcp = await importAtRunTime(path.join(outDir, 'mcp', 'src', 'index.ts'));
    const catalog = mcp.CATALOG as Catalog;
    const plan = planClient(ir);
    const plans = new Map(plan.operations.map((entry) => [entry.operation.id, entry]));
    let current = '';
    // Each call says which case it is (the stubs answer by it); an operation's own server is the stubs too.
    const ownServers = plan.operations
      .map((entry) => entry.shape.resolvedBaseUrl ?? entry.shape.baseUrl)
      .filter((url): url is string => url !== undefined && /^https?:/.test(url));
    const fetchCase: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(CASE_HEADER, current);
      let url = String(input instanceof Request ? input.url : input);
      const own = ownServers.find((server) => url.startsWith(server));
      if (own) url = `${baseURL}${url.slice(own.length)}`;
      return fetch(url, { ...init, headers });
    };
    const Sdk = sdk[plan.clientName] as new (options: object) => object;
    const client = new Sdk({ baseURL, apiKey: 'roundtrip-key', maxRetries: 0, fetch: fetchCase });
    const server = mcp.createServer(client, { tools: 'each' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const caller = new Client({ name: 'roundtrip', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), caller.connect(clientSide)]);
    const results: DriverResult[] = [];
    try {
      for (const testCase of cases)
        results.push(await callCase(caller, catalog, plans, testCase, (id) => (current = id)));
    } finally {
      await caller.close();
      await server.close();
    }
    return results;
  },
};

async function callCase(
  caller: Client,
  catalog: Catalog,
  plans: Map<string, ReturnType<typeof planClient>['operations'][number]>,
  testCase: Case,
  select: (id: string) => void,
): Promise<DriverResult> {
  const operation = catalog.operations.find((entry) => entry.operationId === testCase.operationId)!;
  const entry = plans.get(testCase.operationId)!;
  const request = testCase.request;
  const args: Record<string, unknown> = {
    ...(toToolArgument(request.query) as object),
    ...(toToolArgument(request.header) as object),
    ...(toToolArgument(request.cookie) as object),
  };
  entry.pathArgs.forEach((arg, index) => {
    args[operation.call.pathArguments[index]] = toToolArgument(request.path[arg.param]);
  });
  if (request.body !== undefined) {
    const variant =
      entry.bodies.find((body) => body.media.mediaType === request.contentType) ?? entry.bodies[0];
    if (request.contentType && entry.mediaTypeKey) args[entry.mediaTypeKey] = request.contentType;
    const body = toToolArgument(request.body, request.contentType ?? variant.media.mediaType);
    if (variant.mode === 'merged') Object.assign(args, body);
    else args.body = body;
  }
  if (request.accept && operation.call.acceptArgument) args[operation.call.acceptArgument] = request.accept;
  select(testCase.id);
  try {
    const answer = (await caller.callTool({ name: operation.name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: { result?: unknown };
      content: Array<{ text?: string }>;
    };
    if (answer.isError) return { id: testCase.id, error: answer.content[0]?.text ?? 'tool error' };
    return {
      id: testCase.id,
      result: fromToolResult(answer.structuredContent?.result, testCase.response.kind, operation),
    };
  } catch (error) {
    return {
      id: testCase.id,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}
