/**
 * The reference service with one thing broken on purpose, for proving that the contract suite
 * notices: `wrong-type` (a subject field of the wrong type), `drop-header` (a rate-limit header
 * missing), `ok-for-404` (200 where the spec says 404), `other-spec` (built from another spec: a
 * different digest), `drop-field` (subject metadata answered on create but never stored),
 * `stale-read` (an assessment read serves its first answer forever), `500-on-valid-input` (more
 * than three answers in one PATCH crash it), `skip-page` (every page after the first loses its
 * first item), `delete-nothing` (DELETE answers but deletes nothing); webhooks: `event-drop-field`
 * (events go out without `created_at`), `event-wrong-signature` (signed with a secret that is not
 * the endpoint's), `event-no-retry` (a failed delivery is never retried); issue 22's checks:
 * `cross-tenant-read` (a subject is found whatever account asks), `keep-children` (a deleted
 * subject's assessments stay readable), `leak-on-refusal` (a refused createSubject still stores a
 * subject), `idempotency-ignored` (Idempotency-Key never replays, so parallel creates make many),
 * `text-content-type` (retrieveSubject answers text/plain), `refuse-max-answers` (a PATCH with
 * exactly 200 answers, the maximum, is refused), `429-no-headers` (every 10th authenticated request
 * gets a 429 without the rate-limit headers).
 *
 * Served alone by sabotaged-server.ts (SABOTAGE), or several in one process by
 * sabotaged-services-server.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../service/ids.js';
import type { ServiceOptions } from '../../service/start-service.js';
import type { Store } from '../../service/store/store.js';
import { webhookSettings } from '../../service/webhooks/config.js';
import { secretBox } from '../../service/webhooks/secrets.js';

export const SABOTAGES = [
  'wrong-type',
  'drop-header',
  'ok-for-404',
  'other-spec',
  'drop-field',
  'stale-read',
  '500-on-valid-input',
  'skip-page',
  'delete-nothing',
  'event-drop-field',
  'event-wrong-signature',
  'event-no-retry',
  'cross-tenant-read',
  'keep-children',
  'leak-on-refusal',
  'idempotency-ignored',
  'text-content-type',
  'refuse-max-answers',
  '429-no-headers',
] as const;
export type Sabotage = (typeof SABOTAGES)[number];

export function isSabotage(name: string | undefined): name is Sabotage {
  return (SABOTAGES as readonly (string | undefined)[]).includes(name);
}

/** Applies `change` to a store result, whether the store answers now or with a promise. */
const after = <T, U>(result: T | Promise<T>, change: (value: T) => U): U | Promise<U> =>
  result instanceof Promise ? result.then(change) : change(result);

/**
 * What one sabotaged service replaces of the service `npm run serve` starts: `store`'s methods
 * (patched in place, so use a store of its own), the dispatcher's secret box or retry schedule
 * (read from `env`, as the service reads its environment), and hooks that rewrite answers. Every
 * piece of state lives in the returned options, so services in one process never share any.
 */
export function sabotagedParts(
  sabotage: Sabotage,
  store: Store,
  env: NodeJS.ProcessEnv,
): Pick<ServiceOptions, 'store' | 'dispatcher' | 'extend'> {
  // The patched methods run with the caller's `this`: inside a transaction that is the transaction's
  // view of the store, and calling the store itself there would wait for the transaction to end.
  if (sabotage === 'drop-field') {
    const insert = store.insertSubject;
    store.insertSubject = function (this: Store, scope, row) {
      return after(insert.call(this, scope, { ...row, metadata: {} }), (stored) => ({
        ...stored,
        metadata: row.metadata,
      }));
    } as typeof store.insertSubject;
  }
  if (sabotage === 'delete-nothing') {
    store.deleteSubject = function (this: Store, scope, id) {
      return this.findSubject(scope, id);
    } as typeof store.deleteSubject;
  }

  if (sabotage === 'cross-tenant-read') {
    // Remember every subject's owner, and look it up there whoever asks.
    const owners = new Map<string, Parameters<typeof store.findSubject>[0]>();
    const insert = store.insertSubject;
    store.insertSubject = function (this: Store, scope, row) {
      owners.set(row.id, scope);
      return insert.call(this, scope, row);
    } as typeof store.insertSubject;
    // The one reader of a subject by id: the subject's GET reads its shared record, and findSubject
    // (creating and listing assessments) is that record copied (repository-store.ts).
    const find = store.findSubjectShared;
    store.findSubjectShared = function (this: Store, scope, id) {
      return find.call(this, owners.get(id) ?? scope, id);
    } as typeof store.findSubjectShared;
  }
  if (sabotage === 'keep-children') {
    // Assessments are remembered as written, and read from memory once the subject's delete removed them.
    const kept = new Map<string, Awaited<ReturnType<typeof store.findAssessment>>>();
    const insert = store.insertAssessment;
    store.insertAssessment = function (this: Store, scope, row) {
      return after(insert.call(this, scope, row), (stored) => {
        kept.set(stored.id, stored);
        return stored;
      });
    } as typeof store.insertAssessment;
    const find = store.findAssessment;
    store.findAssessment = function (this: Store, scope, id) {
      return after(find.call(this, scope, id), (row) => {
        if (row) kept.set(id, row);
        return row ?? kept.get(id);
      });
    } as typeof store.findAssessment;
  }
  if (sabotage === 'idempotency-ignored') store.findIdempotency = async () => undefined;

  if (sabotage === 'event-drop-field') {
    const insert = store.insertWebhookEvent;
    store.insertWebhookEvent = function (this: Store, event, onlyEndpointId) {
      const { created_at: _dropped, ...payload } = JSON.parse(event.payload) as Record<string, unknown>;
      return insert.call(this, { ...event, payload: JSON.stringify(payload) }, onlyEndpointId);
    } as typeof store.insertWebhookEvent;
  }
  const box = secretBox(env);
  if (sabotage === 'event-wrong-signature') box.open = () => `whsec_${randomBytes(24).toString('base64')}`;
  const settings = webhookSettings(env);

  const firstAnswers = new Map<string, string>();
  const breakAnswers = (app: FastifyInstance) => {
    let authenticated = 0;
    app.addHook('preHandler', async (request, reply) => {
      const body = request.body as { answers?: unknown[] } | undefined;
      if (
        sabotage === '500-on-valid-input' &&
        request.method === 'PATCH' &&
        Array.isArray(body?.answers) &&
        body.answers.length > 3
      )
        throw new Error('planted: more than three answers');
      if (
        sabotage === 'refuse-max-answers' &&
        request.method === 'PATCH' &&
        Array.isArray(body?.answers) &&
        body.answers.length === 200
      ) {
        return reply.code(400).send({
          object: 'error',
          code: 'invalid_request',
          message: 'Too many answers.',
          param: 'answers',
          request_id: request.id,
        });
      }
      if (
        sabotage === '429-no-headers' &&
        (request as { caller?: unknown }).caller &&
        ++authenticated % 10 === 0
      ) {
        reply.removeHeader('x-ratelimit-limit');
        reply.removeHeader('x-ratelimit-remaining');
        return reply.code(429).header('retry-after', '0').send({
          object: 'error',
          code: 'rate_limited',
          message: 'Planted: slow down.',
          param: null,
          request_id: request.id,
        });
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const caller = (request as { caller?: { scope: Parameters<typeof store.insertSubject>[0] } }).caller;
      if (
        sabotage === 'leak-on-refusal' &&
        request.method === 'POST' &&
        request.url.split('?')[0] === '/v1/nature/subjects' &&
        reply.statusCode === 400 &&
        caller
      ) {
        const body = request.body as { metadata?: unknown } | undefined;
        const metadata =
          body && typeof body.metadata === 'object' && body.metadata && !Array.isArray(body.metadata)
            ? (body.metadata as Record<string, string>)
            : {};
        await store.insertSubject(caller.scope, {
          id: newId('subj'),
          createdAt: new Date().toISOString(),
          consentArtifact: {
            consent_text_version: '2026-01',
            consented_at: new Date().toISOString(),
            ui_snapshot_hash: `sha256:${'0'.repeat(64)}`,
          },
          metadata,
        });
      }
      if (
        sabotage === 'text-content-type' &&
        request.method === 'GET' &&
        /^\/v1\/nature\/subjects\/[^/]+$/.test(request.url) &&
        reply.statusCode === 200
      )
        reply.header('content-type', 'text/plain');
      if (sabotage === 'drop-header') reply.removeHeader('x-ratelimit-remaining');
      if (sabotage === 'ok-for-404' && reply.statusCode === 404) reply.code(200);
      if (sabotage === 'other-spec') reply.header('x-spec-digest', `sha256:${'0'.repeat(64)}`);
      if (sabotage === 'wrong-type' && typeof payload === 'string' && payload.includes('"object":"subject"'))
        return payload.replace('"livemode":false', '"livemode":"no"');
      if (
        sabotage === 'stale-read' &&
        request.method === 'GET' &&
        /^\/v1\/nature\/assessments\/[^/]+$/.test(request.url) &&
        reply.statusCode === 200 &&
        typeof payload === 'string'
      ) {
        if (!firstAnswers.has(request.url)) firstAnswers.set(request.url, payload);
        return firstAnswers.get(request.url);
      }
      if (
        sabotage === 'skip-page' &&
        request.method === 'GET' &&
        request.url.includes('starting_after=') &&
        reply.statusCode === 200 &&
        typeof payload === 'string'
      ) {
        const page = JSON.parse(payload) as { data?: unknown[] };
        if (Array.isArray(page.data) && page.data.length > 1) page.data.shift();
        return JSON.stringify(page);
      }
      return payload;
    });
  };

  return {
    store,
    dispatcher: {
      box,
      settings: sabotage === 'event-no-retry' ? { ...settings, retryDelaysMs: [] } : settings,
    },
    extend: breakAnswers,
  };
}
