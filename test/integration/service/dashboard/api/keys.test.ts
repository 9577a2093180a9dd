/**
 * The dashboard's JSON API over real HTTP on loopback, on both store engines: keys (shown once,
 * other accounts' IDs not found, hostile names kept verbatim, no raw key or session token at rest)
 * and the plan (a tier change reaching the public API's next answer, metered usage, the estimate).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDashboardApi, env, PASSWORD, service, signUp, subjectBody } from './harness.js';

describeDashboardApi((name) => {
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
});
