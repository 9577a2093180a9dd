/**
 * Hostile input (issue 12): every answer the service gives, including the ones Node's HTTP
 * parser and Fastify's router make before any operation runs, is in the spec's error format with
 * the spec's headers, echoes at most a bounded, sanitised piece of the input, carries the right
 * code, and never stores altered data.
 */
import net from 'node:net';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_SCHEMA } from '../../../generated/server/index.js';
import { CONSENT, startService, type TestService } from '../../support/service.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as (a: unknown) => void)(ajv);
ajv.addSchema(SHARED_SCHEMA as object);
const validateError = ajv.compile({
  $ref: `${(SHARED_SCHEMA as { $id: string }).$id}#/components/schemas/Error`,
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent on the connection. */
  text: string;
}

/**
 * Sends bytes as they are (no client library would send most of these) and reads the answer;
 * half-closes after 200 ms unless `keepOpen` (a request the server must time out itself).
 */
function raw(
  request: string | Buffer,
  { url = service.url, keepOpen = false }: { url?: string; keepOpen?: boolean } = {},
): Promise<RawResponse> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), text });
    });
    socket.write(request);
    // Half-close, so a request the server waits on ends; the server answers and closes.
    if (!keepOpen) setTimeout(() => socket.end(), 200);
  });
}

/** The answer is the spec's Error body with the headers every response carries. */
function expectErrorContract(
  response: { status: number; headers: Record<string, string> | Headers; body: string },
  status: number,
  code?: string,
) {
  const header = (name: string) =>
    (response.headers instanceof Headers ? response.headers.get(name) : response.headers[name]) ?? null;
  expect(response.status, response.body).toBe(status);
  const body = JSON.parse(response.body);
  expect(validateError(body), `${response.body.slice(0, 300)} ${JSON.stringify(validateError.errors)}`).toBe(
    true,
  );
  if (code) expect(body.code).toBe(code);
  for (const name of ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
    expect(header(name), name).not.toBeNull();
  expect(body.request_id).toBe(header('x-request-id'));
  return body as { code: string; message: string; param: string | null };
}

describe('answers Fastify and Node make before any operation runs', () => {
  it('answers broken percent-encoding in the path with 400 invalid_request in the error format', async () => {
    const response = await service.call('GET', '/v1/nature/subjects/subj%zz', { key: await service.key() });
    expectErrorContract({ ...response, headers: response.headers }, 400, 'invalid_request');
  });

  it('answers a 101+ character path parameter with 400 invalid_request naming it (not 414)', async () => {
    const response = await service.call('GET', `/v1/nature/subjects/${'a'.repeat(300)}`, {
      key: await service.key(),
    });
    const body = expectErrorContract(response, 400, 'invalid_request');
    expect(body.param).toBe('subject_id');
  });

  it.each([
    ['a header over 16 KB', `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['a NUL byte in a header', 'GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /v1/nature/subjects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer KEY\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a bad chunk size',
      'POST /v1/nature/subjects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer KEY\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['a missing Host header', 'GET /v1/health HTTP/1.1\r\n\r\n'],
  ])(
    'answers %s with 400 in the error format, with the request ID and rate-limit headers',
    async (_name, request) => {
      const response = await raw(request.replace('KEY', await service.key()));
      expectErrorContract(response, 400, 'invalid_request');
      if (request.includes('Host')) expect(response.headers.connection).toBe('close'); // the parser's refusals end the connection
    },
  );

  it('reads on after refusing an oversized head, so a client still writing gets the answer, not a reset (RFC 9112 9.6)', async () => {
    // Before: the socket was destroyed with the rest of the request unread, the kernel answered the
    // client's next bytes with a reset, and a client that had not read the 400 yet lost it.
    const outcome = await new Promise<{ answer: string; error?: string; ended: boolean }>((resolve) => {
      // Half-open, as a client still sending its request is: the server's end does not end it.
      const socket = net.connect({
        port: Number(new URL(service.url).port),
        host: '127.0.0.1',
        allowHalfOpen: true,
      });
      let answer = '';
      let ended = false;
      socket.on('data', (chunk: Buffer) => {
        // Still sending after the answer (a reset, once back, fails the second write), then done.
        const rest = 'a'.repeat(256 * 1024);
        if (!answer) setTimeout(() => socket.write(rest, () => setTimeout(() => socket.end(rest), 100)), 50);
        answer += chunk.toString('latin1');
      });
      socket.on('end', () => (ended = true));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve({ answer, error: error.code, ended }));
      socket.on('close', () => resolve({ answer, ended }));
      socket.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}`);
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.ended).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(outcome.answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  });

  it('answers two Host headers with 400 in the error format (RFC 9112 3.2; before: served, by the first)', async () => {
    for (const path of ['/v1/health', '/v1/nature/subjects', '/nowhere']) {
      const response = await raw(`GET ${path} HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n`);
      const body = expectErrorContract(response, 400, 'invalid_request');
      expect(body.message, path).toBe('A request has one Host header, not several.');
    }
  });

  it('answers once when the request was refused on its head before the parser reached its broken body', async () => {
    // A malformed key is refused (401) as soon as the head is parsed, synchronously; the bad chunk comes after.
    const response = await raw(
      'POST /v1/nature/subjects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer not-a-key\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(response.text.match(/^HTTP\/1\.1 /gm), response.text).toHaveLength(1);
    expectErrorContract(response, 401, 'unauthenticated');
  });

  it("answers an Expect other than 100-continue, and CONNECT, with 400 in the error format (before: Node's bare 417, and a closed connection)", async () => {
    const expectation = await raw(
      'POST /v1/nature/subjects HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expectErrorContract(expectation, 400, 'invalid_request');
    expect(JSON.parse(expectation.body).message).toBe('Only "Expect: 100-continue" is supported.');
    const connect = await raw('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n');
    expectErrorContract(connect, 400, 'invalid_request');
    expect(JSON.parse(connect.body).message).toBe('CONNECT is not supported: this is not a proxy.');
  });

  it('survives a CONNECT whose client resets the connection (the socket Node hands over has no error listener of its own)', async () => {
    for (let i = 0; i < 5; i += 1) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(new URL(service.url).port), '127.0.0.1', () => {
          socket.write('CONNECT a:1 HTTP/1.1\r\nHost: a\r\n\r\n');
          socket.resetAndDestroy(); // RST at once, before or while the service answers
          resolve();
        });
        socket.on('error', () => {});
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await service.call('GET', '/v1/health')).status).toBe(200);
  });

  it('answers a body that stops arriving with 408 in the error format once the request time is up (a service with 1 s)', async () => {
    // Before: Fastify's requestTimeout was 0, and a body that never ended held its connection for ever.
    const slow = await startService(':memory:', { requestTimeoutMs: 1000 });
    try {
      const key = await slow.key();
      const started = Date.now();
      // 7 of the 100 bytes announced, then nothing (the socket stays open).
      const answer = await raw(
        `POST /v1/nature/subjects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}`,
        { url: slow.url, keepOpen: true },
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expectErrorContract(answer, 408);
    } finally {
      await slow.close();
    }
  });

  it('limits anonymous traffic to unknown routes and bad URLs per address (429 after the Free tier’s 60)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 80; i += 1)
      statuses.push((await service.call('GET', i % 2 ? `/nope/${i}` : '/v1/nature/subjects/%zz')).status);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    const last = await service.call('GET', '/nope');
    expectErrorContract(last, 429, 'rate_limited');
    expect(last.headers.get('retry-after')).not.toBeNull();
  });
});

describe('errors never echo unbounded input', () => {
  it('keeps the error of a 3,000-character unknown body field with control characters inside the Error schema', async () => {
    const name = `x\u0001\u001b[31m${'n'.repeat(3000)}`;
    const response = await service.call('POST', '/v1/nature/subjects', {
      key: await service.key(),
      rawBody: `{"consent_artifact":${JSON.stringify(CONSENT)},${JSON.stringify(name)}:1}`,
      headers: { 'content-type': 'application/json' },
    });
    const body = expectErrorContract(response, 400, 'invalid_request');
    expect(response.body.length).toBeLessThan(600);
    expect(body.message).not.toContain('n'.repeat(201));
  });

  it('does not echo a 5,000-character unknown path back', async () => {
    const response = await service.call('GET', `/${'p'.repeat(5000)}`);
    const body = expectErrorContract(response, 404, 'not_found');
    expect(body.message).not.toContain('p'.repeat(201));
  });
});

describe('the right code for each failure', () => {
  it('answers a malformed ending_before alone with invalid_request, not conflicting_cursors', async () => {
    const body = expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?ending_before=abc!def', { key: await service.key() }),
      400,
      'invalid_request',
    );
    expect(body.param).toBe('ending_before');
  });

  it('answers limit=abc with invalid_request; limit=0 keeps limit_out_of_range', async () => {
    expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?limit=abc', { key: await service.key() }),
      400,
      'invalid_request',
    );
    expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?limit=0', { key: await service.key() }),
      400,
      'limit_out_of_range',
    );
  });

  it('refuses invalid UTF-8 in a JSON body with 400 malformed_json and stores nothing', async () => {
    const key = await service.key();
    // 0xC3 0x28 is not UTF-8: a lenient decoder would store U+FFFD instead.
    const bad = Buffer.concat([
      Buffer.from(`{"consent_artifact":${JSON.stringify(CONSENT)},"metadata":{"note":"ab`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]);
    const { port } = new URL(service.url);
    const response = await fetch(`http://127.0.0.1:${port}/v1/nature/subjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: bad,
    });
    const text = await response.text();
    expectErrorContract(
      { status: response.status, headers: response.headers, body: text },
      400,
      'malformed_json',
    );
    expect((await service.call('GET', '/v1/nature/subjects', { key })).json().data).toEqual([]);
  });

  it('refuses a "__proto__" key as a field no schema declares (400 invalid_request, not malformed_json), plainly or escaped, and stores nothing', async () => {
    const key = await service.key();
    for (const body of [
      `{"consent_artifact":${JSON.stringify(CONSENT)},"__proto__":{"admin":true}}`,
      `{"consent_artifact":${JSON.stringify(CONSENT)},"metadata":{"\\u005f_proto__":"x"}}`,
    ]) {
      const response = await service.call('POST', '/v1/nature/subjects', {
        key,
        rawBody: body,
        headers: { 'content-type': 'application/json' },
      });
      expectErrorContract(response, 400, 'invalid_request');
      expect(response.json().message).toBe('A request body may not have a "__proto__" key.');
    }
    expect((await service.call('GET', '/v1/nature/subjects', { key })).json().data).toEqual([]);
  });

  it('refuses a compressed body with 415 unsupported_media_type (it is not read as JSON), and stores nothing', async () => {
    const key = await service.key();
    const { gzipSync } = await import('node:zlib');
    const { port } = new URL(service.url);
    const response = await fetch(`http://127.0.0.1:${port}/v1/nature/subjects`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify({ consent_artifact: CONSENT })),
    });
    expectErrorContract(
      { status: response.status, headers: response.headers, body: await response.text() },
      415,
      'unsupported_media_type',
    );
    expect((await service.call('GET', '/v1/nature/subjects', { key })).json().data).toEqual([]);
  });

  it('refuses a body on an operation that declares none (DELETE, GET) with 400 invalid_request, even a 100 KB one', async () => {
    const key = await service.key();
    const subject = (
      await service.call('POST', '/v1/nature/subjects', { key, body: { consent_artifact: CONSENT } })
    ).json();
    const big = await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, {
      key,
      rawBody: JSON.stringify({ pad: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectErrorContract(big, 400, 'invalid_request');
    const small = await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key, body: {} });
    expectErrorContract(small, 400, 'invalid_request');
    const get = await raw(
      `GET /v1/nature/subjects/${subject.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expectErrorContract(get, 400, 'invalid_request');
    expect((await service.call('GET', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(200);
    expect((await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(200);
  });

  it('refuses an unknown query parameter with 400 invalid_request naming it (spec/DECISIONS.md)', async () => {
    const body = expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?limt=5', { key: await service.key() }),
      400,
      'invalid_request',
    );
    expect(body.param).toBe('limt');
    expectErrorContract(await service.call('GET', '/v1/health?verbose=1'), 400, 'invalid_request');
  });

  it('names __proto__ like any unknown query parameter, and says when a name is empty', async () => {
    const key = await service.key();
    for (const query of ['__proto__=x', '__proto__=x&__proto__=y']) {
      const body = expectErrorContract(
        await service.call('GET', `/v1/nature/subjects?${query}`, { key }),
        400,
        'invalid_request',
      );
      expect(body).toMatchObject({
        param: '__proto__',
        message: '__proto__ is not a known query parameter.',
      });
    }
    const empty = expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?=1', { key }),
      400,
      'invalid_request',
    );
    expect(empty).toMatchObject({ param: null, message: 'An empty name is not a known query parameter.' });
  });

  it('takes numbers written in decimal only: hexadecimal, binary, padded and infinite ones are refused, naming the parameter', async () => {
    const key = await service.key();
    for (const limit of [
      '0x10',
      '0b11',
      '0o7',
      '%2010',
      '10%20',
      '%0910',
      'Infinity',
      '-Infinity',
      '1e999',
      '1_0',
    ]) {
      const body = expectErrorContract(
        await service.call('GET', `/v1/nature/subjects?limit=${limit}`, { key }),
        400,
        'invalid_request',
      );
      expect(body, limit).toMatchObject({
        param: 'limit',
        message: 'limit must be an integer written in decimal.',
      });
    }
    // Decimal forms JSON writes (and leading zeros) are numbers.
    for (const limit of ['10', '010', '1e1', '10.0'])
      expect((await service.call('GET', `/v1/nature/subjects?limit=${limit}`, { key })).status, limit).toBe(
        200,
      );
  });

  it('answers a repeated single-valued parameter with 400 invalid_request', async () => {
    expectErrorContract(
      await service.call('GET', '/v1/nature/subjects?limit=1&limit=2', { key: await service.key() }),
      400,
      'invalid_request',
    );
  });
});
