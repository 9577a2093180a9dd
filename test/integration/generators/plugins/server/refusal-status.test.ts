/**
 * The stubs refuse invalid input with the status the operation documents for it (issue 43): an
 * operation that documents 422 and no 400, 4XX or default gets its refusals as 422, in the 422
 * response's schema, whether the request fails validation, carries malformed JSON, has a path that
 * is not valid percent-encoding (answered before routing) or a head Node's parser refuses (a NUL
 * byte in a header); an operation that documents 400 keeps 400. Each body is judged by an Ajv of the
 * test's own, compiled from the fixture's YAML.
 * Starts: the generated stubs on a loopback socket (in process); raw sockets for malformed HTTP.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { serverOptions } from '../../../../../generated/server/index.js';
import { generate } from '../../../../../generators/pipeline.js';

const SPEC = 'test/fixtures/specs/refusal-422-3.1.yaml';
let app: FastifyInstance;
let url: string;
let port: number;
let workDir: string;
let schemaOf: (name: string) => (body: unknown) => boolean;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'refusal-status-')); // inside the repo, so generated code resolves fastify
  await generate({ spec: SPEC, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  app = Fastify({ ...(stubs.serverOptions as typeof serverOptions)(), logger: false });
  await app.register(stubs.routesPlugin, { handlers: {}, onUnimplemented: () => {} });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'fixture.json', components: parse(await readFile(SPEC, 'utf8')).components });
  schemaOf = (name) => {
    const validate = ajv.compile({ $ref: `fixture.json#/components/schemas/${name}` });
    return (body) => validate(body) as boolean;
  };
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function call(method: string, target: string, body?: string) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: JSON.parse(await response.text()) as unknown };
}

/** A request written as raw bytes (fetch refuses to send a NUL byte): the status line and body of the answer. */
function raw(head: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top, body] = text.split('\r\n\r\n');
      resolve({ status: Number(top.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

describe('an operation that documents 422 and no 400', () => {
  it.each([
    ['a body that fails validation', 'PUT', '/forms/f1', '{"title":""}'],
    ['malformed JSON', 'PUT', '/forms/f1', '{"title":'],
    ['a query parameter of the wrong type', 'PUT', '/forms/f1?notify=maybe', '{"title":"a"}'],
    [
      'a path that is not valid percent-encoding (refused before routing)',
      'PUT',
      '/forms/%E0%A4%A',
      '{"title":"a"}',
    ],
  ])('refuses %s with 422 in the 422 schema', async (_, method, target, body) => {
    const response = await call(method, target, body);
    expect(response.status).toBe(422);
    expect(schemaOf('Invalid')(response.body), JSON.stringify(response.body)).toBe(true);
  });

  it("refuses a head Node's parser refuses (a NUL byte in a header) with 422 in the 422 schema", async () => {
    const response = await raw(
      'PUT /forms/f1 HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\nContent-Length: 0\r\n\r\n',
    );
    expect(response.status).toBe(422);
    expect(schemaOf('Invalid')(response.body), JSON.stringify(response.body)).toBe(true);
  });
});

describe('an operation that documents 400', () => {
  it.each([
    ['a query parameter of the wrong type', '/forms/f1?fields=many'],
    ['a path that is not valid percent-encoding (refused before routing)', '/forms/%E0%A4%A'],
  ])('refuses %s with 400 in the 400 schema', async (_, target) => {
    const response = await call('GET', target);
    expect(response.status).toBe(400);
    expect(schemaOf('Error')(response.body), JSON.stringify(response.body)).toBe(true);
  });

  it("refuses a head Node's parser refuses with 400 in the 400 schema", async () => {
    const response = await raw('GET /forms/f1 HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\n\r\n');
    expect(response.status).toBe(400);
    expect(schemaOf('Error')(response.body), JSON.stringify(response.body)).toBe(true);
  });
});
