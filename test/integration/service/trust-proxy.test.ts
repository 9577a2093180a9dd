/**
 * TRUST_PROXY (README "Many instances"): which proxies the service believes about the client.
 * With one trusted hop, the per-address limit, the dashboard's sign-in limit and its Secure cookie
 * follow X-Forwarded-*; without it, a spoofed header changes nothing. The health check never
 * spends from the per-address budget and is never refused by it. On both engines, over loopback;
 * `npm run serve` itself refuses TRUST_PROXY=true and logs the forwarded address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { binPath, freePort, startProcess, waitForHttp } from '../../../scripts/lib/processes.js';
import { ConfigError, trustProxySetting, type TrustProxy } from '../../../service/config.js';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';
import { startService, type ServiceResponse, type TestService } from '../../support/service.js';

const SCANNER = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.23';
const PASSWORD = 'correct horse battery staple';
const FREE_TIER_PER_MINUTE = 60;

const statuses = (responses: ServiceResponse[]) => responses.map((response) => response.status);
const count = (responses: ServiceResponse[], status: number) =>
  responses.filter((response) => response.status === status).length;

describe('TRUST_PROXY values', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8, 192.0.2.10', { proxies: ['10.0.0.0/8', '192.0.2.10'] }],
    ['::1,fd00::/8,loopback', { proxies: ['::1', 'fd00::/8', 'loopback'] }],
  ])('reads %j as %j', (value, setting) => {
    expect(trustProxySetting({ TRUST_PROXY: value })).toEqual(setting);
  });

  it.each([
    ['true', /TRUST_PROXY=true is refused: it would believe X-Forwarded-For from anyone/],
    ['TRUE', /is refused/],
    ['10.0.0.0/33', /"10\.0\.0\.0\/33", which is neither an IP address nor a CIDR range/],
    ['my-balancer', /"my-balancer"/],
    ['17', /more proxies than any deployment has/],
  ])('refuses %j with a message saying what to set', (value, message) => {
    expect(() => trustProxySetting({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => trustProxySetting({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe.each(ENGINES)('behind a load balancer, on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let service: TestService | undefined;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });
  const serve = async (trustProxy: TrustProxy) =>
    (service = await startService((await engine.fresh()).store, { trustProxy }));
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('with TRUST_PROXY=1 throttles one forwarded client while another, and the health check, still get answers', async () => {
    const api = await serve({ hops: 1 });
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) => api.call('GET', `/scan/${i}`, { headers: from(SCANNER) })),
    );
    expect(count(burst, 404)).toBe(FREE_TIER_PER_MINUTE);
    expect(count(burst, 429)).toBe(80 - FREE_TIER_PER_MINUTE);
    const other = await api.call('GET', '/scan/other', { headers: from(OTHER_CLIENT) });
    expect(other.status).toBe(404);
    expect(other.headers.get('x-ratelimit-remaining')).toBe(String(FREE_TIER_PER_MINUTE - 1));
    // The balancer's own probe (no X-Forwarded-For: its socket address) and the scanner's own health call.
    for (const headers of [{}, from(SCANNER)])
      expect((await api.call('GET', '/v1/health', { headers })).status).toBe(200);
    // A chain the client started itself: with one trusted hop, the address the balancer appended counts.
    const spoofed = await api.call('GET', '/scan/spoof', {
      headers: { 'x-forwarded-for': `${OTHER_CLIENT}, ${SCANNER}` },
    });
    expect(spoofed.status).toBe(429);
  });

  it('with the balancer listed by address believes it, and nobody else', async () => {
    const trusted = await serve({ proxies: ['127.0.0.1/32', '::1'] });
    await Promise.all(
      Array.from({ length: FREE_TIER_PER_MINUTE }, (_, i) =>
        trusted.call('GET', `/scan/${i}`, { headers: from(SCANNER) }),
      ),
    );
    expect((await trusted.call('GET', '/scan/x', { headers: from(SCANNER) })).status).toBe(429);
    expect((await trusted.call('GET', '/scan/x', { headers: from(OTHER_CLIENT) })).status).toBe(404);
    await trusted.close();
    const elsewhere = await serve({ proxies: ['10.0.0.0/8'] }); // the test's socket (127.0.0.1) is not the listed balancer
    await Promise.all(
      Array.from({ length: FREE_TIER_PER_MINUTE }, (_, i) =>
        elsewhere.call('GET', `/scan/${i}`, { headers: from(SCANNER) }),
      ),
    );
    expect((await elsewhere.call('GET', '/scan/x', { headers: from(OTHER_CLIENT) })).status).toBe(429);
  });

  it('without TRUST_PROXY a spoofed X-Forwarded-For changes nothing', async () => {
    const api = await serve(false);
    // Every request claims another address; all of them are the socket's, one budget.
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        api.call('GET', `/scan/${i}`, { headers: from(`198.51.100.${i + 1}`) }),
      ),
    );
    expect(count(burst, 404)).toBe(FREE_TIER_PER_MINUTE);
    expect(count(burst, 429)).toBe(80 - FREE_TIER_PER_MINUTE);
    expect((await api.call('GET', '/scan/x', { headers: from(OTHER_CLIENT) })).status).toBe(429);
    const signup = await api.call('POST', '/dashboard/api/signup', {
      body: { email: 'plain@example.com', password: PASSWORD },
      headers: { origin: api.url, 'x-forwarded-proto': 'https' },
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('answers the health check 200 after any burst of anonymous traffic, and never charges it', async () => {
    const api = await serve(false);
    const { hostname, port } = new URL(api.url);
    const malformed = () =>
      new Promise<void>((resolve) => {
        const socket = connect(Number(port), hostname, () =>
          socket.end('GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'),
        );
        socket.on('data', () => {});
        socket.on('close', () => resolve());
      });
    // Unknown routes, bad URLs, bad keys, public calls with bad input, malformed HTTP: all anonymous.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => api.call('GET', `/wp-admin/${i}`)),
      ...Array.from({ length: 20 }, () =>
        api.call('GET', '/v1/nature/subjects', { headers: { authorization: 'Bearer test_sk_wrong' } }),
      ),
      ...Array.from({ length: 10 }, () => api.call('GET', '/%E0%A4%A')),
      ...Array.from({ length: 10 }, () => api.call('PUT', '/v1/nature/subjects')),
      ...Array.from({ length: 10 }, () => malformed()),
    ]);
    expect((await api.call('GET', '/anything')).status).toBe(429);
    const checks = await Promise.all(Array.from({ length: 100 }, () => api.call('GET', '/v1/health')));
    expect(new Set(statuses(checks))).toEqual(new Set([200]));
    // Its headers report the budget it does not spend.
    expect(checks[0].headers.get('x-ratelimit-limit')).toBe(String(FREE_TIER_PER_MINUTE));
    expect(checks[0].headers.get('x-ratelimit-remaining')).toBe('0');
    api.clock.advance(60_000);
    const refilled = await api.call('GET', '/v1/health');
    expect(refilled.headers.get('x-ratelimit-remaining')).toBe(String(FREE_TIER_PER_MINUTE));
    expect((await api.call('GET', '/v1/health')).headers.get('x-ratelimit-remaining')).toBe(
      String(FREE_TIER_PER_MINUTE),
    );
  });

  it('limits failed dashboard sign-ins per forwarded address, and marks cookies Secure when the original request was https', async () => {
    const api = await serve({ hops: 1 });
    // The balancer ends TLS for https://dashboard.example and passes Host on as its own.
    const original = {
      origin: 'https://dashboard.example',
      'x-forwarded-host': 'dashboard.example',
      'x-forwarded-proto': 'https',
    };
    const signup = await api.call('POST', '/dashboard/api/signup', {
      body: { email: 'lb@example.com', password: PASSWORD },
      headers: { ...original, ...from(OTHER_CLIENT) },
    });
    expect(signup.status, signup.body).toBe(201);
    expect(signup.headers.get('set-cookie')).toMatch(/; Secure$/);
    const signIn = (email: string, client: string) =>
      api.call('POST', '/dashboard/api/session', {
        body: { email, password: 'not the password at all' },
        headers: { ...original, ...from(client) },
      });
    // Ten guesses at ten unknown addresses from the scanner: its address is spent, another client's is not.
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await signIn(`nobody${attempt}@example.com`, SCANNER)).status).toBe(401);
    expect((await signIn('nobody@example.com', SCANNER)).status).toBe(429);
    expect((await signIn('nobody@example.com', OTHER_CLIENT)).status).toBe(401);
    const plain = await api.call('POST', '/dashboard/api/signup', {
      body: { email: 'http@example.com', password: PASSWORD },
      headers: { ...original, 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});

describe('npm run serve with TRUST_PROXY', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'trust-proxy-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses TRUST_PROXY=true before it opens the database, saying what to set', async () => {
    const serve = startProcess(binPath('tsx'), ['service/server.ts'], {
      env: {
        TRUST_PROXY: 'true',
        DATABASE_PATH: path.join(dir, 'refused.db'),
        PORT: String(await freePort()),
      },
    });
    try {
      const code = await new Promise<number | null | 'running'>((resolve) => {
        serve.child.once('exit', resolve);
        setTimeout(() => resolve('running'), 30_000);
      });
      expect(code).toBe(1);
    } finally {
      await serve.stop(); // never left serving when the refusal is missing
    }
    expect(serve.output()).toMatch(
      /^serve: TRUST_PROXY=true is refused: .* Set a hop count \(1 for one load balancer\) or the proxies' addresses or CIDR ranges/m,
    );
  }, 60_000);

  it('logs the forwarded client address with the balancer listed, as README runs it', async () => {
    const port = await freePort();
    // README: TRUST_PROXY=<the balancer's address> HOST=… PORT=… npm run serve (here the test is the balancer).
    const serve = startProcess(binPath('tsx'), ['service/server.ts'], {
      env: {
        TRUST_PROXY: '127.0.0.1',
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(dir, 'logs.db'),
        PORT: String(port),
        LOG: '',
      },
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/v1/health`, serve);
      expect(serve.output()).toMatch(/client address from X-Forwarded-For when sent by 127\.0\.0\.1/);
      await fetch(`${url}/v1/nature/subjects`, { headers: { 'x-forwarded-for': SCANNER } });
      await expect
        .poll(() => serve.output())
        .toMatch(new RegExp(`"remoteAddress":"${SCANNER.replace(/\./g, '\\.')}"`));
    } finally {
      await serve.stop();
    }
  }, 60_000);
});
