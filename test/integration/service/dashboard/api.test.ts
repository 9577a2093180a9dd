/**
 * The dashboard's JSON API over real HTTP on loopback, on both store engines: sessions and their
 * cookie, CSRF and Origin checks, the sign-in limit, other accounts' IDs, keys shown once, the
 * tier change reaching the public API's next answer, metered usage, mail-based verification and
 * reset, webhook endpoints.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';
import { CONSENT, startService, type ServiceResponse, type TestService } from '../../../support/service.js';

const PASSWORD = 'correct horse battery staple';

/** A signed-in browser: its cookie, CSRF token and Origin. */
interface Browser {
  cookie: string;
  csrf: string;
  email: string;
  accountId: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<ServiceResponse>;
}

let service: TestService;
let counter = 0;

const sessionCookie = (response: ServiceResponse) =>
  /dashboard_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

function browserWith(cookie: string, csrf: string, email: string, accountId: string): Browser {
  return {
    cookie,
    csrf,
    email,
    accountId,
    call: (method, apiPath, body, headers = {}) =>
      service.call(method, `/dashboard/api${apiPath}`, {
        body,
        headers: {
          origin: service.url,
          cookie: `dashboard_session=${cookie}`,
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
          ...headers,
        },
      }),
  };
}

async function signUp(email = `dev${++counter}@example.com`): Promise<Browser> {
  const response = await service.call('POST', '/dashboard/api/signup', {
    body: { email, password: PASSWORD },
    headers: { origin: service.url },
  });
  expect(response.status, response.body).toBe(201);
  return browserWith(sessionCookie(response)!, response.json().csrf_token, email, response.json().account.id);
}

async function signIn(
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<ServiceResponse> {
  return service.call('POST', '/dashboard/api/session', {
    body: { email, password },
    headers: { origin: service.url, ...headers },
  });
}

const subjectBody = { consent_artifact: CONSENT };

/** Follows the verification link of the browser's newest mail, as its owner would. */
async function verify(browser: Browser): Promise<void> {
  const mail = (await service.store.listMail())
    .filter((row) => row.recipient === browser.email && row.subject !== 'Reset your password')
    .at(-1)!;
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
  const response = await service.call('POST', '/dashboard/api/email-verification', {
    body: { token },
    headers: { origin: service.url },
  });
  expect(response.status, response.body).toBe(204);
}

describe.each(ENGINES)('dashboard API on $name', ({ name, start }) => {
  let engine: EngineUnderTest;
  let env: Record<string, string>;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });
  beforeEach(async () => {
    const fresh = await engine.fresh();
    env = fresh.env;
    service = await startService(fresh.store);
  });
  afterEach(async () => {
    await service.close();
  });

  describe('sessions', () => {
    it('signs up with a session cookie that is HttpOnly, SameSite=Lax, Path=/dashboard and not Secure over http', async () => {
      const response = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'Ada@Example.com', password: PASSWORD },
        headers: { origin: service.url },
      });
      expect(response.status).toBe(201);
      const cookie = response.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^dashboard_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/dashboard');
      expect(cookie).not.toContain('Secure');
      expect(response.json()).toMatchObject({
        user: { email: 'Ada@Example.com', email_verified: false },
        account: { tier: 0, plan: 'Free' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The same address in another case is the same user.
      const again = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'ada@example.COM', password: PASSWORD },
        headers: { origin: service.url },
      });
      expect(again.status).toBe(409);
      expect(again.json()).toMatchObject({ object: 'error', code: 'email_taken', param: 'email' });
      expect((await signIn('ADA@example.com')).status).toBe(200);
    });

    it('marks the cookie Secure when DASHBOARD_SECURE_COOKIES=true (TLS ends at a proxy)', async () => {
      process.env.DASHBOARD_SECURE_COOKIES = 'true';
      const secure = await startService().finally(() => delete process.env.DASHBOARD_SECURE_COOKIES);
      try {
        const response = await secure.call('POST', '/dashboard/api/signup', {
          body: { email: 'tls@example.com', password: PASSWORD },
          headers: { origin: secure.url },
        });
        expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
      } finally {
        await secure.close();
      }
    });

    it('refuses a password shorter than 12 characters in the error format', async () => {
      const response = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'short@example.com', password: 'eleven char' },
        headers: { origin: service.url },
      });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ object: 'error', code: 'invalid_request', param: 'password' });
    });

    it('rotates the session on sign-in: the cookie the browser had stops working', async () => {
      const browser = await signUp();
      const response = await signIn(browser.email, PASSWORD, {
        cookie: `dashboard_session=${browser.cookie}`,
      });
      expect(response.status).toBe(200);
      const fresh = sessionCookie(response)!;
      expect(fresh).not.toBe(browser.cookie);
      expect((await browser.call('GET', '/session')).status).toBe(401);
      expect(
        (
          await browserWith(fresh, response.json().csrf_token, browser.email, browser.accountId).call(
            'GET',
            '/session',
          )
        ).status,
      ).toBe(200);
    });

    it('signs out this session, and everywhere', async () => {
      const first = await signUp();
      const secondResponse = await signIn(first.email);
      const second = browserWith(
        sessionCookie(secondResponse)!,
        secondResponse.json().csrf_token,
        first.email,
        first.accountId,
      );
      const third = browserWith(sessionCookie(await signIn(first.email))!, '', first.email, first.accountId);
      const out = await first.call('DELETE', '/session');
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await first.call('GET', '/session')).status).toBe(401);
      expect((await second.call('GET', '/session')).status).toBe(200);
      expect((await second.call('DELETE', '/sessions')).status).toBe(204);
      expect((await second.call('GET', '/session')).status).toBe(401);
      expect((await third.call('GET', '/session')).status).toBe(401);
    });

    it('expires a session after 12 hours idle', async () => {
      const browser = await signUp();
      service.clock.advance(11 * 60 * 60 * 1000);
      expect((await browser.call('GET', '/session')).status).toBe(200);
      service.clock.advance(11 * 60 * 60 * 1000); // 11 h after the last request
      expect((await browser.call('GET', '/session')).status).toBe(200);
      service.clock.advance(12 * 60 * 60 * 1000 + 61_000);
      const expired = await browser.call('GET', '/session');
      expect(expired.status).toBe(401);
      expect(expired.json().code).toBe('unauthenticated');
    });

    it('limits failed sign-ins to 10 per 15 minutes per account, with Retry-After; even the right password waits', async () => {
      const browser = await signUp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await signIn(browser.email, 'not the password at all');
        expect(wrong.status).toBe(401);
        expect(wrong.json().code).toBe('invalid_credentials');
      }
      const limited = await signIn(browser.email);
      expect(limited.status).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      service.clock.advance(15 * 60 * 1000 + 1000);
      expect((await signIn(browser.email)).status).toBe(200);
    });

    it('counts a burst of parallel guesses: at most 10 of 25 are checked, the rest get 429', async () => {
      const browser = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, attempt) => signIn(browser.email, `wrong password number ${attempt}`)),
      );
      const checked = answers.filter((answer) => answer.status === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(answers.filter((answer) => answer.status === 429).length).toBe(25 - checked);
      expect((await signIn(browser.email)).status).toBe(429);
    });

    it('answers an unknown address like a wrong password, and counts it against the client address', async () => {
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect((await signIn(`nobody${attempt}@example.com`)).json().code).toBe('invalid_credentials');
      expect((await signIn('nobody@example.com')).status).toBe(429);
    });
  });

  describe('CSRF and Origin', () => {
    it('refuses a state-changing request without the CSRF token, with a wrong one, and from another Origin (403 csrf_failed)', async () => {
      const browser = await signUp();
      const body = { name: 'k', type: 'sk', environment: 'test', scopes: ['nature:read'] };
      for (const headers of [
        { 'x-csrf-token': '' },
        { 'x-csrf-token': `${browser.csrf.slice(0, -1)}${browser.csrf.endsWith('x') ? 'y' : 'x'}` },
        { origin: 'https://evil.example' },
      ]) {
        const call = await service.call('POST', '/dashboard/api/keys', {
          body,
          headers: {
            origin: service.url,
            cookie: `dashboard_session=${browser.cookie}`,
            'x-csrf-token': browser.csrf,
            ...headers,
          },
        });
        expect(call.status, JSON.stringify(headers)).toBe(403);
        expect(call.json()).toMatchObject({ object: 'error', code: 'csrf_failed' });
      }
      const noToken = await service.call('POST', '/dashboard/api/keys', {
        body,
        headers: { origin: service.url, cookie: `dashboard_session=${browser.cookie}` },
      });
      expect(noToken.status).toBe(403);
      expect((await browser.call('GET', '/keys?environment=test')).json().data).toEqual([]);
      expect((await browser.call('POST', '/keys', body)).status).toBe(201);
    });

    it('refuses sign-up and sign-in that do not come from the same origin', async () => {
      const body = { email: 'x@example.com', password: PASSWORD };
      expect((await service.call('POST', '/dashboard/api/signup', { body })).status).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { 'sec-fetch-site': 'same-origin' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await service.call('POST', '/dashboard/api/session', {
            body,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
    });

    it('answers no CORS preflight for the dashboard: OPTIONS says Allow, and grants no origin', async () => {
      const preflight = await service.call('OPTIONS', '/dashboard/api/keys', {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
      const page = await service.call('OPTIONS', '/dashboard/test/keys', {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(page.status).toBe(404);
      expect(page.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('keys', () => {
    it('creates a key shown once, which works against the API; rotate stops the old one; revoke is permanent', async () => {
      const browser = await signUp();
      const created = await browser.call('POST', '/keys', {
        name: 'Backend',
        type: 'sk',
        environment: 'test',
        scopes: ['nature:write'],
      });
      expect(created.status).toBe(201);
      const { key, secret } = created.json();
      expect(secret).toMatch(/^test_sk_[A-Za-z0-9]{32}$/);
      expect(key).toMatchObject({
        name: 'Backend',
        type: 'sk',
        environment: 'test',
        scopes: ['nature:write'],
        status: 'active',
        last_used_at: null,
        redacted: `test_sk_…${secret.slice(-4)}`,
      });
      expect(
        (await service.call('POST', '/v1/nature/subjects', { key: secret, body: subjectBody })).status,
      ).toBe(201);
      expect((await service.call('GET', '/v1/nature/subjects', { key: secret })).status).toBe(403);
      const listed = (await browser.call('GET', '/keys?environment=test')).json().data;
      expect(listed).toHaveLength(1);
      expect(listed[0].last_used_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
      expect(JSON.stringify(listed)).not.toContain(secret);
      expect((await browser.call('GET', '/keys?environment=live')).json().data).toEqual([]);

      const rotated = await browser.call('POST', `/keys/${key.id}/rotate`);
      expect(rotated.status).toBe(200);
      const replacement = rotated.json().secret;
      expect(
        (await service.call('POST', '/v1/nature/subjects', { key: secret, body: subjectBody })).status,
      ).toBe(401);
      expect(
        (await service.call('POST', '/v1/nature/subjects', { key: replacement, body: subjectBody })).status,
      ).toBe(201);
      expect((await browser.call('POST', `/keys/${key.id}/rotate`)).json().code).toBe('key_revoked');

      const revoked = await browser.call('POST', `/keys/${rotated.json().key.id}/revoke`);
      expect(revoked.status).toBe(200);
      expect(revoked.json().status).toBe('revoked');
      const refused = await service.call('POST', '/v1/nature/subjects', {
        key: replacement,
        body: subjectBody,
      });
      expect(refused.status).toBe(401);
      expect(refused.json().code).toBe('unauthenticated');
    });

    it("answers 404 for another account's key and endpoint IDs, never 403", async () => {
      const mallory = await signUp();
      const alice = await signUp();
      const { key } = (
        await alice.call('POST', '/keys', {
          name: 'a',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json();
      const { endpoint } = (
        await alice.call('POST', '/webhook-endpoints', {
          environment: 'test',
          url: 'http://127.0.0.1:9/hook',
          events: ['assessment.completed'],
        })
      ).json();
      for (const [method, apiPath] of [
        ['POST', `/keys/${key.id}/rotate`],
        ['POST', `/keys/${key.id}/revoke`],
        ['POST', `/webhook-endpoints/${endpoint.id}/disable`],
        ['POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`],
        ['GET', `/webhook-endpoints/${endpoint.id}/deliveries`],
        ['DELETE', `/webhook-endpoints/${endpoint.id}`],
      ]) {
        const response = await mallory.call(method, apiPath);
        expect(response.status, `${method} ${apiPath}`).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
      expect((await alice.call('GET', '/keys?environment=test')).json().data[0].status).toBe('active');
    });

    it('stores and returns a hostile key name verbatim, as JSON', async () => {
      const browser = await signUp();
      const name = '<img src=x onerror=alert(1)>"\'</script>';
      const created = await browser.call('POST', '/keys', {
        name,
        type: 'pk',
        environment: 'test',
        scopes: ['nature:read'],
      });
      expect(created.status).toBe(201);
      const listed = await browser.call('GET', '/keys?environment=test');
      expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
      expect(listed.json().data[0].name).toBe(name);
    });

    it('refuses scopes that cannot be minted yet and live keys before the e-mail address is verified', async () => {
      const browser = await signUp();
      const careers = await browser.call('POST', '/keys', {
        name: 'c',
        type: 'sk',
        environment: 'test',
        scopes: ['careers:read'],
      });
      expect(careers.status).toBe(400);
      const live = await browser.call('POST', '/keys', {
        name: 'l',
        type: 'sk',
        environment: 'live',
        scopes: ['nature:read'],
      });
      expect(live.status).toBe(403);
      expect(live.json().code).toBe('email_not_verified');
      const scopes = (await browser.call('GET', '/scopes')).json().data;
      expect(scopes).toContainEqual({
        scope: 'nature:read',
        description: 'GET /v1/nature/*',
        mintable: true,
      });
      // What the scope grants; whether it can be minted is `mintable`, which the pages turn into words (once).
      expect(scopes).toContainEqual({
        scope: 'careers:read',
        description: 'GET /v1/careers/*',
        mintable: false,
      });
    });

    it('never writes a raw key or a session token to the store', async () => {
      const browser = await signUp();
      const { secret } = (
        await browser.call('POST', '/keys', {
          name: 'n',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json();
      if (name === 'sqlite') {
        const dir = path.dirname(env.DATABASE_PATH);
        const base = path.basename(env.DATABASE_PATH);
        const bytes = readdirSync(dir)
          .filter((file) => file.startsWith(base))
          .map((file) => readFileSync(path.join(dir, file)).toString('latin1'))
          .join('');
        expect(bytes.length).toBeGreaterThan(0);
        expect(bytes).toContain(secret.slice(-4)); // the last four are kept, for the redacted form
        expect(bytes).not.toContain(secret);
        expect(bytes).not.toContain(secret.slice(8, 28));
        expect(bytes).not.toContain(browser.cookie);
        expect(bytes).not.toContain(PASSWORD);
      } else {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        try {
          const tables = (
            await client.query<{ tablename: string }>(
              "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
            )
          ).rows.map((row) => row.tablename);
          let dump = '';
          for (const table of tables)
            dump += JSON.stringify((await client.query(`SELECT * FROM "${table}"`)).rows);
          expect(dump).toContain(secret.slice(-4));
          expect(dump).not.toContain(secret);
          expect(dump).not.toContain(browser.cookie);
          expect(dump).not.toContain(PASSWORD);
        } finally {
          await client.end();
        }
      }
    });
  });

  describe('billing', () => {
    it('changes the tier at once: the next public API answer carries the new X-RateLimit-Limit, and the provider is told', async () => {
      const browser = await signUp();
      const { secret } = (
        await browser.call('POST', '/keys', {
          name: 'k',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json();
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key: secret })).headers.get('x-ratelimit-limit'),
      ).toBe('60');
      const before = (await browser.call('GET', '/billing')).json();
      expect(before).toMatchObject({ tier: 0, plan: 'Free', live_requests: 0 });
      expect(before.tiers.map((row: { tier: number; per_key: number }) => [row.tier, row.per_key])).toEqual([
        [0, 60],
        [1, 300],
        [2, 1000],
        [3, 3000],
      ]);
      const changed = await browser.call('PUT', '/billing/plan', { tier: 2 });
      expect(changed.status).toBe(200);
      expect(changed.json()).toMatchObject({
        tier: 2,
        plan: 'Platform',
        estimate: { currency: 'usd', total_cents: 9900 },
      });
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key: secret })).headers.get('x-ratelimit-limit'),
      ).toBe('1000');
      expect((await browser.call('GET', '/session')).json().account).toMatchObject({
        tier: 2,
        plan: 'Platform',
      });
      const records = await service.store.listBillingRecords(browser.accountId);
      expect(
        records.filter((record) => record.kind === 'plan_change').map((record) => record.payload),
      ).toEqual([{ from_tier: 0, to_tier: 2 }]);
      expect(records.some((record) => record.kind === 'invoice_line')).toBe(true);
      expect((await browser.call('PUT', '/billing/plan', { tier: 7 })).status).toBe(400);
    });

    it("meters this month's live requests per day, and estimates from the price list", async () => {
      const browser = await signUp();
      const verification = (await service.store.listMail()).find((mail) => mail.recipient === browser.email)!;
      const token = /#token=([A-Za-z0-9_-]+)/.exec(verification.body)![1];
      expect((await browser.call('POST', '/email-verification', { token })).status).toBe(204);
      const { secret } = (
        await browser.call('POST', '/keys', {
          name: 'live',
          type: 'sk',
          environment: 'live',
          scopes: ['nature:read'],
        })
      ).json();
      const { secret: testKey } = (
        await browser.call('POST', '/keys', {
          name: 'test',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json();
      for (let i = 0; i < 3; i += 1)
        expect((await service.call('GET', '/v1/nature/subjects', { key: secret })).status).toBe(200);
      expect((await service.call('GET', '/v1/nature/subjects', { key: testKey })).status).toBe(200); // sandbox: free
      const billing = (await browser.call('GET', '/billing')).json();
      const today = new Date(service.clock.now).toISOString().slice(0, 10);
      expect(billing.month).toBe(today.slice(0, 7));
      expect(billing.live_requests).toBe(3);
      expect(billing.daily).toHaveLength(Number(today.slice(8, 10)));
      expect(billing.daily.at(-1)).toEqual({ date: today, live_requests: 3 });
      expect(
        billing.daily.slice(0, -1).every((day: { live_requests: number }) => day.live_requests === 0),
      ).toBe(true);
      expect(billing.estimate).toEqual({
        currency: 'usd',
        total_cents: 0,
        lines: [{ description: `Free plan (${billing.month})`, quantity: 1, amount_cents: 0 }],
      });
    });
  });

  describe('mail: verification and password reset through the outbox', () => {
    it('verifies the address once; resets the password, ending every session', async () => {
      const browser = await signUp();
      const mails = await service.store.listMail();
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)![1];
      expect(
        (
          await service.call('POST', '/dashboard/api/email-verification', {
            body: { token },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);
      expect((await browser.call('GET', '/session')).json().user.email_verified).toBe(true);
      expect(
        (
          await service.call('POST', '/dashboard/api/email-verification', {
            body: { token },
            headers: { origin: service.url },
          })
        ).json().code,
      ).toBe('invalid_token');

      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets', {
            body: { email: 'nobody@example.com' },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(202);
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets', {
            body: { email: browser.email.toUpperCase() },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(202);
      const reset = (await service.store.listMail()).filter((mail) => mail.subject === 'Reset your password');
      expect(reset.map((mail) => mail.recipient)).toEqual([browser.email]);
      const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(reset[0].body)![1];
      const newPassword = 'a brand new passphrase';
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets/confirm', {
            body: { token: resetToken, password: newPassword },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);
      expect((await browser.call('GET', '/session')).status).toBe(401);
      expect((await signIn(browser.email)).status).toBe(401);
      expect((await signIn(browser.email, newPassword)).status).toBe(200);
    });

    it('a used reset link ends every other reset link of the user', async () => {
      const browser = await signUp();
      for (let mail = 0; mail < 2; mail += 1)
        await service.call('POST', '/dashboard/api/password-resets', {
          body: { email: browser.email },
          headers: { origin: service.url },
        });
      const [older, newer] = (await service.store.listMail())
        .filter((mail) => mail.subject === 'Reset your password')
        .map((mail) => /#token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]);
      const confirm = (token: string) =>
        service.call('POST', '/dashboard/api/password-resets/confirm', {
          body: { token, password: 'a brand new passphrase' },
          headers: { origin: service.url },
        });
      expect((await confirm(newer)).status).toBe(204);
      expect((await confirm(older)).json().code).toBe('invalid_token');
    });

    it('clears what an unverified account held when the address is first proven by a reset (a sign-up by someone else)', async () => {
      const squatter = await signUp('victim@example.com');
      const key = (
        await squatter.call('POST', '/keys', {
          name: 'squatter',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json().secret;
      expect(
        (
          await squatter.call('POST', '/webhook-endpoints', {
            environment: 'test',
            url: 'http://127.0.0.1:9/hook',
            events: ['subject.deleted'],
          })
        ).status,
      ).toBe(201);
      expect((await squatter.call('PUT', '/billing/plan', { tier: 2 })).status).toBe(200);

      await service.call('POST', '/dashboard/api/password-resets', {
        body: { email: 'victim@example.com' },
        headers: { origin: service.url },
      });
      const token = /#token=([A-Za-z0-9_-]+)/.exec(
        (await service.store.listMail()).filter((mail) => mail.subject === 'Reset your password').at(-1)!
          .body,
      )![1];
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets/confirm', {
            body: { token, password: "the owner's passphrase" },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);

      const owner = await signIn('victim@example.com', "the owner's passphrase");
      expect(owner.status).toBe(200);
      const ownerBrowser = browserWith(
        sessionCookie(owner)!,
        owner.json().csrf_token,
        'victim@example.com',
        owner.json().account.id,
      );
      expect(owner.json()).toMatchObject({ user: { email_verified: true }, account: { tier: 0 } });
      expect((await ownerBrowser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([]);
      expect(
        (await ownerBrowser.call('GET', '/keys?environment=test'))
          .json()
          .data.every((row: { status: string }) => row.status === 'revoked'),
      ).toBe(true);
      expect(
        (await service.call('GET', '/v1/nature/subjects', { headers: { authorization: `Bearer ${key}` } }))
          .status,
      ).toBe(401);
    });
  });

  describe('webhook endpoints', () => {
    it('adds an endpoint (secret once), disables, enables, sends a test event, lists its delivery, removes it', async () => {
      const browser = await signUp();
      const created = await browser.call('POST', '/webhook-endpoints', {
        environment: 'test',
        url: 'http://127.0.0.1:9/hook',
        events: ['assessment.completed'],
      });
      expect(created.status).toBe(201);
      const { endpoint, secret } = created.json();
      expect(secret).toMatch(/^whsec_/);
      expect((await browser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([
        endpoint,
      ]);
      expect((await browser.call('GET', '/webhook-endpoints?environment=live')).json().data).toEqual([]);
      expect((await browser.call('POST', `/webhook-endpoints/${endpoint.id}/disable`)).json()).toMatchObject({
        status: 'disabled',
      });
      expect((await browser.call('POST', `/webhook-endpoints/${endpoint.id}/enable`)).json()).toMatchObject({
        status: 'enabled',
        disabled_reason: null,
      });
      const rotated = await browser.call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
      expect(rotated.json().secret).not.toBe(secret);
      expect(
        (
          await browser.call('POST', `/webhook-endpoints/${endpoint.id}/test-events`, {
            type: 'assessment.completed',
          })
        ).status,
      ).toBe(202);
      const deliveries = (await browser.call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).json()
        .data;
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        event_type: 'assessment.completed',
        status: 'pending',
        attempts: 0,
        response_status: null,
      });
      expect((await browser.call('POST', `/webhook-events/${deliveries[0].event_id}/resend`)).status).toBe(
        202,
      );
      const unverified = await browser.call('POST', '/webhook-endpoints', {
        environment: 'live',
        url: 'https://93.184.215.14/hook',
        events: ['assessment.completed'],
      });
      expect(unverified.status).toBe(403);
      expect(unverified.json().code).toBe('email_not_verified');
      await verify(browser);
      const live = await browser.call('POST', '/webhook-endpoints', {
        environment: 'live',
        url: 'http://127.0.0.1:9/hook',
        events: ['assessment.completed'],
      });
      expect(live.status).toBe(400);
      expect(live.json().param).toBe('url');
      expect((await browser.call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
      expect((await browser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([]);
    });

    it('sends a test event to the endpoint named only, and a resend leaves an endpoint the user disabled off', async () => {
      const browser = await signUp();
      const add = async () =>
        (
          await browser.call('POST', '/webhook-endpoints', {
            environment: 'test',
            url: 'http://127.0.0.1:9/hook',
            events: ['subject.deleted'],
          })
        ).json().endpoint;
      const [first, second] = [await add(), await add()];
      expect(
        (
          await browser.call('POST', `/webhook-endpoints/${second.id}/test-events`, {
            type: 'subject.deleted',
          })
        ).status,
      ).toBe(202);
      expect((await browser.call('GET', `/webhook-endpoints/${first.id}/deliveries`)).json().data).toEqual(
        [],
      );
      expect(
        (await browser.call('GET', `/webhook-endpoints/${second.id}/deliveries`)).json().data,
      ).toHaveLength(1);

      // An event both endpoints had; the user turns the first off, then resends the event.
      const key = (
        await browser.call('POST', '/keys', {
          name: 'k',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:write'],
        })
      ).json().secret;
      const subject = await service.call('POST', '/v1/nature/subjects', {
        body: subjectBody,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(
        (
          await service.call('DELETE', `/v1/nature/subjects/${subject.json().id}`, {
            headers: { authorization: `Bearer ${key}` },
          })
        ).status,
      ).toBe(200);
      const [shared] = (await browser.call('GET', `/webhook-endpoints/${first.id}/deliveries`)).json().data;
      expect(shared.event_type).toBe('subject.deleted');
      await browser.call('POST', `/webhook-endpoints/${first.id}/disable`);
      expect((await browser.call('POST', `/webhook-events/${shared.event_id}/resend`)).status).toBe(202);
      const endpoints = (await browser.call('GET', '/webhook-endpoints?environment=test')).json().data;
      expect(endpoints.find((endpoint: { id: string }) => endpoint.id === first.id)).toMatchObject({
        status: 'disabled',
        disabled_reason: 'Disabled in the dashboard.',
      });
      expect(endpoints.find((endpoint: { id: string }) => endpoint.id === second.id)).toMatchObject({
        status: 'enabled',
      });

      // A test event nothing would receive is refused with the reason, not a 202 (before: 202 and no delivery).
      const unsubscribed = await browser.call('POST', `/webhook-endpoints/${second.id}/test-events`, {
        type: 'assessment.completed',
      });
      expect(unsubscribed.status).toBe(400);
      expect(unsubscribed.json()).toMatchObject({
        code: 'invalid_request',
        param: 'type',
        message: `Endpoint ${second.id} does not subscribe to assessment.completed; it takes subject.deleted.`,
      });
      const disabled = await browser.call('POST', `/webhook-endpoints/${first.id}/test-events`, {
        type: 'subject.deleted',
      });
      expect(disabled.status).toBe(400);
      expect(disabled.json()).toMatchObject({
        code: 'invalid_request',
        message: `Endpoint ${first.id} is disabled; enable it to send it a test event.`,
      });
      expect(
        (await browser.call('GET', `/webhook-endpoints/${second.id}/deliveries`)).json().data,
      ).toHaveLength(2); // the test event and the shared one: nothing new
    });

    it("refuses endpoints on the service's loopback where the deployment does not allow them", async () => {
      const shared = await startService(':memory:', { allowLoopbackWebhooks: false });
      try {
        const signedUp = await shared.call('POST', '/dashboard/api/signup', {
          body: { email: 'shared@example.com', password: PASSWORD },
          headers: { origin: shared.url },
        });
        const headers = {
          origin: shared.url,
          cookie: `dashboard_session=${sessionCookie(signedUp)}`,
          'x-csrf-token': signedUp.json().csrf_token,
        };
        for (const url of [
          'http://127.0.0.1:9/hook',
          'http://[::1]:9/hook',
          'http://localhost:9/hook',
          'http://127.1.2.3/hook',
        ]) {
          const refused = await shared.call('POST', '/dashboard/api/webhook-endpoints', {
            body: { environment: 'test', url, events: ['subject.deleted'] },
            headers,
          });
          expect(refused.status, url).toBe(400);
          expect(refused.json()).toMatchObject({ code: 'invalid_request', param: 'url' });
        }
      } finally {
        await shared.close();
      }
    });
  });
});
