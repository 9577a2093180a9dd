/**
 * Empty request bodies on operations that take a body other than JSON (issue 43: an upload declared
 * as `*` + `/*` answered 500 to no bytes labelled application/json). The fixture is generated, its
 * stubs start on a real socket with handlers that echo what they got, and requests without bytes
 * under a JSON label get a 4xx in the error format where the body is required and reach the
 * handler without a body where it is optional; zero bytes of a declared text or binary type are
 * the empty text or an empty file: never a 5xx. An upload under a wildcard type gets the bytes of
 * a body labelled with a type another operation's parser reads (JSON, text), where it answered 500
 * too, and a body in any type (the 415 of the catch-all).
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/empty-bodies-3.1.yaml';
let stubs: FixtureStubs;
let port: number;

beforeAll(async () => {
  const echo = async (request: { body: unknown }, reply: { code: (status: number) => unknown }) => {
    reply.code(201);
    const body = request.body;
    if (!(body instanceof Readable)) return { got: body === undefined ? 'nothing' : body };
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return { got: `bytes: ${Buffer.concat(chunks).toString('utf8')}` };
  };
  stubs = await fixtureStubs(SPEC, {
    handlers: { uploadAsset: echo, uploadRequiredAsset: echo, putBlob: echo, postNote: echo },
  });
  await stubs.app.listen({ host: '127.0.0.1', port: 0 });
  port = (stubs.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

/** A request without bytes: Content-Length 0, or chunked with no chunk. */
const empty = (method: string, target: string, contentType: string, chunked = false) =>
  send(method, target, contentType, '', chunked);

function send(
  method: string,
  target: string,
  contentType: string,
  body: string,
  chunked = false,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: {
          'content-type': contentType,
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('stubs given an empty request body', () => {
  it('hand an optional upload no body under a JSON label, and an empty file under its own', async () => {
    for (const chunked of [false, true])
      expect(await empty('POST', '/assets', 'application/json', chunked), chunked ? 'chunked' : '').toEqual({
        status: 201,
        json: { got: 'nothing' },
      });
    for (const label of ['application/octet-stream', 'image/png'])
      expect(await empty('POST', '/assets', label), label).toEqual({ status: 201, json: { got: 'bytes: ' } });
  });

  it('refuse a missing required body with a 4xx in the error format', async () => {
    for (const chunked of [false, true])
      for (const [method, target, label] of [
        ['POST', '/required-assets', 'application/json'],
        ['PUT', '/blobs', 'application/json'],
        ['POST', '/notes', 'text/plain'],
        ['POST', '/notes', 'application/json'],
      ]) {
        const answer = await empty(method, target, label, chunked);
        // Without a length, a type the operation does not declare is refused as such (415); the
        // empty text is a text, which the schema refuses (minLength).
        const declared = label !== 'application/json' || target === '/required-assets';
        expect(answer.status, `${method} ${target} as ${label}${chunked ? ', chunked' : ''}`).toBe(
          chunked && !declared ? 415 : 400,
        );
        expect(answer.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
  });

  it('take zero bytes of a declared binary type as an empty file, not a missing body', async () => {
    for (const chunked of [false, true])
      for (const [method, target, label] of [
        ['POST', '/required-assets', 'application/zip'],
        ['PUT', '/blobs', 'application/octet-stream'],
      ])
        expect(await empty(method, target, label, chunked), `${target} as ${label}`).toEqual({
          status: 201,
          json: { got: 'bytes: ' },
        });
  });

  it('hand an upload under a wildcard type the bytes of a body that another operation parses', async () => {
    expect(await send('POST', '/assets', 'application/json', '{ "a": 1 }')).toEqual({
      status: 201,
      json: { got: 'bytes: { "a": 1 }' },
    });
    expect(await send('POST', '/assets', 'text/plain', 'héllo')).toEqual({
      status: 201,
      json: { got: 'bytes: héllo' },
    });
  });

  it('take a body in any media type where the operation declares */*', async () => {
    expect(await send('POST', '/assets', 'image/png', 'PNG')).toEqual({
      status: 201,
      json: { got: 'bytes: PNG' },
    });
    expect(await send('POST', '/required-assets', 'application/zip', 'PK')).toEqual({
      status: 201,
      json: { got: 'bytes: PK' },
    });
    // Where the operation declares one type, another is still refused.
    expect((await send('PUT', '/blobs', 'image/png', 'PNG')).status).toBe(415);
  });
});
