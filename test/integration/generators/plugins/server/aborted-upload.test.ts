/**
 * An upload the client aborts (issue 43: googleapis.com/playcustomapp in the corpus ended the
 * stubs' process): the generated Fastify stubs on a real socket, an `application/octet-stream`
 * route whose handler answers without reading the body, and a client that sends part of the
 * declared bytes (a short body, a chunked one cut short, a bad chunk size) and closes the
 * connection. The process must go on answering, and a handler that does read the body gets the
 * error from its stream.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

let workDir: string;
let app: FastifyInstance;
let port: number;
const readErrors: string[] = [];
let reading = false;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'aborted-upload-'));
  await generate({
    spec: 'test/fixtures/specs/media-3.1.yaml',
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  app = Fastify({ ...(stubs.serverOptions as () => object)(), logger: false }) as unknown as FastifyInstance;
  const putBlob = async (request: {
    body: Readable;
    raw: { once: (event: string, f: () => void) => void };
  }) => {
    if (!reading) return 'not read'; // answers before the bytes arrive, and never reads them
    try {
      for await (const chunk of request.body) void chunk;
    } catch (error) {
      readErrors.push((error as Error).message);
    }
    return 'read';
  };
  await app.register(stubs.routesPlugin, { handlers: { putBlob }, onUnimplemented: () => {} });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
  process.prependListener('uncaughtException', onUncaught);
}, 60_000);

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const HEAD = 'PUT /bodies/binary HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/octet-stream\r\n';
/** Sends a PUT declaring 100,000 bytes, writes 10, waits for the answer or a moment, and closes. */
function abortedUpload(bytes = `${HEAD}content-length: 100000\r\n\r\n0123456789`): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.write(bytes);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 300);
  });
}

const healthy = async () => (await fetch(`http://127.0.0.1:${port}/bodies/text`, { method: 'GET' })).status;

it.each([
  ['a short body', undefined],
  ['a bad chunk size', `${HEAD}transfer-encoding: chunked\r\n\r\nzz\r\n0123\r\n0\r\n\r\n`],
  ['a chunked body cut short', `${HEAD}transfer-encoding: chunked\r\n\r\n1000\r\n0123`],
])(
  'keeps the process up when a client aborts an upload the handler never reads: %s',
  async (_name, bytes) => {
    reading = false;
    uncaught.length = 0;
    await abortedUpload(bytes);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uncaught).toEqual([]);
    expect(await healthy()).toBeLessThan(500);
  },
);

it("gives a handler that reads the body the stream's error", async () => {
  reading = true;
  uncaught.length = 0;
  await abortedUpload(`${HEAD}transfer-encoding: chunked\r\n\r\n1000\r\n0123`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(uncaught).toEqual([]);
  expect(readErrors).toEqual([expect.stringMatching(/aborted/)]);
});
