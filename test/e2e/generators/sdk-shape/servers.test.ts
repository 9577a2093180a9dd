/**
 * Operation- and path-level `servers`, end to end: a spec whose root server, operation server and
 * (relative) path-level server are three loopback addresses is generated, and the TypeScript client
 * (in process) and the Python SDK (python3 -S -E) call each operation. Two real HTTP servers record
 * what reached them: an operation with servers of its own goes to its first server, also when the
 * client was given a base URL (which applies to the root-server operations), unless the call gives
 * one; a relative server follows the client's base URL. The IR's part is
 * test/unit/generators/core/ir-servers.test.ts.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';

const PYTHON = process.env.PYTHON ?? 'python3';

/** A loopback server that answers `{}` and records "<its name> <request path>". */
async function recorder(name: string, seen: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    seen.push(`${name} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const spec = (rootPort: number, operationPort: number) => `openapi: 3.0.3
info:
  title: Servers proof
  version: 1.0.0
servers:
  - url: http://127.0.0.1:{port}/root
    variables:
      port:
        default: '${rootPort}'
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: object}
  /uploads:
    post:
      operationId: upload
      servers:
        - url: http://127.0.0.1:{port}/{version}
          variables:
            port:
              default: '${operationPort}'
            version:
              default: v3
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: object}
  /reports:
    servers:
      - url: /reports-api
    get:
      operationId: getReports
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: object}
`;

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(command, args, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        output: `${stdout}${stderr}`,
      }),
    ),
  );
}

describe('operation- and path-level servers in the generated SDKs', () => {
  const seen: string[] = [];
  let root: { server: Server; url: string };
  let other: { server: Server; url: string };
  let out: string;
  beforeAll(async () => {
    root = await recorder('root', seen);
    other = await recorder('other', seen);
    await mkdir(path.resolve('.cache'), { recursive: true });
    out = await mkdtemp(path.resolve('.cache', 'servers-'));
    const port = (server: Server) => (server.address() as { port: number }).port;
    await writeFile(path.join(out, 'spec.yaml'), spec(port(root.server), port(other.server)));
    await generate({
      spec: path.join(out, 'spec.yaml'),
      out: path.join(out, 'gen'),
      command: 'test',
      write: true,
      skip: ['sdks'],
      log: () => {},
    });
  }, 120_000);
  afterAll(async () => {
    for (const { server } of [root, other].filter(Boolean)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('TypeScript: each operation goes to its own server; a client base URL moves only the others', async () => {
    const sdk = await import(path.join(out, 'gen', 'client', 'src', 'index.ts'));
    seen.length = 0;
    const client = new sdk.ServersProofClient({ maxRetries: 0 });
    await client.things.retrieve();
    await client.uploads.create();
    await client.reports.retrieve();
    expect(seen.splice(0)).toEqual(['root /root/things', 'other /v3/uploads', 'root /reports-api/reports']);

    const moved = new sdk.ServersProofClient({ maxRetries: 0, baseURL: `${other.url}/elsewhere` });
    await moved.things.retrieve();
    await moved.uploads.create();
    await moved.reports.retrieve();
    await moved.uploads.create({ baseURL: `${root.url}/per-call` });
    expect(seen.splice(0)).toEqual([
      'other /elsewhere/things',
      'other /v3/uploads',
      'other /reports-api/reports',
      'root /per-call/uploads',
    ]);
  }, 60_000);

  it('Python: the same, with base_url per call on the operation that has its own server', async () => {
    seen.length = 0;
    const script = `
import sys
sys.path[:0] = [${JSON.stringify(path.join(out, 'gen', 'python'))}]
from servers_proof import ServersProof
client = ServersProof(max_retries=0)
client.things.retrieve()
client.uploads.create()
client.reports.retrieve()
moved = ServersProof(max_retries=0, base_url=${JSON.stringify(`${other.url}/elsewhere`)})
moved.things.retrieve()
moved.uploads.create()
moved.reports.retrieve()
moved.uploads.create(base_url=${JSON.stringify(`${root.url}/per-call`)})
`;
    const result = await run(PYTHON, ['-S', '-E', '-B', '-c', script]);
    expect(result.code, result.output).toBe(0);
    expect(seen.splice(0)).toEqual([
      'root /root/things',
      'other /v3/uploads',
      'root /reports-api/reports',
      'other /elsewhere/things',
      'other /v3/uploads',
      'other /reports-api/reports',
      'root /per-call/uploads',
    ]);
  }, 60_000);
});
