/**
 * Request bodies in a coding the operation declares (fixture kinds/content-coding-3.0.yaml,
 * here.com positioning's `Content-Encoding: gzip`): the stubs decode them before parsing, with
 * Node's zlib, and refuse one that does not decode (400), one that inflates past the body limit
 * (413) and a coding the operation does not declare (415); the SDKs compress the bodies they
 * serialise, and every operation round-trips in both languages. Starts the stubs in process
 * (inject), the round trip's stubs and python3.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/content-coding-3.0.yaml';
let stubs: FixtureStubs;

const echo = async (request: FastifyRequest) => ({
  read: JSON.stringify({ body: request.body, coding: request.headers['content-encoding'] ?? null }),
});

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, { handlers: { locate: echo, addNote: echo, plain: echo } });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

const post = (url: string, contentType: string, coding: string | undefined, payload: Buffer) =>
  stubs.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...(coding ? { 'content-encoding': coding } : {}) },
    payload,
  });

it.each([
  [
    'a gzip JSON body',
    '/locate',
    'application/json',
    'gzip',
    gzipSync('{"lat":52.5,"lng":13.4}'),
    { lat: 52.5, lng: 13.4 },
  ],
  [
    'a JSON body without a coding',
    '/locate',
    'application/json',
    undefined,
    Buffer.from('{"lat":1,"lng":2}'),
    { lat: 1, lng: 2 },
  ],
  [
    'a deflate form body',
    '/notes',
    'application/x-www-form-urlencoded',
    'deflate',
    deflateSync('text=hello%20there'),
    { text: 'hello there' },
  ],
])('%s is decoded before it is parsed', async (_kind, url, contentType, coding, payload, body) => {
  const response = await post(url, contentType, coding, payload);
  expect(response.statusCode, response.body).toBe(200);
  expect(JSON.parse(response.json().read)).toEqual({ body, coding: coding ?? null });
});

it('a body that does not decode in its coding is refused with 400', async () => {
  const response = await post('/locate', 'application/json', 'gzip', Buffer.from('{"lat":1,"lng":2}'));
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toContain('does not decode');
});

it('a body that inflates past the body limit is refused with 413', async () => {
  const bomb = gzipSync(`{"lat":1,"lng":2,"note":"${'a'.repeat(4 * 1024 * 1024)}"}`);
  expect(bomb.length).toBeLessThan(64 * 1024);
  const response = await post('/locate', 'application/json', 'gzip', bomb);
  expect(response.statusCode).toBe(413);
});

it('a coding the operation does not declare is refused with 415, as before', async () => {
  const response = await post('/plain', 'application/json', 'gzip', gzipSync('{"a":"b"}'));
  expect(response.statusCode).toBe(415);
});

it(
  'every operation round-trips in TypeScript and Python, the SDKs compressing what the header names',
  () => expectEveryOperationRoundTrips(SPEC, 3, { runs: 12 }),
  180_000,
);
