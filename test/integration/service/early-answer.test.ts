/**
 * An answer given in a hook before the body is read ends the request there, even when an
 * asynchronous onSend hook (a plugin's, a logger's) delays the reply: a large body on an
 * operation that takes none is refused with the spec's 400, never the body parser's 413.
 */
import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createKey } from '../../../service/keys.js';
import { startService, type RunningService } from '../../../service/start-service.js';
import { SqliteStore } from '../../../service/store/sqlite.js';
import { CONSENT } from '../../support/service.js';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
});

/** The service with an onSend hook that answers late, as a logging or compression plugin's would. */
const slowOnSend = (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, _reply, payload) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return payload;
  });
};

it('refuses a body on DELETE with 400 even behind an async onSend hook', async () => {
  const store = new SqliteStore(':memory:');
  const { rawKey } = await createKey(
    store,
    { environment: 'test', type: 'sk', scopes: ['nature:write'], accountId: 'acct_early' },
    new Date().toISOString(),
  );
  service = await startService({ store, dispatcher: false, extend: slowOnSend });
  const { url } = service;
  const response = await fetch(`${url}/v1/nature/subjects/subj_4f9a1c2b7d8e0a3b5c6d7e8f`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${rawKey}` },
    body: JSON.stringify({ pad: 'b'.repeat(100 * 1024) }),
  });
  const body = (await response.json()) as { code: string; message: string };
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.code).toBe('invalid_request');
  expect(body.message).toContain('takes no request body');
});

it('a refused key never reaches the handler, even behind an async onSend hook', async () => {
  const store = new SqliteStore(':memory:');
  const now = new Date().toISOString();
  const writer = await createKey(
    store,
    { environment: 'test', type: 'sk', scopes: ['nature:write'], accountId: 'acct_early' },
    now,
  );
  const reader = await createKey(
    store,
    { environment: 'test', type: 'sk', scopes: ['nature:read'], accountId: 'acct_early' },
    now,
  );
  service = await startService({ store, dispatcher: false, extend: slowOnSend });
  const { url } = service;
  const created = await fetch(`${url}/v1/nature/subjects`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${writer.rawKey}`,
      'idempotency-key': 'early-answer-1',
    },
    body: JSON.stringify({ consent_artifact: CONSENT }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const refused = await fetch(`${url}/v1/nature/subjects/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${reader.rawKey}` },
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('insufficient_scope');
  const read = await fetch(`${url}/v1/nature/subjects/${id}`, {
    headers: { authorization: `Bearer ${reader.rawKey}` },
  });
  expect(read.status, 'the read-only key deleted the subject').toBe(200);
});
