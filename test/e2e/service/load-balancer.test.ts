/**
 * Two service processes (TRUST_PROXY=1) behind a tiny load balancer written here: round robin,
 * TLS "ended" in front of it (X-Forwarded-Proto: https), X-Forwarded-For appended with the
 * client's socket address and Host passed on as X-Forwarded-Host, as nginx, HAProxy or an AWS
 * ALB do. Clients connect from their own loopback addresses (127.0.0.7, 127.0.0.8), so the
 * balancer sees them apart. A scanner is throttled on both instances while another client and the
 * balancer's health checks keep their answers. Both engines: PostgreSQL, and SQLite with both
 * processes on one file (as the service and the CLIs share it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execPath } from 'node:process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../../scripts/lib/processes.js';
import { bundledArgs } from '../../../scripts/lib/entry-bundle.js';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';

const SCANNER = '127.0.0.7';
const VISITOR = '127.0.0.8';
const PER_INSTANCE = 60; // the per-address budget lives in each instance's memory (README, "What runs where")
const PASSWORD = 'correct horse battery staple';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from a chosen local address. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The balancer: round robin over `upstreams`, forwarding like a TLS-terminating proxy. */
function startBalancer(upstreams: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const server = http.createServer((incoming, outgoing) => {
    const upstream = new URL(upstreams[next++ % upstreams.length]);
    const prior = incoming.headers['x-forwarded-for'];
    const headers = {
      ...incoming.headers,
      host: upstream.host,
      'x-forwarded-for': prior
        ? `${prior}, ${incoming.socket.remoteAddress}`
        : incoming.socket.remoteAddress!,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': incoming.headers.host!,
    };
    const forwarded = http.request(
      upstream,
      { method: incoming.method, path: incoming.url, headers, agent: false },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe.each(ENGINES)('two instances with TRUST_PROXY=1 behind a load balancer, on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let instances: Array<{ url: string; process: RunningProcess }> = [];
  let balancer: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    engine = await start();
    const { store, env } = await engine.fresh();
    await store.close();
    const rateClock = String(Date.now()); // frozen: no bucket refills during the test, so counts are exact
    instances = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const running = startProcess(execPath, await bundledArgs('test/support/instance-server.ts'), {
          env: { ...env, PORT: String(port), RATE_CLOCK_MS: rateClock, TRUST_PROXY: '1' },
        });
        const url = `http://127.0.0.1:${port}`;
        await waitForHttp(`${url}/v1/health`, running);
        return { url, process: running };
      }),
    );
    balancer = await startBalancer(instances.map((instance) => instance.url));
  }, 180_000);
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => instance.process.stop()));
    await engine?.stop();
  });

  it('throttles a scanner on both instances while another client and the health checks still get answers', async () => {
    const total = 2 * PER_INSTANCE + 20;
    const scans = await Promise.all(
      Array.from({ length: total }, (_, i) => send(`${balancer.url}/.env.${i}`, { from: SCANNER })),
    );
    expect(scans.filter((answer) => answer.status === 404)).toHaveLength(2 * PER_INSTANCE);
    const refused = scans.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20);
    expect(JSON.parse(refused[0].body)).toMatchObject({ object: 'error', code: 'rate_limited' });
    // Another client behind the same balancer is untouched, on either instance.
    for (let i = 0; i < 2; i += 1) {
      const visit = await send(`${balancer.url}/v1/nature/widgets`, { from: VISITOR });
      expect(visit.status).toBe(404);
      expect(visit.headers['x-ratelimit-remaining']).toBe(String(PER_INSTANCE - 1)); // its first request on each instance
    }
    // The balancer's own probes (straight to each instance) and health calls through it from the scanner.
    for (const instance of instances) expect((await send(`${instance.url}/v1/health`)).status).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await send(`${balancer.url}/v1/health`, { from: SCANNER })).status).toBe(200);
    // The scanner's own X-Forwarded-For only adds to the chain the balancer completes with its real address.
    const spoof = await send(`${balancer.url}/.git/config`, {
      from: SCANNER,
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(spoof.status).toBe(429);
  }, 60_000);

  it('keeps the sign-in limit per client address and marks the session cookie Secure (TLS ended at the balancer)', async () => {
    const origin = balancer.url.replace('http:', 'https:'); // what the browser saw
    const headers = { origin, 'content-type': 'application/json' };
    const signup = await send(`${balancer.url}/dashboard/api/signup`, {
      method: 'POST',
      from: VISITOR,
      headers,
      body: JSON.stringify({ email: 'lb@example.com', password: PASSWORD }),
    });
    expect(signup.status, signup.body).toBe(201);
    expect(String(signup.headers['set-cookie'])).toMatch(/; Secure$/);
    const guess = (email: string, from: string) =>
      send(`${balancer.url}/dashboard/api/session`, {
        method: 'POST',
        from,
        headers,
        body: JSON.stringify({ email, password: 'not the password at all' }),
      });
    // Failures are recorded in the store, so the ten are counted across both instances.
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await guess(`nobody${attempt}@example.com`, SCANNER)).status).toBe(401);
    expect((await guess('nobody@example.com', SCANNER)).status).toBe(429);
    expect((await guess('nobody@example.com', VISITOR)).status).toBe(401);
  }, 60_000);
});
