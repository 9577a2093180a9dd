/**
 * Credentials per operation, over real HTTP: the TypeScript client and the Python SDK generated
 * from test/fixtures/specs/auth-3.1.yaml (one operation per way of sending a key) call a loopback
 * server, which records what each request carried. Both SDKs must send the same thing: nothing on
 * `security: []`, bearer, basic (`user:password`, base64), an apiKey in its header, query or
 * cookie, and the sendable alternative when the first (mutual TLS) is not.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';
import {
  json,
  startTestServer,
  type RecordedRequest,
  type TestServer,
} from '../../../support/http-server.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const SPEC = 'test/fixtures/specs/auth-3.1.yaml';
const KEY = 'user:pa55 wörd';
const RESOURCES = ['open', 'bearer', 'oauth', 'basic', 'header', 'query', 'cookie', 'optional', 'either'];

let workDir: string;
let server: TestServer;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'sdk-auth-'));
  await generate({
    spec: SPEC,
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks', 'server', 'contract-tests', 'mock-document', 'contract-document'],
    log: () => {},
  });
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** What each request carried of credentials, by the resource it called. */
function credentialsSeen(
  requests: RecordedRequest[],
): Record<string, { authorization?: string; apiKeyHeader?: string; cookie?: string; query: string }> {
  return Object.fromEntries(
    requests.map((request) => {
      const url = new URL(request.url, 'http://x');
      const seen = {
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers['x-api-key'] ? { apiKeyHeader: String(request.headers['x-api-key']) } : {}),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        query: url.search,
      };
      return [url.pathname.slice(1), seen];
    }),
  );
}

const basic = `Basic ${Buffer.from(KEY, 'utf8').toString('base64')}`;
const encodedKey = encodeURIComponent(KEY).replace(/%20/g, '+');
const WANT = {
  open: { query: '' },
  bearer: { authorization: `Bearer ${KEY}`, query: '' },
  oauth: { authorization: `Bearer ${KEY}`, query: '' },
  basic: { authorization: basic, query: '' },
  header: { apiKeyHeader: KEY, query: '' },
  query: { query: `?api_key=${encodedKey}` },
  cookie: { cookie: `sid=${KEY}`, query: '' },
  optional: { authorization: `Bearer ${KEY}`, query: '' },
  either: { query: `?api_key=${encodedKey}` },
};

describe('each operation sends the key where its security says, in both SDKs', () => {
  it('the TypeScript client, with every placement redacted from its debug log', async () => {
    server.script(json(200, {}));
    const lines: unknown[] = [];
    const record = (...args: unknown[]) => lines.push(args);
    const sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
    const client = new sdk.AuthFixtureClient({
      apiKey: KEY,
      baseURL: server.url,
      maxRetries: 0,
      logLevel: 'debug',
      logger: { debug: record, info: record, warn: record, error: record },
    });
    for (const resource of RESOURCES) await client[resource].retrieve();
    const seen = credentialsSeen(server.requests);
    // The query's space may be %20 or +: compare decoded.
    for (const entry of Object.values(seen))
      entry.query = decodeURIComponent(entry.query.replace(/\+/g, ' '));
    expect(seen).toEqual(
      Object.fromEntries(
        Object.entries(WANT).map(([name, want]) => [
          name,
          { ...want, query: decodeURIComponent(want.query.replace(/\+/g, ' ')) },
        ]),
      ),
    );
    expect(lines).toHaveLength(RESOURCES.length);
    const logged = JSON.stringify(lines);
    for (const leaked of [KEY, encodedKey, encodeURIComponent(KEY), basic])
      expect(logged).not.toContain(leaked);
  });

  it('the Python SDK', async () => {
    server.script(json(200, {}));
    const script = [
      'import sys',
      `sys.path.insert(0, ${JSON.stringify(path.join(workDir, 'python'))})`,
      'from auth_fixture import AuthFixture',
      `client = AuthFixture(api_key=${JSON.stringify(KEY)}, base_url=${JSON.stringify(server.url)}, max_retries=0)`,
      `for name in ${JSON.stringify(RESOURCES)}:`,
      '    getattr(client, name).retrieve()',
    ].join('\n');
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        PYTHON,
        ['-S', '-E', '-B', '-c', script],
        { env: { ...process.env, PYTHONIOENCODING: 'utf-8' } },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(result.code, result.output).toBe(0);
    const seen = credentialsSeen(server.requests);
    for (const entry of Object.values(seen))
      entry.query = decodeURIComponent(entry.query.replace(/\+/g, ' '));
    expect(seen).toEqual(
      Object.fromEntries(
        Object.entries(WANT).map(([name, want]) => [
          name,
          { ...want, query: decodeURIComponent(want.query.replace(/\+/g, ' ')) },
        ]),
      ),
    );
  }, 60_000);
});
