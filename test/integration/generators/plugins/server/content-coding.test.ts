/**
 * Request bodies in a coding the operation declares (fixture kinds/content-coding-3.0.yaml,
 * here.com positioning's `Content-Encoding: gzip`): the stubs decode them before parsing, with
 * Node's zlib, and refuse one that does not decode (400), one that inflates past the body limit
 * (413) and a coding the operation does not declare (415); the SDKs compress the bodies they
 * serialise, and every operation round-trips in both languages. Starts the stubs in process
 * (inject), the round trip's stubs and python3.
 */
import { Readable } from 'node:stream';
import { deflateSync, Gunzip, gzipSync } from 'node:zlib';
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
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      locate: echo,
      addNote: echo,
      plain: echo,
      upload: async (request: FastifyRequest) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request.body as AsyncIterable<Buffer>) chunks.push(chunk);
        return { read: Buffer.concat(chunks).toString('base64') };
      },
    },
  });
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

it('a body refused with 413 for what it inflates to is inflated no further, and read to its end', async () => {
  // 64 gzip members of 8 MiB of zeros each: 512 MiB inflated from about 0.5 MB sent. What the
  // stubs' decoder gives out is counted at its push (the same zlib in this process).
  const member = gzipSync(Buffer.alloc(8 * 1024 * 1024));
  const members = 64;
  let pulled = 0;
  const body = new Readable({
    read() {
      this.push(pulled < members ? member : null);
      pulled += 1;
    },
  });
  let inflated = 0;
  const push = Readable.prototype.push;
  Gunzip.prototype.push = function (this: Readable, chunk: Buffer | null, encoding?: BufferEncoding) {
    inflated += chunk?.length ?? 0;
    return push.call(this, chunk, encoding);
  };
  try {
    const response = await stubs.app.inject({
      method: 'POST',
      url: '/locate',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'transfer-encoding': 'chunked',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    // The rest of the body is read off the wire (as Node reads a body nobody read), not inflated.
    for (let wait = 0; wait < 200 && pulled <= members; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulled).toBeGreaterThan(members);
    expect(inflated).toBeLessThan(16 * 1024 * 1024);
  } finally {
    delete (Gunzip.prototype as Partial<Readable>).push;
  }
});

it.each([
  ['where the operation declares no coding', '/plain', 'application/json', 'gzip'],
  ['where its parameter does not take it', '/locate', 'application/json', 'deflate'],
  ['that no decoder here reads', '/notes', 'application/x-www-form-urlencoded', 'zstd'],
  [
    'for a multipart body, whose parts are read as they arrive',
    '/notes',
    'multipart/form-data; boundary=b',
    'gzip',
  ],
])('a coding is refused with 415 %s', async (_where, url, contentType, coding) => {
  const response = await post(url, contentType, coding, gzipSync('{"a":"b"}'));
  expect(response.statusCode).toBe(415);
});

it('a binary body reaches the handler as sent, in its coding', async () => {
  const sent = gzipSync(Buffer.from([0, 1, 2, 250, 251]));
  const response = await post('/uploads', 'application/octet-stream', 'gzip', sent);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().read).toBe(sent.toString('base64'));
});

it.each([
  ['no body at all', '/locate', 'application/json', Buffer.alloc(0), 400],
  ['a media type the operation does not take', '/locate', 'application/xml', Buffer.from('<not gzip/>'), 415],
  [
    'a body that inflates past the limit, then bytes that do not decode',
    '/locate',
    'application/json',
    Buffer.concat([gzipSync(`{"note":"${'a'.repeat(4 * 1024 * 1024)}"}`), Buffer.from('garbage')]),
    413,
  ],
])(
  '%s, labelled gzip: an answer, and the stubs still serve',
  async (_kind, url, contentType, payload, status) => {
    const response = await post(url, contentType, 'gzip', payload);
    expect(response.statusCode).toBe(status);
    // An error the decoder raised after the answer would have ended the process (an unhandled 'error').
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await post('/locate', 'application/json', 'gzip', gzipSync('{"lat":1,"lng":2}'));
    expect(next.statusCode).toBe(200);
  },
);

it(
  'every operation round-trips in TypeScript and Python, the SDKs compressing what the header names',
  () => expectEveryOperationRoundTrips(SPEC, 4, { runs: 12 }),
  180_000,
);
