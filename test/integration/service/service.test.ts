/**
 * The reference service over HTTP on loopback, rule by rule: auth matrix, environments,
 * tiers and rate limits, paging, subjects and assessments, idempotency, bad input.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, SHARED_SCHEMA } from '../../../generated/server/index.js';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';
import { CONSENT, startService, type ServiceResponse, type TestService } from '../../support/service.js';

let service: TestService;

const createSubject = (
  key: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  service.call('POST', '/v1/nature/subjects', {
    key,
    body: { consent_artifact: CONSENT, ...extra },
    headers,
  });

/** Validates a response body against the spec's schema for that operation and status. */
const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as (a: unknown) => void)(ajv);
ajv.addSchema(SHARED_SCHEMA as object);
function expectConforms(operationId: string, response: ServiceResponse) {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId)!;
  const schema = route.schema.response?.[String(response.status)];
  expect(schema, `${operationId} documents ${response.status}`).toBeDefined();
  const validate = ajv.compile(schema!);
  expect(
    validate(response.json()),
    `${operationId} ${response.status}: ${JSON.stringify(validate.errors)}`,
  ).toBe(true);
  for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-request-id'])
    expect(response.headers.get(header), header).not.toBeNull();
}

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

describe.each(ENGINES)('service on $name', ({ start }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });
  beforeEach(async () => {
    service = await startService((await engine.fresh()).store);
  });
  afterEach(async () => {
    await service.close();
  });

  describe('authentication and scopes (every operation, every key kind)', () => {
    it('answers 401 unauthenticated for a missing header, a malformed key, an unknown key and a revoked key', async () => {
      const revoked = await service.key();
      const { revokeKey } = await import('../../../service/keys.js');
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

    it('refuses a key from the first request after its revocation, though it authenticated the one before', async () => {
      const key = await service.key();
      expect((await service.call('GET', '/v1/nature/subjects', { key })).status).toBe(200);
      const { revokeKey } = await import('../../../service/keys.js');
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

  describe('paging', () => {
    async function seed(key: string, count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createSubject(key)).json().id);
      return ids.reverse(); // newest first
    }

    it('defaults to 25 and pages forward by next_cursor, then backward by previous_cursor', async () => {
      const key = await service.key();
      const ids = await seed(key, 30);
      const first = (await service.call('GET', '/v1/nature/subjects', { key })).json();
      expect(first.data).toHaveLength(25);
      expect(first).toMatchObject({
        object: 'list',
        has_more: true,
        previous_cursor: null,
        request_id: expect.stringMatching(/^req_/),
      });
      const second = (
        await service.call('GET', `/v1/nature/subjects?starting_after=${first.next_cursor}`, { key })
      ).json();
      expect(second).toMatchObject({ has_more: false, next_cursor: null });
      expect([...first.data, ...second.data].map((s: { id: string }) => s.id)).toEqual(ids);
      const back = (
        await service.call('GET', `/v1/nature/subjects?ending_before=${second.previous_cursor}`, { key })
      ).json();
      expect(back.data.map((s: { id: string }) => s.id)).toEqual(first.data.map((s: { id: string }) => s.id));
      expect(back.has_more).toBe(false);
      expect(back.previous_cursor).toBeNull();
    });

    it.each([
      { query: 'limit=0', code: 'limit_out_of_range', param: 'limit' },
      { query: 'limit=101', code: 'limit_out_of_range', param: 'limit' },
      { query: 'limit=abc', code: 'invalid_request', param: 'limit' },
      { query: 'starting_after=a&ending_before=b', code: 'conflicting_cursors', param: 'ending_before' },
      {
        query: 'starting_after=tampered0000000000000000000000',
        code: 'invalid_cursor',
        param: 'starting_after',
      },
    ])('answers 400 $code to $query', async ({ query, code, param }) => {
      const key = await service.key();
      const response = await service.call('GET', `/v1/nature/subjects?${query}`, { key });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code, param });
    });

    it('refuses a cursor with one character changed, and a cursor of another list', async () => {
      const key = await service.key();
      await seed(key, 3);
      const cursor: string = (await service.call('GET', '/v1/nature/subjects?limit=1', { key })).json()
        .next_cursor;
      const flipped = cursor.slice(0, 2) + (cursor[2] === 'A' ? 'B' : 'A') + cursor.slice(3);
      expect(
        (await service.call('GET', `/v1/nature/subjects?starting_after=${flipped}`, { key })).json().code,
      ).toBe('invalid_cursor');
      const otherAccount = await service.key({ account: 'acct_other' });
      expect(
        (
          await service.call('GET', `/v1/nature/subjects?starting_after=${cursor}`, { key: otherAccount })
        ).json().code,
      ).toBe('invalid_cursor');
    });
  });

  describe('subjects and assessments', () => {
    it('validates the consent artifact and refuses unknown fields', async () => {
      const key = await service.key();
      const cases = [
        {
          body: { consent_artifact: { ...CONSENT, ui_snapshot_hash: 'sha256:ABC' } },
          param: 'consent_artifact.ui_snapshot_hash',
        },
        {
          body: { consent_artifact: { ...CONSENT, consented_at: '2026-03-14T09:26:53+02:00' } },
          param: 'consent_artifact.consented_at',
        },
        {
          body: { consent_artifact: { ...CONSENT, consent_text_version: undefined } },
          param: 'consent_artifact.consent_text_version',
        },
        { body: {}, param: 'consent_artifact' },
        { body: { consent_artifact: CONSENT, nickname: 'x' }, param: 'nickname' },
      ];
      for (const { body, param } of cases) {
        const response = await service.call('POST', '/v1/nature/subjects', { key, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_request', param });
      }
    });

    it('runs an assessment from creation to completed, with deterministic scores, and refuses a second submit with 409', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      expect(subject.latest_scores).toBeNull();
      const created = await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, {
        key,
        body: { metadata: { session: 'a' } },
      });
      expect(created.status).toBe(201);
      const assessment = created.json();
      expect(assessment).toMatchObject({
        status: 'in_progress',
        answers: [],
        scores: null,
        completed_at: null,
      });

      const partial = (
        await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
          key,
          body: {
            answers: [
              { item_id: 'n02', value: 2 },
              { item_id: 'n01', value: 4 },
            ],
          },
        })
      ).json();
      expect(partial.status).toBe('in_progress');
      expect(partial.answers.map((a: { item_id: string }) => a.item_id)).toEqual(['n01', 'n02']);
      expect(partial.scores).toEqual({ mn: expect.any(Number), mi: expect.any(Number) });

      const done = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { answers: [{ item_id: 'n02', value: 5 }], status: 'completed' },
      });
      expect(done.status).toBe(200);
      const completed = done.json();
      expect(completed).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
      expect(completed.answers).toEqual([
        { item_id: 'n01', value: 4 },
        { item_id: 'n02', value: 5 },
      ]);

      // Same answers on another subject give the same scores.
      const other = (await createSubject(key)).json();
      const twin = (
        await service.call('POST', `/v1/nature/subjects/${other.id}/assessments`, { key, body: {} })
      ).json();
      const twinDone = (
        await service.call('PATCH', `/v1/nature/assessments/${twin.id}`, {
          key,
          body: { answers: completed.answers, status: 'completed' },
        })
      ).json();
      expect(twinDone.scores).toEqual(completed.scores);

      expect(
        (await service.call('GET', `/v1/nature/subjects/${subject.id}`, { key })).json().latest_scores,
      ).toEqual(completed.scores);
      const again = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { status: 'completed' },
      });
      expect(again.status).toBe(409);
      expect(again.json().code).toBe('invalid_state_transition');
    });

    it('refuses to complete an assessment with no answers (409)', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const response = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { status: 'completed' },
      });
      expect(response.status).toBe(409);
      expect(response.json().code).toBe('invalid_state_transition');
    });

    it('refuses answers past the 200 an assessment holds (400, param answers), across PATCHes, and completes within it', async () => {
      // Before: each PATCH was bounded by its schema but their sum was not; 2,200 answers made a completion event too large to deliver.
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const answers = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          item_id: `q${String(from + i).padStart(3, '0')}`,
          value: 3,
        }));
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { answers: answers(0, 150) },
          })
        ).status,
      ).toBe(200);
      // Replacing answered items keeps the count: allowed.
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { answers: answers(100, 100) },
          })
        ).json().answers,
      ).toHaveLength(200);
      const over = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { answers: answers(200, 1), status: 'completed' },
      });
      expect(over.status).toBe(400);
      expect(over.json()).toMatchObject({
        code: 'invalid_request',
        param: 'answers',
        message:
          'An assessment holds at most 200 answers; this one has 200, and the request would bring it to 201.',
      });
      expectConforms('submitAssessment', over);
      const unchanged = (
        await service.call('GET', `/v1/nature/assessments/${assessment.id}`, { key })
      ).json();
      expect(unchanged).toMatchObject({ status: 'in_progress' });
      expect(unchanged.answers).toHaveLength(200);
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { status: 'completed' },
          })
        ).status,
      ).toBe(200);
    });

    it('quotes at most 40 characters of an unknown id in its 404', async () => {
      const key = await service.key();
      const long = 'a'.repeat(64);
      for (const path of [`/v1/nature/subjects/${long}`, `/v1/nature/assessments/${long}`]) {
        const response = await service.call('GET', path, { key });
        expect(response.status, path).toBe(404);
        expect(response.json().message, path).toMatch(
          new RegExp(`^No (subject|assessment) ${'a'.repeat(40)}… in this environment\\.$`),
        );
      }
    });

    it('deletes a subject with its assessments', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const deleted = await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key });
      expect(deleted.json()).toMatchObject({ id: subject.id, deleted: true });
      expect((await service.call('GET', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(404);
      expect((await service.call('GET', `/v1/nature/assessments/${assessment.id}`, { key })).status).toBe(
        404,
      );
      expect((await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(404);
    });
  });

  describe('idempotency', () => {
    it('replays the first response for the same key and body, and creates once', async () => {
      const key = await service.key();
      const first = await createSubject(key, {}, { 'idempotency-key': 'create-1' });
      const second = await createSubject(key, {}, { 'idempotency-key': 'create-1' });
      expect(second.status).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect((await service.call('GET', '/v1/nature/subjects', { key })).json().data).toHaveLength(1);
    });

    it('refuses the same key with a different body (409 idempotency_conflict)', async () => {
      const key = await service.key();
      await createSubject(key, {}, { 'idempotency-key': 'create-2' });
      const response = await createSubject(
        key,
        { metadata: { other: 'yes' } },
        { 'idempotency-key': 'create-2' },
      );
      expect(response.status).toBe(409);
      expect(response.json()).toMatchObject({ code: 'idempotency_conflict', param: 'idempotency-key' });
    });

    it('scopes keys per account and environment, and expires them after 24 hours', async () => {
      const a = await service.key({ account: 'acct_a' });
      const b = await service.key({ account: 'acct_b' });
      const live = await service.key({ account: 'acct_a', env: 'live' });
      const first = (await createSubject(a, {}, { 'idempotency-key': 'shared' })).json();
      expect((await createSubject(b, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
      expect((await createSubject(live, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
      service.clock.advance(24 * 60 * 60 * 1000 + 1);
      expect((await createSubject(a, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
    });
  });

  describe('bad input is answered in the error format, never with a 500', () => {
    it.each([
      {
        name: 'malformed JSON',
        options: { rawBody: '{"consent_artifact":', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'malformed_json',
      },
      {
        name: 'an empty JSON body (the body is missing, not malformed)',
        options: { rawBody: '', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'invalid_request',
      },
      {
        name: 'a text body',
        options: { rawBody: 'hello', headers: { 'content-type': 'text/plain' } },
        status: 415,
        code: 'unsupported_media_type',
      },
      {
        name: 'an XML body',
        options: { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } },
        status: 415,
        code: 'unsupported_media_type',
      },
      {
        name: 'a body over 64 KiB',
        options: {
          rawBody: JSON.stringify({ consent_artifact: CONSENT, metadata: { a: 'x'.repeat(70_000) } }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
        code: 'payload_too_large',
      },
      {
        name: 'a JSON array',
        options: { rawBody: '[]', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'invalid_request',
      },
      {
        name: 'a wrong type',
        options: { body: { consent_artifact: 'yes' } },
        status: 400,
        code: 'invalid_request',
      },
    ])('$name gets $status $code', async ({ options, status, code }) => {
      const key = await service.key();
      const response = await service.call('POST', '/v1/nature/subjects', { key, ...options });
      expect(response.status).toBe(status);
      expect(response.json()).toMatchObject({
        object: 'error',
        code,
        request_id: expect.stringMatching(/^req_/),
      });
    });

    it('gives every response a request_id, in the header and in error bodies', async () => {
      const response = await service.call('GET', '/v1/nature/subjects/x');
      expect(response.json().request_id).toBe(response.headers.get('x-request-id'));
    });
  });

  describe('browsers and the spec digest', () => {
    it('answers a CORS preflight so pk_ keys work from a page', async () => {
      const response = await service.call('OPTIONS', '/v1/nature/subjects', {
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    });

    it('reports the digest of its spec in /v1/health and on every response', async () => {
      const provenance = JSON.parse(readFileSync('generated/provenance.json', 'utf8'));
      const health = await service.call('GET', '/v1/health');
      expect(health.json()).toEqual({ status: 'ok', spec_digest: provenance.spec_digest });
      expect((await service.call('GET', '/v1/nature/subjects')).headers.get('x-spec-digest')).toBe(
        provenance.spec_digest,
      );
    });
  });
});
