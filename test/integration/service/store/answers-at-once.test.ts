/**
 * On SQLite the reads every request makes are answered at once, not in a promise (awaitable.ts):
 * a cached key and its account, the rate-limit decision, a subject by id while the connection is
 * free. So the security hook lets a known key through synchronously, and the generated routes go
 * on without a turn of the microtask queue. Whatever must wait (a key's first read, a read while a
 * transaction holds the connection) is still a promise, and answers the same. Runs on an in-memory
 * SQLite store; the last test also serves it over HTTP on loopback (in this process).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../generated/server/index.js';
import { createHandlers } from '../../../../service/handlers.js';
import { CursorCodec } from '../../../../service/cursor.js';
import { createKey, keyDigest } from '../../../../service/keys.js';
import { RateLimiter } from '../../../../service/rate-limit.js';
import { createSecurityHook } from '../../../../service/security.js';
import { startService } from '../../../../service/start-service.js';
import { SqliteStore } from '../../../../service/store/sqlite.js';
import type { Scope } from '../../../../service/store/store.js';

const NOW = '2026-11-27T10:00:00Z';
const SCOPE: Scope = { accountId: 'acct_at_once', environment: 'test' };
const retrieveSubject = ROUTES.find((route) => route.operationId === 'retrieveSubject')!;

/** The parts of a request and reply the security hook touches. */
function exchange(authorization: string) {
  const headers: Record<string, unknown> = {};
  const request = { headers: { authorization }, ip: '127.0.0.1', id: 'req_1' } as unknown as FastifyRequest;
  const reply = {
    header: (name: string, value: unknown) => ((headers[name] = value), reply),
    headers: (values: Record<string, unknown>) => (Object.assign(headers, values), reply),
  } as unknown as FastifyReply;
  return { request, reply, headers };
}

describe('reads answered at once on SQLite', () => {
  let store: SqliteStore;
  let rawKey: string;
  beforeAll(async () => {
    store = new SqliteStore(':memory:');
    rawKey = (
      await createKey(
        store,
        { environment: 'test', type: 'sk', scopes: ['nature:read'], accountId: SCOPE.accountId, tier: 1 },
        NOW,
      )
    ).rawKey;
    await store.insertSubject(SCOPE, {
      id: 'subj_at_once',
      createdAt: NOW,
      consentArtifact: { consent_text_version: '2026-01' },
      metadata: {},
    });
  });
  afterAll(() => store?.close());

  it('a subject by id, while nobody holds the connection; a promise while a transaction does', async () => {
    const found = store.findSubject(SCOPE, 'subj_at_once');
    expect(found).not.toBeInstanceOf(Promise);
    expect(found).toMatchObject({ id: 'subj_at_once', metadata: {} });
    expect(store.findSubject(SCOPE, 'subj_missing')).toBeUndefined();
    let release!: () => void;
    const holding = store.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve)); // the transaction has the connection
    const waiting = store.findSubject(SCOPE, 'subj_at_once');
    expect(waiting).toBeInstanceOf(Promise);
    release();
    await holding;
    expect(await waiting).toMatchObject({ id: 'subj_at_once' });
  });

  it("a key's first read waits; once cached, the key, its account and the rate decision are there at once", async () => {
    const digest = keyDigest(rawKey);
    const first = store.findKeyWithAccount(digest); // createKey's writes emptied the key cache
    expect(first).toBeInstanceOf(Promise);
    expect((await first)?.account?.tier).toBe(1);
    const cached = store.findKeyWithAccount(digest);
    expect(cached).not.toBeInstanceOf(Promise);
    expect(cached).toMatchObject({ key: { accountId: SCOPE.accountId }, account: { tier: 1 } });
    const decision = store.takeTokens([{ name: 'key:at-once', perMinute: 60 }], Date.now());
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ allowed: true, limit: 60 });
  });

  it('the security hook lets a cached key through synchronously, and refuses as before', async () => {
    const sent: string[] = [];
    const authenticate = createSecurityHook(
      store,
      new RateLimiter(Date.now),
      (reply, _request, status, code) => (sent.push(`${status} ${code}`), reply),
      () => undefined,
    );
    const warm = exchange(`Bearer ${rawKey}`);
    await authenticate(warm.request, warm.reply, retrieveSubject); // the key's first request may wait for its read
    const known = exchange(`Bearer ${rawKey}`);
    expect(authenticate(known.request, known.reply, retrieveSubject)).toBeUndefined();
    expect(known.request.caller?.scope).toEqual(SCOPE);
    // In lower case, as Fastify stores (and sends) every reply header's name.
    expect(known.headers).toMatchObject({
      'x-ratelimit-limit': expect.any(Number),
      'x-ratelimit-remaining': expect.any(Number),
    });
    expect(sent).toEqual([]);
    const unknown = exchange(`Bearer test_sk_${'0'.repeat(32)}`);
    await authenticate(unknown.request, unknown.reply, retrieveSubject);
    const malformed = exchange('Basic abc');
    await authenticate(malformed.request, malformed.reply, retrieveSubject);
    expect(sent).toEqual(['401 unauthenticated', '401 unauthenticated']);
    expect(unknown.request.caller).toBeUndefined();
  });

  it('the GET handler returns the subject itself when the store has it at once', () => {
    const handlers = createHandlers({ store, cursors: new CursorCodec('x'.repeat(48)), now: Date.now });
    const retrieveSubject = handlers.retrieveSubject as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => unknown;
    const caller = { key: {}, scope: SCOPE, tier: 1 };
    const answer = retrieveSubject(
      { caller, params: { subject_id: 'subj_at_once' } } as unknown as FastifyRequest,
      {} as FastifyReply,
    );
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toMatchObject({ id: 'subj_at_once', object: 'subject', livemode: false });
  });

  it('answers a missing subject once, at once or later, behind an async onSend hook', async () => {
    const { rawKey: key } = await createKey(
      store,
      { environment: 'test', type: 'sk', scopes: ['nature:read'], accountId: SCOPE.accountId },
      NOW,
    );
    const sends = new Map<string, number>();
    const errors: string[] = [];
    const service = await startService({
      store: Object.create(store), // its own view: findSubject patched below, the suite's store left alone (and open)
      dispatcher: false,
      extend: (app) => {
        app.addHook('onSend', async (request, _reply, payload) => {
          sends.set(request.id, (sends.get(request.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5)); // still writing when the handler returns
          return payload;
        });
        app.addHook('onError', async (_request, _reply, error) => void errors.push(error.message));
      },
    });
    try {
      const served = service.store as SqliteStore;
      const atOnce = served.findSubject;
      for (const later of [false, true]) {
        // Later: as on PostgreSQL, or on SQLite while a transaction holds the connection.
        served.findSubject = later ? (scope, id) => Promise.resolve(atOnce.call(served, scope, id)) : atOnce;
        sends.clear();
        const response = await fetch(`${service.url}/v1/nature/subjects/subj_missing0000000000000000`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(response.status).toBe(404);
        expect((await response.json()).code).toBe('not_found');
        await new Promise((resolve) => setTimeout(resolve, 30)); // a second send would come by now
        expect([...sends.values()]).toEqual([1]);
      }
      expect(errors).toEqual([]);
    } finally {
      await service.app.close(); // not service.close(): the suite's store stays open for afterAll
    }
  });
});
