/**
 * The round trip's language drivers: each performs the cases through its language's generated
 * SDK and reports what every call returned (protocol.ts says how). TypeScript runs in this
 * process on the generated client; Python runs the Python SDK's driver
 * (generators/plugins/python/roundtrip/driver.py) on the generated Python SDK (standard library only);
 * MCP calls the generated MCP server's tools (mcp-driver.ts).
 */
import path from 'node:path';
import { planClient } from '../../../generators/plugins/client/plan.js';
import { importAtRunTime } from '../../../generators/core/run-time-import.js';
import { runPythonCases } from '../../../generators/plugins/python/roundtrip/calls.js';
import { CASE_HEADER, fromBase64, toBase64, type Driver, type DriverResult } from './protocol.js';

export type { Driver, DriverContext } from './protocol.js';

/** A protocol value as the TypeScript client takes it: bytes as Uint8Array, files as File. */
function toTypescript(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toTypescript);
  if (value && typeof value === 'object') {
    if ('$bytes' in value) return fromBase64((value as { $bytes: string }).$bytes);
    if ('$file' in value) {
      const file = (value as { $file: { name: string; type: string; bytes: string } }).$file;
      return new File([fromBase64(file.bytes) as BlobPart], file.name, { type: file.type });
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toTypescript(item)]));
  }
  return value;
}

/** What the TypeScript client returned, in the protocol's encoding. */
async function fromTypescript(result: unknown, kind: string | undefined): Promise<unknown> {
  // A multipart answer is the Response too: read as its users would, with the platform's formData().
  if (result instanceof Response && kind === 'multipart') {
    const entries: Array<[string, unknown]> = [];
    for (const [name, value] of await result.formData())
      entries.push([
        name,
        typeof value === 'string'
          ? value
          : {
              $file: {
                name: value.name,
                type: value.type,
                bytes: toBase64(new Uint8Array(await value.arrayBuffer())),
              },
            },
      ]);
    return { $form: entries };
  }
  if (result instanceof Response) return { $bytes: toBase64(new Uint8Array(await result.arrayBuffer())) };
  if (
    result &&
    typeof result === 'object' &&
    typeof (result as { toArray?: unknown }).toArray === 'function' &&
    Symbol.asyncIterator in result
  ) {
    const items = await (result as unknown as { toArray: () => Promise<unknown[]> }).toArray();
    return kind === 'ndjson' ? { $records: items } : { $events: items };
  }
  return result;
}

export const typescriptDriver: Driver = {
  name: 'typescript',
  aliases: ['ts', 'typescript'],
  async run(cases, { ir, outDir, baseURL }) {
    const sdk = await importAtRunTime(path.join(outDir, 'client', 'src', 'index.ts'));
    const plan = planClient(ir);
    const plans = new Map(plan.operations.map((entry) => [entry.operation.id, entry]));
    const Client = sdk[plan.clientName] as new (options: object) => Record<string, unknown>;
    const client = new Client({ baseURL, apiKey: 'roundtrip-key', maxRetries: 0 });
    const results: DriverResult[] = [];
    for (const testCase of cases) {
      const entry = plans.get(testCase.operationId)!;
      try {
        let target: Record<string, unknown> = client;
        let node = plan.root;
        for (let depth = 1; depth <= entry.shape.resource.length; depth += 1) {
          node = node.children.find(
            (child) =>
              child.chain.length === depth &&
              child.chain.every((segment, index) => segment === entry.shape.resource[index]),
          )!;
          target = target[node.property] as Record<string, unknown>;
        }
        const method = target[entry.methodName] as (...args: unknown[]) => Promise<unknown>;
        const request = testCase.request;
        const args = entry.pathArgs.map((arg) => toTypescript(request.path[arg.param]));
        const params: Record<string, unknown> = {
          ...(toTypescript(request.query) as object),
          ...(toTypescript(request.header) as object),
          ...(toTypescript(request.cookie) as object),
        };
        if (request.body !== undefined) {
          const variant =
            entry.bodies.find((body) => body.media.mediaType === request.contentType) ?? entry.bodies[0];
          if (request.contentType && entry.mediaTypeKey) params[entry.mediaTypeKey] = request.contentType;
          if (variant.mode === 'merged') Object.assign(params, toTypescript(request.body));
          else params.body = toTypescript(request.body);
        }
        // An operation with servers of its own goes to them unless the call says otherwise: here, the stubs.
        const options = {
          headers: { [CASE_HEADER]: testCase.id },
          ...(request.accept ? { accept: request.accept } : {}),
          ...(entry.shape.baseUrl !== undefined ? { baseURL } : {}),
        };
        let value = await (entry.paramsType
          ? method.call(target, ...args, params, options)
          : method.call(target, ...args, options));
        if (entry.itemType && value && typeof value === 'object' && 'body' in value)
          value = (value as { body: unknown }).body;
        results.push({ id: testCase.id, result: await fromTypescript(value, testCase.response.kind) });
      } catch (error) {
        results.push({
          id: testCase.id,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      }
    }
    return results;
  },
};

export const pythonDriver: Driver = {
  name: 'python',
  aliases: ['py', 'python'],
  // The Python SDK's own driver (generators/plugins/python/roundtrip/): one kept process per SDK.
  run: (cases, { ir, outDir, baseURL }) =>
    runPythonCases(cases, { ir, outDir, baseURL }, CASE_HEADER) as Promise<DriverResult[]>,
};

/** The MCP server's tools (mcp-driver.ts), loaded only when asked for: only they need the MCP SDK. */
const mcpDriver: Driver = {
  name: 'mcp',
  aliases: ['mcp'],
  plugins: ['mcp'],
  async run(cases, context) {
    const { mcpDriver: driver } = await import('./mcp-driver.js');
    return driver.run(cases, context);
  },
};

export const DRIVERS: Driver[] = [typescriptDriver, pythonDriver, mcpDriver];
