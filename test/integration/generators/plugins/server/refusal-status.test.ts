/**
 * The stubs refuse invalid input with the status the operation documents for it (issue 43): an
 * operation that documents 422 and no 400, 4XX or default gets its refusals as 422, in the 422
 * response's schema, whether the request fails validation, carries malformed JSON, has a path that
 * is not valid percent-encoding (answered before routing), a head Node's parser refuses (a NUL
 * byte in a header) or a head over 16 KB (its request line gone by in an earlier piece); an
 * operation that documents 400 keeps 400. Where no operation can be known, a spec whose every
 * operation refuses with 422 in one schema refuses so too. Each body is judged by an Ajv of the
 * test's own, compiled from the fixture's YAML.
 * Starts: the generated stubs of two fixtures on loopback sockets (in process); raw sockets for malformed HTTP.
 */
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs } from '../../../../support/fixture-stubs.js';

interface Stubs {
  app: FastifyInstance;
  url: string;
  port: number;
  close: () => Promise<void>;
  /** A validator of the fixture's component schema of that name. */
  schemaOf: (name: string) => (body: unknown) => boolean;
}

/** The fixture's stubs, generated and listening on loopback, without handlers. */
async function startStubs(spec: string): Promise<Stubs> {
  const { app, close } = await fixtureStubs(spec);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'fixture.json', components: parse(await readFile(spec, 'utf8')).components });
  const schemaOf = (name: string) => {
    const validate = ajv.compile({ $ref: `fixture.json#/components/schemas/${name}` });
    return (body: unknown) => validate(body) as boolean;
  };
  return { app, url, port: Number(new URL(url).port), close, schemaOf };
}

async function stop(stubs: Stubs | undefined): Promise<void> {
  await stubs?.close();
}

let url: string;
let port: number;
let schemaOf: Stubs['schemaOf'];
let refusal422: Stubs | undefined;

beforeAll(async () => {
  refusal422 = await startStubs('test/fixtures/specs/refusal-422-3.1.yaml');
  ({ url, port, schemaOf } = refusal422);
}, 60_000);
afterAll(() => stop(refusal422));

async function call(method: string, target: string, body?: string) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: JSON.parse(await response.text()) as unknown };
}

/**
 * A request written as raw bytes (fetch refuses to send a NUL byte): the status line and body of
 * the answer. `inPieces` writes it 16 KB at a time, a moment apart, until an answer begins, as the
 * contract suites' bad-input stage does: a server reads each piece apart.
 */
function raw(head: string, { to = port, inPieces = false } = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(head, 'latin1');
    const piece = inPieces ? 16 * 1024 : bytes.length;
    const send = (offset: number): void => {
      if (text || offset >= bytes.length || socket.destroyed) return;
      socket.write(bytes.subarray(offset, offset + piece));
      setTimeout(() => send(offset + piece), 20);
    };
    const socket = net.connect(to, '127.0.0.1', () => send(0));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top, body] = text.split('\r\n\r\n');
      resolve({ status: Number(top.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

/** A head of about `size` bytes for the request line, its padding in one header (Connection: close, so the answer ends with the connection). */
const bigHead = (requestLine: string, size: number) =>
  `${requestLine}\r\nHost: localhost\r\nConnection: close\r\nX-Padding: ${'p'.repeat(size)}\r\nContent-Length: 0\r\n\r\n`;

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

  it('refuses a head over 16 KB sent in pieces (its request line gone by with the first) with 422 in the 422 schema', async () => {
    // Before: Node's parser refused the head in its second piece, no operation was known, and the answer was 400.
    const response = await raw(bigHead('PUT /forms/f1 HTTP/1.1', 20_000), { inPieces: true });
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

  it('refuses a head over 16 KB sent in pieces with 400 in the 400 schema', async () => {
    const response = await raw(bigHead('GET /forms/f1 HTTP/1.1', 20_000), { inPieces: true });
    expect(response.status).toBe(400);
    expect(schemaOf('Error')(response.body), JSON.stringify(response.body)).toBe(true);
  });
});

describe('a spec whose every operation refuses with 422 in one schema', () => {
  let every422: Stubs | undefined;
  beforeAll(async () => {
    every422 = await startStubs('test/fixtures/kinds/refusal-422-only-3.0.yaml');
  }, 60_000);
  afterAll(() => stop(every422));

  it.each([
    [
      'a head over 64 KB sent in pieces (the parser refuses it with no request line in sight)',
      bigHead('GET /submissions/s1 HTTP/1.1', 70_000),
    ],
    [
      'a path no operation takes that is not valid percent-encoding',
      'GET /nowhere/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    ],
  ])('refuses %s as every operation does: 422 in their schema', async (_, head) => {
    // Before: no operation was known, and the answer was 400, which none documents.
    const response = await raw(head, { to: every422!.port, inPieces: true });
    expect(response.status).toBe(422);
    expect(every422!.schemaOf('Invalid')(response.body), JSON.stringify(response.body)).toBe(true);
  });
});
