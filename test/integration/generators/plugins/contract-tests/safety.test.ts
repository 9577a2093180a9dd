/**
 * Safe on a real target, in parts: the configuration check stops a run with one message (no key,
 * a live key, a key the target refuses, an unreachable URL) before any check runs, and the paced
 * transport waits out Retry-After and empty rate-limit buckets instead of failing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import type { Cases } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import { preflight } from '../../../../../generators/plugins/contract-tests/runtime/preflight.js';
import type { Target } from '../../../../../generators/plugins/contract-tests/runtime/target.js';
import {
  PacedTransport,
  retryAfterSeconds,
} from '../../../../../generators/plugins/contract-tests/runtime/transport.js';
import {
  runContractSuite,
  startServiceTarget,
  type ServiceTarget,
} from '../../../../../scripts/lib/contract.js';
import { freePort } from '../../../../../scripts/lib/processes.js';
import { json, startTestServer, type TestServer } from '../../../../support/http-server.js';

const cases = JSON.parse(readFileSync('generated/contract-tests/cases.json', 'utf8')) as Cases;
const target = (baseUrl: string, apiKey?: string, stateful = true): Target => ({
  name: 'test',
  baseUrl,
  apiKey,
  keys: [],
  stateful,
  semantic: stateful,
  mock: !stateful,
  validates: true,
});

describe('the configuration check', () => {
  let service: ServiceTarget;
  beforeAll(async () => {
    service = await startServiceTarget();
  }, 60_000);
  afterAll(async () => {
    await service?.server.stop();
  });

  it.each([
    { given: 'no key', key: undefined, want: /CONTRACT_API_KEY is not set: \d+ operations of .* need a key/ },
    {
      given: 'a live key',
      key: `live_sk_${'a'.repeat(32)}`,
      want: /CONTRACT_API_KEY is a production key \(live_sk_…\): the suites create and delete data/,
    },
    {
      given: 'a key the target does not know',
      key: `test_sk_${'a'.repeat(32)}`,
      want: /refuses CONTRACT_API_KEY \(401 on listSubjects\)/,
    },
    {
      given: 'a key of no known format',
      key: 'sk_other',
      want: /does not start with a known key prefix \(test_pk_, test_sk_, live_pk_, live_sk_\)/,
    },
  ])('stops with one message for $given', async ({ key, want }) => {
    await expect(preflight(target(service.env.CONTRACT_BASE_URL, key), cases)).rejects.toThrow(want);
  });

  it('accepts a sandbox key with the scopes, and a stateless mock without any key', async () => {
    await expect(
      preflight(target(service.env.CONTRACT_BASE_URL, service.env.CONTRACT_API_KEY), cases),
    ).resolves.toBeUndefined();
    await expect(
      preflight(target(service.env.CONTRACT_BASE_URL, undefined, false), cases),
    ).resolves.toBeUndefined();
  });

  it('names an unreachable URL', async () => {
    const port = await freePort();
    await expect(
      preflight(target(`http://127.0.0.1:${port}`, service.env.CONTRACT_API_KEY), cases),
    ).rejects.toThrow(new RegExp(`cannot reach CONTRACT_BASE_URL http://127.0.0.1:${port}: ECONNREFUSED`));
  });

  it('runs no check at all when the key is missing: the run ends with that one message', async () => {
    const run = await runContractSuite({ ...service.env, CONTRACT_API_KEY: '' });
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/CONTRACT_API_KEY is not set/);
    expect(run.output).not.toMatch(/✓|×|FAIL .*>/);
  }, 120_000);
});

describe('the paced transport', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('repeats the identical request after a 429, once Retry-After has passed', async () => {
    server.requests.length = 0;
    server.script(json(429, {}, { 'retry-after': '2' }), json(200, { ok: true }));
    const transport = new PacedTransport({ retryAfter: 'Retry-After' }, { timeScale: 10 });
    const response = await transport.fetch(`${server.url}/things`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { authorization: 'Bearer k' },
    });
    expect(response.status).toBe(200);
    expect(server.requests.map((request) => request.body)).toEqual(['{"a":1}', '{"a":1}']);
    // 2 s of pacing time at 10x: at least 200 ms of wall time between the two.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(190);
    expect(transport.stats).toMatchObject({ requests: 2, retriedAfter429: 1 });
  });

  it('waits for a token when the headers say the bucket is empty, per credential', async () => {
    server.requests.length = 0;
    server.script(json(200, {}, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' }));
    const transport = new PacedTransport(
      { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining' },
      { timeScale: 10 },
    );
    await transport.fetch(`${server.url}/a`, { headers: { authorization: 'Bearer one' } });
    await transport.fetch(`${server.url}/b`, { headers: { authorization: 'Bearer two' } });
    await transport.fetch(`${server.url}/c`, { headers: { authorization: 'Bearer one' } });
    // Another key is not held up; the same key waits 60/60 s = 1 s of pacing time (100 ms at 10x).
    expect(server.requests[1].at - server.requests[0].at).toBeLessThan(90);
    expect(server.requests[2].at - server.requests[0].at).toBeGreaterThanOrEqual(90);
  });

  it('sends a request again once on a new connection when its kept-alive connection closes unanswered, and reports a second drop', async () => {
    // A raw HTTP/1.1 server: it answers a connection's first request and keeps the connection; a
    // second request on that connection is met with a close (a keep-alive timeout racing the request).
    const bodies: string[] = [];
    let dropEveryRequest = false;
    const raw = createServer((socket) => {
      let served = 0;
      let buffered = '';
      socket.on('data', (chunk) => {
        buffered += chunk.toString('latin1');
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        bodies.push(buffered.slice(end + 4, end + 4 + length));
        buffered = '';
        served += 1;
        if (served > 1 || dropEveryRequest) return void socket.destroy();
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nkeep-alive: timeout=60\r\n\r\n{}',
        );
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/things`;
    try {
      const transport = new PacedTransport({});
      const first = await transport.fetch(url, { method: 'POST', body: '{"n":1}' });
      expect(await first.json()).toEqual({}); // read to the end: the connection is free for the next
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The second goes out on the kept connection, is dropped, and is sent again on a new one.
      const second = await transport.fetch(url, { method: 'POST', body: '{"n":2}' });
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({});
      expect(bodies).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
      expect(transport.stats).toMatchObject({ requests: 2, connectionsDropped: 1 });
      dropEveryRequest = true;
      await expect(new PacedTransport({}).fetch(url, { method: 'POST', body: '{"n":3}' })).rejects.toThrow(
        /fetch failed/,
      );
      expect(bodies.slice(3)).toEqual(['{"n":3}', '{"n":3}']);
    } finally {
      raw.close();
    }
  });

  it('shows a 429 without Retry-After as it is (the contract requires the header)', async () => {
    server.script(json(429, {}));
    const transport = new PacedTransport({}, { timeScale: 10 });
    expect((await transport.fetch(`${server.url}/x`)).status).toBe(429);
  });

  it.each([
    { value: '12', want: 12 },
    { value: 'Thu, 01 Jan 2026 00:00:30 GMT', want: 30 },
    { value: null, want: undefined },
    { value: 'soon', want: undefined },
  ])('reads Retry-After $value as $want seconds', ({ value, want }) => {
    expect(retryAfterSeconds(value, Date.parse('2026-01-01T00:00:00Z'))).toBe(want);
  });
});
