/**
 * Stubs register and read request bodies on methods Fastify reads no body of (issue 43: GET,
 * HEAD and TRACE, where Fastify refuses a body schema, so a GET with a required JSON body kept the
 * stubs from starting): the fixture is generated, its stubs start on a real socket, and requests
 * sent through node:http (fetch sends no body on GET) get their body read, validated and handed
 * to the handler, or refused in the error format.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/get-bodies-3.1.yaml';
let stubs: FixtureStubs;
let port: number;

beforeAll(async () => {
  const echo = async (request: { body: unknown }) => ({ body: request.body ?? null });
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      getProgress: echo,
      search: echo,
      headProgress: async (
        request: { body: unknown },
        reply: { header: (n: string, v: string) => { code: (s: number) => { send: () => void } } },
      ) =>
        reply
          .header('x-since', String((request.body as { since: number }).since))
          .code(204)
          .send(),
    },
  });
  await stubs.app.listen({ host: '127.0.0.1', port: 0 });
  port = (stubs.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

/** One request through node:http, which sends a body on any method. */
function call(
  method: string,
  target: string,
  body?: string,
  contentType = 'application/json',
): Promise<{ status: number; headers: Record<string, unknown>; json: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers:
          body === undefined
            ? {}
            : { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: text ? JSON.parse(text) : undefined,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('stubs with request bodies on GET and HEAD', () => {
  it('read a required JSON body on GET and hand it to the handler', async () => {
    expect(await call('GET', '/progress', '"aired"')).toMatchObject({ status: 200, json: { body: 'aired' } });
  });

  it('refuse a GET body outside its schema, a missing one and one in an undeclared type with 4xx', async () => {
    const invalid = await call('GET', '/progress', '"never"');
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ code: 'invalid_request' });
    const missing = await call('GET', '/progress');
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json)).toMatch(/required|missing/);
    expect((await call('GET', '/progress', '{"a":', 'application/json')).status).toBe(400);
    expect((await call('GET', '/progress', 'aired', 'text/plain')).status).toBe(415);
  });

  it('read a required JSON body on HEAD', async () => {
    const answered = await call('HEAD', '/progress', '{"since":3}');
    expect(answered.status).toBe(204);
    expect(answered.headers['x-since']).toBe('3');
    expect((await call('HEAD', '/progress', '{"since":"x"}')).status).toBe(400);
  });

  it('read an optional form body on GET, and go without one', async () => {
    expect(await call('GET', '/search', 'limit=4', 'application/x-www-form-urlencoded')).toMatchObject({
      status: 200,
      json: { body: { limit: 4 } },
    });
    expect((await call('GET', '/search', 'limit=40', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect(await call('GET', '/search')).toMatchObject({ status: 200, json: { body: null } });
  });
});
