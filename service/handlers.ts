/**
 * The reference implementation of every operation, as the generated `Handlers` map: request
 * and reply types come from the spec, so a handler returning the wrong shape does not compile.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { echo, SHARED_SCHEMA, SPEC_DIGEST, type Handlers } from '../generated/server/index.js';
import type { components } from '../generated/types/openapi.js';
import { isPromise } from './awaitable.js';
import { callerOf, listName } from './context.js';
import type { CursorCodec } from './cursor.js';
import { sendError } from './errors.js';
import { newId } from './ids.js';
import { computeScores, mergeAnswers } from './scores.js';
import type { AssessmentRow, PageResult, Scope, Store, SubjectRow, Transaction } from './store/store.js';
import { recordEvent } from './webhooks/events.js';

type Schemas = components['schemas'];

/** Idempotency keys are honoured for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface HandlerDeps {
  store: Store;
  cursors: CursorCodec;
  now: () => number;
  /** Told after a transaction that wrote events commits (the webhook dispatcher delivers at once). */
  onEvents?: () => void;
}

/** The most answers an assessment holds (the spec's `Assessment.answers.maxItems`; spec/DECISIONS.md row 18): a PATCH is bounded by its schema, the sum of PATCHes here. */
export const MAX_ANSWERS: number = (
  SHARED_SCHEMA as unknown as {
    components: { schemas: { Assessment: { properties: { answers: { maxItems: number } } } } };
  }
).components.schemas.Assessment.properties.answers.maxItems;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function subjectView(row: SubjectRow, scope: Scope): Schemas['Subject'] {
  return {
    id: row.id,
    object: 'subject',
    livemode: scope.environment === 'live',
    created_at: row.createdAt,
    consent_artifact: row.consentArtifact as Schemas['ConsentArtifact'],
    metadata: row.metadata,
    latest_scores: row.latestScores,
  };
}

export function assessmentView(row: AssessmentRow, scope: Scope): Schemas['Assessment'] {
  return {
    id: row.id,
    object: 'assessment',
    livemode: scope.environment === 'live',
    subject_id: row.subjectId,
    status: row.status,
    answers: row.answers,
    scores: row.scores,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    metadata: row.metadata,
  };
}

/** Decodes the paging query into a store boundary, or answers 400 invalid_cursor. */
function pageQuery(
  deps: HandlerDeps,
  query: { limit?: number; starting_after?: string; ending_before?: string },
  list: string,
) {
  const limit = query.limit ?? 25;
  if (query.starting_after !== undefined) {
    const after = deps.cursors.decode(query.starting_after, list);
    return after === undefined ? { error: 'starting_after' as const } : { limit, boundary: { after } };
  }
  if (query.ending_before !== undefined) {
    const before = deps.cursors.decode(query.ending_before, list);
    return before === undefined ? { error: 'ending_before' as const } : { limit, boundary: { before } };
  }
  return { limit, boundary: null };
}

function envelope<Row, Item>(
  deps: HandlerDeps,
  page: PageResult<Row>,
  list: string,
  view: (row: Row) => Item,
  requestId: string,
) {
  return {
    object: 'list' as const,
    data: page.rows.map(view),
    has_more: page.hasMore,
    next_cursor: page.older === null ? null : deps.cursors.encode(page.older, list),
    previous_cursor: page.newer === null ? null : deps.cursors.encode(page.newer, list),
    request_id: requestId,
  };
}

const invalidCursor = (reply: FastifyReply, request: FastifyRequest, param: string) =>
  sendError(
    reply,
    request,
    400,
    'invalid_cursor',
    `${param} is not a cursor this list issued; start again from the first page.`,
    param,
  );

/**
 * Replays the first response of an Idempotency-Key used with the same body, refuses one used
 * with a different body, and otherwise runs the create and remembers its response, in one
 * transaction holding the key's lock: the same key sent twice at once (to any instance) creates once.
 */
async function idempotent<Body>(
  deps: HandlerDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (tx: Transaction) => Promise<{ status: number; body: Body }>,
): Promise<Body | FastifyReply> {
  const caller = callerOf(request);
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') {
    const result = await deps.store.transaction(create);
    reply.code(result.status);
    return result.body;
  }
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  return deps.store.transaction(async (tx) => {
    await tx.lock(`idempotency:${caller.scope.accountId}:${caller.scope.environment}:${key}`);
    const previous = await tx.findIdempotency(caller.scope, key, deps.now() - IDEMPOTENCY_TTL_MS);
    if (previous) {
      if (previous.requestHash !== requestHash) {
        return sendError(
          reply,
          request,
          409,
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request.',
          'idempotency-key',
        );
      }
      reply.header('idempotent-replayed', 'true').code(previous.status);
      return JSON.parse(previous.body) as Body;
    }
    const result = await create(tx);
    await tx.saveIdempotency(caller.scope, key, {
      requestHash,
      status: result.status,
      body: JSON.stringify(result.body),
      createdAtMs: deps.now(),
    });
    reply.code(result.status);
    return result.body;
  });
}

/** The 404 of every operation on one subject. A module function: a closure made per request for it cost more than the promise the GET saves (scripts/bench/request-path.ts). */
const subjectNotFound = (reply: FastifyReply, request: FastifyRequest<{ Params: { subject_id: string } }>) =>
  sendError(
    reply,
    request,
    404,
    'not_found',
    `No subject ${echo(request.params.subject_id)} in this environment.`,
    'subject_id',
  );

export function createHandlers(deps: HandlerDeps): Handlers {
  const { store } = deps;
  return {
    getHealth: async () => ({ status: 'ok' as const, spec_digest: SPEC_DIGEST }),

    createSubject: async (request, reply) => {
      const { scope } = callerOf(request);
      return (await idempotent(deps, request, reply, async (tx) => {
        const row = await tx.insertSubject(scope, {
          id: newId('subj'),
          createdAt: iso(deps.now()),
          consentArtifact: request.body.consent_artifact,
          metadata: request.body.metadata ?? {},
        });
        return { status: 201, body: subjectView(row, scope) };
      })) as Schemas['Subject'];
    },

    listSubjects: async (request, reply) => {
      const { scope } = callerOf(request);
      const list = listName(scope, 'subjects');
      const query = pageQuery(deps, request.query, list);
      if ('error' in query) return invalidCursor(reply, request, query.error!);
      return envelope(
        deps,
        await store.pageSubjects(scope, query),
        list,
        (row) => subjectView(row, scope),
        request.id,
      );
    },

    // Not async: a subject the store has at once is answered without a promise (awaitable.ts).
    retrieveSubject: (request, reply) => {
      const { scope } = callerOf(request);
      // Shared and frozen: the view only reads it, so no copy of the subject is made per request.
      const found = store.findSubjectShared(scope, request.params.subject_id);
      // Later: a 404 resolves to the reply, which Fastify waits for (an async onSend hook may still
      // be writing it); resolving to nothing would make Fastify send again.
      if (isPromise(found))
        return found.then(async (row) => (row ? subjectView(row, scope) : subjectNotFound(reply, request)));
      // At once: a handler that returns nothing has answered itself.
      if (!found) return void subjectNotFound(reply, request);
      return subjectView(found, scope);
    },

    deleteSubject: async (request, reply) => {
      const { scope } = callerOf(request);
      // One transaction: the deletion and its subject.deleted event (the outbox) commit together.
      const row = await store.transaction(async (tx) => {
        const deleted = await tx.deleteSubject(scope, request.params.subject_id);
        if (deleted)
          await recordEvent(
            tx,
            scope,
            'subject.deleted',
            { ...subjectView(deleted, scope), deleted: true },
            deps.now(),
          );
        return deleted;
      });
      if (row) deps.onEvents?.();
      if (!row) return subjectNotFound(reply, request);
      return { ...subjectView(row, scope), deleted: true as const };
    },

    createAssessment: async (request, reply) => {
      const { scope } = callerOf(request);
      const subject = await store.findSubject(scope, request.params.subject_id);
      if (!subject) return subjectNotFound(reply, request);
      return (await idempotent(deps, request, reply, async (tx) => {
        const row = await tx.insertAssessment(scope, {
          id: newId('asmt'),
          subjectId: subject.id,
          status: 'in_progress',
          answers: [],
          scores: null,
          createdAt: iso(deps.now()),
          completedAt: null,
          metadata: request.body?.metadata ?? {},
        });
        return { status: 201, body: assessmentView(row, scope) };
      })) as Schemas['Assessment'];
    },

    listAssessments: async (request, reply) => {
      const { scope } = callerOf(request);
      const subject = await store.findSubject(scope, request.params.subject_id);
      if (!subject) return subjectNotFound(reply, request);
      const list = listName(scope, `assessments:${subject.id}`);
      const query = pageQuery(deps, request.query, list);
      if ('error' in query) return invalidCursor(reply, request, query.error!);
      return envelope(
        deps,
        await store.pageAssessments(scope, subject.id, query),
        list,
        (row) => assessmentView(row, scope),
        request.id,
      );
    },

    retrieveAssessment: async (request, reply) => {
      const { scope } = callerOf(request);
      const row = await store.findAssessment(scope, request.params.assessment_id);
      if (!row)
        return sendError(
          reply,
          request,
          404,
          'not_found',
          `No assessment ${echo(request.params.assessment_id)} in this environment.`,
          'assessment_id',
        );
      return assessmentView(row, scope);
    },

    submitAssessment: async (request, reply) => {
      const { scope } = callerOf(request);
      const result = await store.transaction(async (tx) => {
        const row = await tx.findAssessment(scope, request.params.assessment_id);
        if (!row) return { status: 404 as const };
        if (row.status === 'completed')
          return {
            status: 409 as const,
            message: `Assessment ${row.id} is already completed; completed assessments cannot change.`,
          };
        const answers = mergeAnswers(row.answers, request.body.answers ?? []);
        // Past the bound an assessment would break its own schema, and its completion event would outgrow a delivery.
        if (answers.length > MAX_ANSWERS)
          return {
            status: 400 as const,
            message: `An assessment holds at most ${MAX_ANSWERS} answers; this one has ${row.answers.length}, and the request would bring it to ${answers.length}.`,
          };
        const completing = request.body.status === 'completed';
        if (completing && answers.length === 0)
          return { status: 409 as const, message: `Assessment ${row.id} has no answers to complete with.` };
        const updated: AssessmentRow = {
          ...row,
          answers,
          scores: computeScores(answers),
          status: completing ? 'completed' : 'in_progress',
          completedAt: completing ? iso(deps.now()) : null,
        };
        await tx.updateAssessment(scope, updated);
        // The assessment.completed event commits with the completion (the outbox).
        if (completing)
          await recordEvent(tx, scope, 'assessment.completed', assessmentView(updated, scope), deps.now());
        return { status: 200 as const, row: updated, completing };
      });
      if (result.status === 200 && result.completing) deps.onEvents?.();
      if (result.status === 404)
        return sendError(
          reply,
          request,
          404,
          'not_found',
          `No assessment ${echo(request.params.assessment_id)} in this environment.`,
          'assessment_id',
        );
      if (result.status === 409)
        return sendError(reply, request, 409, 'invalid_state_transition', result.message);
      if (result.status === 400)
        return sendError(reply, request, 400, 'invalid_request', result.message, 'answers');
      return assessmentView(result.row, scope);
    },
  };
}
