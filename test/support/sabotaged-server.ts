/**
 * The reference service with one thing broken on purpose (SABOTAGE), for proving that the
 * contract suite notices: `wrong-type` (a subject field of the wrong type), `drop-header` (a
 * rate-limit header missing), `ok-for-404` (200 where the spec says 404), `other-spec` (built
 * from another spec: a different digest), `drop-field` (subject metadata answered on create but
 * never stored), `stale-read` (an assessment read serves its first answer forever),
 * `500-on-valid-input` (more than three answers in one PATCH crash it), `skip-page` (every page
 * after the first loses its first item), `delete-nothing` (DELETE answers but deletes nothing);
 * webhooks: `event-drop-field` (events go out without `created_at`), `event-wrong-signature`
 * (signed with a secret that is not the endpoint's), `event-no-retry` (a failed delivery is never
 * retried).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { serveFromEnvironment } from '../../service/serve.js';
import { openStoreOrExit } from '../../service/store/open.js';
import type { Store } from '../../service/store/store.js';
import { webhookSettings } from '../../service/webhooks/config.js';
import { secretBox } from '../../service/webhooks/secrets.js';

// `npm run serve` from the environment, with these parts replaced: store methods, the
// dispatcher's secret box or retry schedule, and hooks that rewrite answers.
const store = await openStoreOrExit('sabotaged');
const sabotage = process.env.SABOTAGE;

/** Applies `change` to a store result, whether the store answers now or with a promise. */
const after = <T, U>(result: T | Promise<T>, change: (value: T) => U): U | Promise<U> => (result instanceof Promise ? result.then(change) : change(result));

// The patched methods run with the caller's `this`: inside a transaction that is the transaction's
// view of the store, and calling the store itself there would wait for the transaction to end.
if (sabotage === 'drop-field') {
  const insert = store.insertSubject;
  store.insertSubject = function (this: Store, scope, row) {
    return after(insert.call(this, scope, { ...row, metadata: {} }), (stored) => ({ ...stored, metadata: row.metadata }));
  } as typeof store.insertSubject;
}
if (sabotage === 'delete-nothing') {
  store.deleteSubject = function (this: Store, scope, id) {
    return this.findSubject(scope, id);
  } as typeof store.deleteSubject;
}

if (sabotage === 'event-drop-field') {
  const insert = store.insertWebhookEvent;
  store.insertWebhookEvent = function (this: Store, event, onlyEndpointId) {
    const { created_at: _dropped, ...payload } = JSON.parse(event.payload) as Record<string, unknown>;
    return insert.call(this, { ...event, payload: JSON.stringify(payload) }, onlyEndpointId);
  } as typeof store.insertWebhookEvent;
}
const box = secretBox();
if (sabotage === 'event-wrong-signature') box.open = () => `whsec_${randomBytes(24).toString('base64')}`;
const settings = webhookSettings();

const firstAnswers = new Map<string, string>();
const breakAnswers = (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const body = request.body as { answers?: unknown[] } | undefined;
    if (sabotage === '500-on-valid-input' && request.method === 'PATCH' && Array.isArray(body?.answers) && body.answers.length > 3) throw new Error('planted: more than three answers');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (sabotage === 'drop-header') reply.removeHeader('x-ratelimit-remaining');
    if (sabotage === 'ok-for-404' && reply.statusCode === 404) reply.code(200);
    if (sabotage === 'other-spec') reply.header('x-spec-digest', `sha256:${'0'.repeat(64)}`);
    if (sabotage === 'wrong-type' && typeof payload === 'string' && payload.includes('"object":"subject"')) return payload.replace('"livemode":false', '"livemode":"no"');
    if (sabotage === 'stale-read' && request.method === 'GET' && /^\/v1\/nature\/assessments\/[^/]+$/.test(request.url) && reply.statusCode === 200 && typeof payload === 'string') {
      if (!firstAnswers.has(request.url)) firstAnswers.set(request.url, payload);
      return firstAnswers.get(request.url);
    }
    if (sabotage === 'skip-page' && request.method === 'GET' && request.url.includes('starting_after=') && reply.statusCode === 200 && typeof payload === 'string') {
      const page = JSON.parse(payload) as { data?: unknown[] };
      if (Array.isArray(page.data) && page.data.length > 1) page.data.shift();
      return JSON.stringify(page);
    }
    return payload;
  });
};

await serveFromEnvironment('sabotaged', {
  store,
  dispatcher: { box, settings: sabotage === 'event-no-retry' ? { ...settings, retryDelaysMs: [] } : settings },
  extend: breakAnswers,
});
