/**
 * Paging completeness over items the suite created: walking every page forward (small pages)
 * yields exactly the items of one maximal page, no duplicates, no gaps, and walking back gives
 * them again. A list under a parent the suite made holds only its items and is walked to its
 * end; a top-level list is walked until every created item was seen (no page cap either way).
 */
import type { OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send, walk } from './harness.js';
import type { SuiteContext } from './suite-context.js';

export async function paging(context: SuiteContext, operation: OperationCase): Promise<Problem[]> {
  const paging = operation.pagination!;
  const request = await context.request(operation);
  const isolated = operation.pathParams.some((param) => param.producer);
  const producer = context.cases.operations.find(
    (candidate) => candidate.method === 'post' && candidate.path === operation.path,
  );
  const created: string[] = [];
  const problem = (message: string): Problem =>
    against(context.target, 'paging', message, {
      operation: operation.id,
      pointer: operation.pointer,
      fix: `${operation.id}'s cursors must walk every item exactly once, forward and back.`,
      curl: curlLine(context.target, request),
    });
  if (producer) {
    for (let i = 0; i < 5; i += 1) {
      const fill = { ...(await context.request(producer)), path: request.path };
      const sent = await send(context.target, fill);
      const createdId = (sent.body as Record<string, unknown> | undefined)?.id;
      if (sent.status >= 300)
        return context.problems(
          producer,
          sent,
          { kind: 'success' },
          'ensure_resource_availability',
          fill,
          `filling ${operation.id}`,
        );
      if (createdId !== undefined) created.push(JSON.stringify(createdId));
    }
  }
  const ids = (page: Record<string, unknown>) =>
    ((page[paging.dataField] as Array<Record<string, unknown>>) ?? []).map((item) =>
      JSON.stringify(item.id ?? item),
    );
  const small = Math.max(2, paging.limit?.minimum ?? 1);
  const maximalRequest = {
    ...request,
    query: {
      ...request.query,
      ...(paging.limitParam && paging.limit?.maximum ? { [paging.limitParam]: paging.limit.maximum } : {}),
    },
  };
  const maximal = await send(context.target, maximalRequest);
  if (maximal.status !== 200)
    return context.problems(
      operation,
      maximal,
      { kind: 'success' },
      'paging',
      maximalRequest,
      'the maximal page',
    );
  const whole = ids(maximal.body as Record<string, unknown>);
  const forward = await walk(context.target, operation, request, 'forward', {
    limit: small,
    enough:
      isolated || created.length === 0
        ? undefined
        : (pages) => created.every((item) => pages.some((page) => ids(page).includes(item))),
  });
  const walked = forward.flatMap(ids);
  const problems: Problem[] = [];
  forward.forEach((page, index) => {
    const size = ids(page).length;
    if (size > small)
      problems.push(
        problem(
          `${operation.id}: page ${index + 1} of a ${paging.limitParam ?? 'limit'}=${small} walk holds ${size} items`,
        ),
      );
    else if (size < small && page[paging.hasMoreField] === true)
      problems.push(
        problem(
          `${operation.id}: page ${index + 1} of a ${paging.limitParam ?? 'limit'}=${small} walk holds ${size} items, yet ${paging.hasMoreField} is true`,
        ),
      );
  });
  const duplicates = walked.filter((item, index) => walked.indexOf(item) !== index);
  if (duplicates.length)
    problems.push(
      problem(`${operation.id}: walking forward returns ${duplicates.join(', ')} twice (pages of ${small})`),
    );
  for (const item of created)
    if (!walked.includes(item))
      problems.push(
        problem(
          `${operation.id}: walking forward (pages of ${small}) never returns ${item}, which the suite created`,
        ),
      );
  // The maximal page up to the last created item it holds: the forward walk must hold exactly that run of items, in that order.
  const lastCreated = Math.max(-1, ...created.map((item) => whole.indexOf(item)));
  const span =
    isolated && (maximal.body as Record<string, unknown>)[paging.hasMoreField] === false
      ? whole
      : whole.slice(0, lastCreated + 1);
  const walkedSpan = walked.filter((item) => span.includes(item));
  for (const item of span)
    if (!walked.includes(item))
      problems.push(
        problem(
          `${operation.id}: walking forward (pages of ${small}) skips ${item}, which one page of ${paging.limit?.maximum ?? 'the default size'} holds`,
        ),
      );
  if (problems.length === 0 && JSON.stringify(walkedSpan) !== JSON.stringify(span))
    problems.push(
      problem(
        `${operation.id}: walking forward gives ${walkedSpan.join(', ')}; one maximal page gives ${span.join(', ')}`,
      ),
    );
  if (isolated && created.length && walked.length !== created.length)
    problems.push(
      problem(
        `${operation.id}: a list holding only the ${created.length} items the suite created walks to ${walked.length} items`,
      ),
    );
  if (forward.length < 2 && created.length > small)
    problems.push(
      problem(
        `${operation.id}: expected more than one page of ${small} after creating ${created.length} items`,
      ),
    );
  if (paging.previousCursorField && forward[0]![paging.previousCursorField] !== null)
    problems.push(problem(`${operation.id}: the first page has a non-null ${paging.previousCursorField}`));
  const last = forward.at(-1)!;
  if (last[paging.hasMoreField] === false && last[paging.nextCursorField] !== null)
    problems.push(
      problem(
        `${operation.id}: ${paging.hasMoreField} is false but ${paging.nextCursorField} is ${JSON.stringify(last[paging.nextCursorField])}`,
      ),
    );
  if (paging.backwardParam && paging.previousCursorField && forward.length > 1) {
    const backward = await walk(context.target, operation, request, 'backward', {
      limit: small,
      start: String(last[paging.previousCursorField]),
    });
    const back = [...backward.reverse().flatMap(ids), ...ids(last)];
    if (JSON.stringify(back) !== JSON.stringify(walked))
      problems.push(
        problem(
          `${operation.id}: walking back gives ${back.join(', ')}; walking forward gave ${walked.join(', ')}`,
        ),
      );
  }
  return problems;
}
