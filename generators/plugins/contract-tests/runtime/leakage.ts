/**
 * Leakage: a create the target refuses (an invalid body, no key) leaves nothing behind in its list.
 * What a create made is found under a fresh parent (the list held nothing else) or by a tag unique
 * to each attempt; the list is walked to its end, with no page cap.
 */
import { randomUUID } from 'node:crypto';
import type { OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send, walk } from './harness.js';
import { linkedRequest, resourceOf, type LinkSource } from './links.js';
import { pathParamsOf, type RequestSpec } from './request.js';
import { RUN_TAG, type SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;

/** Items of a list whose tag field carries `marker`, walking the whole list (no page cap). */
export async function tagged(
  context: SuiteContext,
  list: OperationCase,
  request: RequestSpec,
  field: string,
  marker: string,
): Promise<Json[]> {
  return (await everything(context, list, request)).filter(
    (item) => (item[field] as Json | undefined)?.[RUN_TAG] === marker,
  );
}

/** Every item of a list (walked to its end, no page cap). */
export async function everything(
  context: SuiteContext,
  list: OperationCase,
  request: RequestSpec,
): Promise<Json[]> {
  const paging = list.pagination!;
  const pages = await walk(context.target, list, request, 'forward', { limit: paging.limit?.maximum });
  return pages.flatMap((page) =>
    Array.isArray(page[paging.dataField]) ? (page[paging.dataField] as Json[]) : [],
  );
}

/** How a create's objects can be found in its list: under a fresh parent (isolated), or by a unique tag. */
export function leakageMode(context: SuiteContext, create: OperationCase): 'isolated' | 'tagged' | undefined {
  if (create.pathParams.some((param) => param.producer)) return 'isolated';
  return create.tag ? 'tagged' : undefined;
}

/** A create refused (invalid bodies, no key) leaves nothing behind in its list. */
export async function leakage(context: SuiteContext, createId: string): Promise<Problem[]> {
  const resource = resourceOf(context.cases, createId);
  const create = context.operation(createId);
  const lister = context.operation(resource.list!.operationId);
  const mode = leakageMode(context, create);
  const base = await context.request(create);
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, base.path),
    requestQuery: base.query,
    responseBody: {},
  };
  const listRequest = linkedRequest(context, resource.list!, source);
  // Each attempt carries its own marker (tagged mode), so what an accepted attempt made is told apart from a leak.
  const withMarker = (body: unknown, marker: string): unknown => {
    if (mode !== 'tagged' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
    const field = create.tag!.field;
    const current = (body as Json)[field];
    if (current !== undefined && (!current || typeof current !== 'object' || Array.isArray(current)))
      return body;
    return { ...(body as Json), [field]: { ...((current as Json | undefined) ?? {}), [RUN_TAG]: marker } };
  };
  const attempts: Array<{ request: RequestSpec; marker: string }> = [];
  for (const negative of create.negative.filter((candidate) => candidate.in === 'body')) {
    const marker = `${context.runId}_refused_${randomUUID().slice(0, 8)}`;
    const body = withMarker(negative.body, marker);
    // Only requests that are still invalid with the marker in them (the marker must not mend them).
    if (create.bodySchema && context.validator.violations(create.bodySchema, body, 'request').length === 0)
      continue;
    attempts.push({
      marker,
      request: {
        ...base,
        body,
        headers: {
          ...base.headers,
          ...(create.idempotencyHeader ? { [create.idempotencyHeader]: `contract-${randomUUID()}` } : {}),
        },
      },
    });
  }
  if (!create.isPublic) {
    const marker = `${context.runId}_refused_${randomUUID().slice(0, 8)}`;
    attempts.push({ marker, request: { ...base, key: null, body: withMarker(base.body, marker) } });
  }
  const refused: typeof attempts = [];
  let accepted = 0;
  for (const attempt of attempts) {
    const sent = await send(context.target, attempt.request);
    // An accepted invalid create is for the negative and credentials checks to report; here, what refusals leave.
    if (sent.status >= 400 && sent.status < 500) refused.push(attempt);
    else if (sent.status < 300) accepted += 1;
  }
  if (refused.length === 0) return [];
  const problems: Problem[] = [];
  const items = await everything(context, lister, listRequest);
  const markers = new Set(refused.map((attempt) => attempt.marker));
  const left =
    mode === 'isolated'
      ? items.slice(0, Math.max(0, items.length - accepted))
      : items.filter((item) => markers.has(String((item[create.tag!.field] as Json | undefined)?.[RUN_TAG])));
  if (left.length) {
    problems.push(
      against(
        context.target,
        'leakage',
        `${lister.id} lists ${left.length} item(s) after ${refused.length} refused ${create.id} request(s) (${left
          .map((item) => String(item.id))
          .slice(0, 5)
          .join(', ')})`,
        {
          operation: create.id,
          pointer: create.pointer,
          fix: `A refused ${create.id} must store nothing: validate (and authenticate) before writing, or write in a transaction that the refusal rolls back.`,
          curl: curlLine(context.target, refused[0]!.request),
        },
      ),
    );
  }
  if (mode === 'isolated') {
    // The list does show what a valid create makes: the emptiness above means something.
    const made = await send(context.target, {
      ...base,
      headers: {
        ...base.headers,
        ...(create.idempotencyHeader ? { [create.idempotencyHeader]: `contract-${randomUUID()}` } : {}),
      },
    });
    if (made.status < 300) {
      const after = await everything(context, lister, listRequest);
      if (after.length !== items.length + 1)
        problems.push(
          against(
            context.target,
            'leakage',
            `${lister.id} holds ${after.length} item(s) after one more valid ${create.id} under a parent that held ${items.length}`,
            {
              operation: lister.id,
              pointer: lister.pointer,
              fix: `${lister.id} must list exactly what was created under the parent.`,
            },
          ),
        );
    }
  }
  return problems;
}
