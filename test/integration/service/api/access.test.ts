/**
 * The reference service over HTTP on loopback, on each store engine: who may call what. The auth
 * matrix (every operation, every key kind, responses checked against the spec's schemas with Ajv),
 * sandbox and live environments, and the tiers' rate limits.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../generated/server/index.js';
import { CONSENT, type ServiceResponse } from '../../../support/service.js';
import { createSubject, describeService, expectConforms, service } from './harness.js';

/** Every operation with a request that reaches it (IDs created as needed). */
async function everyOperation(key: string) {
  const subject = (await createSubject(await service.key())).json();
  const assessment = (
    await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, {
      key: await service.key(),
      body: {},
    })
  ).json();
  return [
    { id: 'listSubjects', method: 'GET', path: '/v1/nature/subjects' },
    { id: 'createSubject', method: 'POST', path: '/v1/nature/subjects', body: { consent_artifact: CONSENT } },
    { id: 'retrieveSubject', method: 'GET', path: `/v1/nature/subjects/${subject.id}` },
    { id: 'listAssessments', method: 'GET', path: `/v1/nature/subjects/${subject.id}/assessments` },
    {
      id: 'createAssessment',
      method: 'POST',
      path: `/v1/nature/subjects/${subject.id}/assessments`,
      body: {},
    },
    { id: 'retrieveAssessment', method: 'GET', path: `/v1/nature/assessments/${assessment.id}` },
    {
      id: 'submitAssessment',
      method: 'PATCH',
      path: `/v1/nature/assessments/${assessment.id}`,
      body: { answers: [{ item_id: 'n01', value: 3 }] },
    },
    { id: 'deleteSubject', method: 'DELETE', path: `/v1/nature/subjects/${subject.id}` },
  ].map((operation) => ({ ...operation, key }));
}

describeService(() => {
  describe('authentication and scopes (every operation, every key kind)', () => {
    it('answers 401 unauthenticated for a missing header, a malformed key, an unknown key and a revoked key', async () => {
      const revoked = await service.key();
      const { revokeKey } = await import('../../../../service/keys.js');
      await revokeKey(service.store, revoked, new Date().toISOString());
      const variants: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer not-a-key' },
        { authorization: 'Basic dGVzdDp0ZXN0' },
        { authorization: `Bearer test_sk_${'x'.repeat(32)}` },
        { authorization: `Bearer ${revoked}` },
      ];
      for (const operation of await everyOperation('')) {
        for (const headers of variants) {
          const response = await service.call(operation.method, operation.path, {
            headers,
            body: operation.body,
          });
          expect(response.status, `${operation.id} ${JSON.stringify(headers)}`).toBe(401);
          expect(response.json()).toMatchObject({
            object: 'error',
            code: 'unauthenticated',
            request_id: response.headers.get('x-request-id'),
          });
        }
      }
    });

    it('takes the Bearer scheme in any letter case, with one space or more before the key', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      for (const authorization of [
        `Bearer ${key}`,
        `bearer ${key}`,
        `BEARER ${key}`,
        `Bearer   ${key}`,
        `bEaReR\t${key}`,
      ]) {
        const response = await service.call('GET', `/v1/nature/subjects/${subject.id}`, {
          headers: { authorization },
        });
        expect(response.status, JSON.stringify(authorization)).toBe(200);
      }
      for (const authorization of [`Bearer${key}`, `Bearer ${key} extra`, `Token ${key}`]) {
        const response = await service.call('GET', `/v1/nature/subjects/${subject.id}`, {
          headers: { authorization },
        });
        expect(response.status, JSON.stringify(authorization)).toBe(401);
      }
    });

    it('refuses a key from the first request after its revocation, though it authenticated the one before', async () => {
      const key = await service.key();
      expect((await service.call('GET', '/v1/nature/subjects', { key })).status).toBe(200);
      const { revokeKey } = await import('../../../../service/keys.js');
      await revokeKey(service.store, key, new Date().toISOString());
      const response = await service.call('GET', '/v1/nature/subjects', { key });
      expect(response.status).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    });

    it('answers 403 insufficient_scope when the key lacks the scope the method needs', async () => {
      const readOnly = await service.key({ scopes: ['nature:read'] });
      const writeOnly = await service.key({ scopes: ['nature:write'] });
      for (const operation of await everyOperation('')) {
        const needsWrite = operation.method !== 'GET';
        const response = await service.call(operation.method, operation.path, {
          key: needsWrite ? readOnly : writeOnly,
          body: operation.body,
        });
        expect(response.status, operation.id).toBe(403);
        expect(response.json().code).toBe('insufficient_scope');
        expectConforms(operation.id, response);
      }
    });

    it('lets pk_ keys do exactly the operations whose x-key-types include pk', async () => {
      const publishable = await service.key({ type: 'pk' });
      for (const operation of await everyOperation('')) {
        const route = ROUTES.find((candidate) => candidate.operationId === operation.id)!;
        const response = await service.call(operation.method, operation.path, {
          key: publishable,
          body: operation.body,
        });
        if (route.security.keyTypes?.includes('pk')) expect(response.status, operation.id).toBeLessThan(300);
        else {
          expect(response.status, operation.id).toBe(403);
          expect(response.json().message).toMatch(/pk_ key cannot/);
        }
      }
    });

    it('serves every operation to a secret key with both scopes, each answer conforming to the spec', async () => {
      const key = await service.key();
      for (const operation of await everyOperation(key)) {
        const response = await service.call(operation.method, operation.path, { key, body: operation.body });
        expect(response.status, `${operation.id}: ${response.body}`).toBeLessThan(300);
        expectConforms(operation.id, response);
      }
    });

    it('never mints scopes of products that have not launched', async () => {
      await expect(service.key({ scopes: ['careers:read'] })).rejects.toThrow(/not available yet/);
      await expect(service.key({ scopes: ['nature:admin'] })).rejects.toThrow(/unknown scope/);
    });

    it('stores keys only as hashes', async () => {
      const raw = await service.key();
      const stored = (await service.store.listKeys()).find((key) => raw.endsWith(key.last4))!;
      expect(JSON.stringify(stored)).not.toContain(raw.slice(8));
      expect(stored.hash).toHaveLength(32);
    });
  });

  describe('environments', () => {
    it('keeps sandbox and live data apart: a key never sees, pages over or deletes the other environment', async () => {
      const test = await service.key({ env: 'test' });
      const live = await service.key({ env: 'live' });
      const testSubject = (await createSubject(test)).json();
      const liveSubject = (await createSubject(live)).json();
      expect(testSubject.livemode).toBe(false);
      expect(liveSubject.livemode).toBe(true);
      expect((await service.call('GET', `/v1/nature/subjects/${liveSubject.id}`, { key: test })).status).toBe(
        404,
      );
      expect((await service.call('GET', `/v1/nature/subjects/${testSubject.id}`, { key: live })).status).toBe(
        404,
      );
      expect(
        (await service.call('DELETE', `/v1/nature/subjects/${liveSubject.id}`, { key: test })).status,
      ).toBe(404);
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key: test }))
          .json()
          .data.map((s: { id: string }) => s.id),
      ).toEqual([testSubject.id]);
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key: live }))
          .json()
          .data.map((s: { id: string }) => s.id),
      ).toEqual([liveSubject.id]);
      await createSubject(test);
      const page = await service.call(
        'GET',
        `/v1/nature/subjects?limit=1&starting_after=${(await service.call('GET', '/v1/nature/subjects?limit=1', { key: test })).json().next_cursor}`,
        { key: live },
      );
      expect(page.status).toBe(400);
      expect(page.json().code).toBe('invalid_cursor');
    });

    it('meters live requests per account for billing, and not sandbox requests', async () => {
      const live = await service.key({ env: 'live', account: 'acct_billing' });
      const test = await service.key({ env: 'test', account: 'acct_billing' });
      for (let i = 0; i < 3; i += 1) await service.call('GET', '/v1/nature/subjects', { key: live });
      for (let i = 0; i < 5; i += 1) await service.call('GET', '/v1/nature/subjects', { key: test });
      await new Promise((resolve) => setTimeout(resolve, 20)); // onResponse runs after the reply is sent
      expect(await service.store.usage('acct_billing', '2026-11')).toBe(3);
    });
  });

  describe('rate limits', () => {
    it('enforces the per-key limit of the tier, with headers on every response and an integer Retry-After', async () => {
      const key = await service.key({ tier: 0, account: 'acct_free' });
      const statuses: number[] = [];
      let last: ServiceResponse | undefined;
      for (let i = 0; i < 61; i += 1) {
        last = await service.call('GET', '/v1/nature/subjects/subj_missing', { key });
        statuses.push(last.status);
        expect(last.headers.get('x-ratelimit-limit')).toBe('60');
      }
      expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(last!.json()).toMatchObject({ code: 'rate_limited' });
      service.clock.advance(Number(last!.headers.get('retry-after')) * 1000);
      expect((await service.call('GET', '/v1/nature/subjects/subj_missing', { key })).status).toBe(404);
    });

    it('enforces the per-account limit across the account’s keys, and describes the tighter bucket', async () => {
      const keys = [
        await service.key({ tier: 0, account: 'acct_shared' }),
        await service.key({ tier: 0, account: 'acct_shared' }),
      ];
      const first = await service.call('GET', '/v1/nature/subjects', { key: keys[0] });
      expect(first.headers.get('x-ratelimit-limit')).toBe('60'); // key bucket (59 left) is tighter than the account's (99 left)
      let refused: ServiceResponse | undefined;
      for (let i = 1; i < 110 && !refused; i += 1) {
        const response = await service.call('GET', '/v1/nature/subjects', { key: keys[i % 2] });
        if (response.status === 429) refused = response;
      }
      expect(
        refused,
        'the account limit (100/min on tier 0) refuses before either key reaches 60',
      ).toBeDefined();
      expect(refused!.headers.get('x-ratelimit-limit')).toBe('100');
    });

    it('gives higher tiers higher limits', async () => {
      const key = await service.key({ tier: 1, account: 'acct_indie' });
      const response = await service.call('GET', '/v1/nature/subjects', { key });
      expect(response.headers.get('x-ratelimit-limit')).toBe('300');
    });

    it('applies a tier change from the next request of a key already in use', async () => {
      const key = await service.key({ tier: 0, account: 'acct_upgrading' });
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key })).headers.get('x-ratelimit-limit'),
      ).toBe('60');
      await service.store.setAccountTier('acct_upgrading', 1);
      expect(
        (await service.call('GET', '/v1/nature/subjects', { key })).headers.get('x-ratelimit-limit'),
      ).toBe('300');
    });

    it('puts the rate-limit headers on errors and unknown routes too', async () => {
      for (const response of [
        await service.call('GET', '/v1/nature/subjects'),
        await service.call('GET', '/nowhere'),
        await service.call('GET', '/v1/health'),
      ]) {
        expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
        expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
        expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      }
    });

    it('answers the health check and a preflight with the spent budget reported and no Retry-After', async () => {
      // Before: once the address had spent its budget, these 200/204 answers carried "Retry-After: 0".
      let spent = false;
      for (let i = 0; i < 200 && !spent; i += 1)
        spent = (await service.call('GET', '/nowhere')).status === 429;
      expect(spent).toBe(true);
      const health = await service.call('GET', '/v1/health');
      const preflight = await service.call('OPTIONS', '/v1/nature/subjects', {
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      for (const [response, status] of [
        [health, 200],
        [preflight, 204],
      ] as const) {
        expect(response.status).toBe(status);
        expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(response.headers.get('retry-after')).toBeNull();
      }
      expect((await service.call('GET', '/nowhere')).headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    });
  });
});
