/**
 * Idempotency keys: a replay with the same key returns the first answer (and the same key with
 * another body is a conflict), and the same key sent in parallel creates one object.
 */
import { randomUUID } from 'node:crypto';
import type { OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send } from './harness.js';
import { everything, leakageMode, tagged } from './leakage.js';
import { linkedRequest, type LinkSource } from './links.js';
import { pathParamsOf, type RequestSpec } from './request.js';
import { RUN_TAG, type SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;

/** Replaying a create with the same idempotency key returns the same resource; the same key with another body is a conflict. */
export async function idempotency(context: SuiteContext, operation: OperationCase): Promise<Problem[]> {
  const request = await context.request(operation);
  const headers = { ...request.headers, [operation.idempotencyHeader!]: `contract-${randomUUID()}` };
  const replay = { ...request, headers };
  const first = await send(context.target, replay);
  const second = await send(context.target, replay);
  const idOf = (sent: { body: unknown }) => (sent.body as Json | undefined)?.id;
  const problems = [
    ...context.problems(operation, first, { kind: 'success' }, 'idempotency', replay),
    ...context.problems(operation, second, { kind: 'success' }, 'idempotency', replay, 'the replay'),
  ];
  if (first.status < 300 && (idOf(first) === undefined || idOf(first) !== idOf(second))) {
    problems.push(
      against(
        context.target,
        'idempotency',
        `${operation.id}: a replay with the same ${operation.idempotencyHeader} gave ${String(idOf(second))}, the first gave ${String(idOf(first))}`,
        {
          operation: operation.id,
          pointer: operation.pointer,
          fix: `A replay of ${operation.id} with the same ${operation.idempotencyHeader} must return the first answer, never create again.`,
          curl: curlLine(context.target, replay),
        },
      ),
    );
  }
  // The same key with another body is a conflict, never a second create nor a replay of the first.
  if (operation.responses['409'] && operation.tag && request.body && typeof request.body === 'object') {
    const sentBody = request.body as Record<string, Json>;
    const other = {
      ...replay,
      body: {
        ...sentBody,
        [operation.tag.field]: { ...sentBody[operation.tag.field], [RUN_TAG]: `${context.runId}_other` },
      },
    };
    problems.push(
      ...context.problems(
        operation,
        await send(context.target, other),
        { kind: 'refusal', status: 409 },
        'idempotency',
        other,
        `the same ${operation.idempotencyHeader} with a different body`,
      ),
    );
  }
  return problems;
}

/** The same idempotency key sent in parallel creates one object: every success carries one ID, the rest are documented conflicts. */
export async function concurrency(
  context: SuiteContext,
  operation: OperationCase,
  parallel = 5,
): Promise<Problem[]> {
  const resource = context.cases.resources.find((candidate) => candidate.create === operation.id);
  const base = await context.request(operation);
  const marker = `${context.runId}_parallel_${randomUUID().slice(0, 8)}`;
  const body =
    operation.tag && base.body && typeof base.body === 'object'
      ? {
          ...(base.body as Json),
          [operation.tag.field]: {
            ...((base.body as Json)[operation.tag.field] as Json | undefined),
            [RUN_TAG]: marker,
          },
        }
      : base.body;
  const request: RequestSpec = {
    ...base,
    body,
    headers: { ...base.headers, [operation.idempotencyHeader!]: `contract-${randomUUID()}` },
  };
  const answers = await Promise.all(Array.from({ length: parallel }, () => send(context.target, request)));
  const problems: Problem[] = [];
  const ids = new Set<string>();
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) {
      problems.push(
        ...context.problems(operation, answer, { kind: 'success' }, 'idempotency_concurrency', request),
      );
      ids.add(JSON.stringify((answer.body as Json | undefined)?.id));
    } else
      problems.push(
        ...context.problems(
          operation,
          answer,
          { kind: 'refusal', status: 409 },
          'idempotency_concurrency',
          request,
          `one of ${parallel} parallel requests with one ${operation.idempotencyHeader}`,
        ),
      );
  }
  const fix = `${operation.id} must create one object for one ${operation.idempotencyHeader}, also when the requests arrive together (lock or insert the key before creating).`;
  if (ids.size > 1)
    problems.push(
      against(
        context.target,
        'idempotency_concurrency',
        `${operation.id}: ${parallel} parallel requests with one ${operation.idempotencyHeader} answered ${ids.size} different objects: ${[...ids].join(', ')}`,
        { operation: operation.id, pointer: operation.pointer, fix, curl: curlLine(context.target, request) },
      ),
    );
  if (resource?.list && ids.size > 0) {
    const lister = context.operation(resource.list.operationId);
    const source: LinkSource = {
      requestPath: pathParamsOf(operation.path, request.path),
      requestQuery: request.query,
      responseBody: {},
    };
    const listRequest = linkedRequest(context, resource.list, source);
    const mode = leakageMode(context, operation);
    const found =
      mode === 'isolated'
        ? await everything(context, lister, listRequest)
        : mode === 'tagged'
          ? await tagged(context, lister, listRequest, operation.tag!.field, marker)
          : undefined;
    if (found && found.length !== 1)
      problems.push(
        against(
          context.target,
          'idempotency_concurrency',
          `${lister.id} holds ${found.length} objects after ${parallel} parallel ${operation.id} requests with one ${operation.idempotencyHeader}`,
          {
            operation: operation.id,
            pointer: operation.pointer,
            fix,
            curl: curlLine(context.target, request),
          },
        ),
      );
  }
  return problems;
}
