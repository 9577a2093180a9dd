/**
 * Rate limiting seen from the suite: every 429 the target answers, also those the paced transport
 * waits out and sends again, is judged like any answer (documented, with its headers and body), and
 * a 429 the spec does not document for the operation is a spec finding.
 */
import type { Cases } from './cases.js';
import { record } from './findings.js';
import type { Judge } from './judge.js';
import type { Sent } from './request.js';
import type { Target } from './target.js';
import type { RateLimited } from './transport.js';

/** What judging a 429 needs of the suite. */
export interface RateLimitJudge {
  cases: Cases;
  target: Target;
  judge: Judge;
}

/** Records a 429 (also one the transport waited out) as any answer is judged: documented, with its headers and body. */
export function judgeRateLimited(suite: RateLimitJudge, answer: RateLimited): void {
  const path =
    answer.url.pathname.slice(new URL(suite.target.baseUrl).pathname.replace(/\/$/, '').length) || '/';
  const operation = suite.cases.operations.find(
    (candidate) =>
      candidate.method.toUpperCase() === answer.method &&
      new RegExp(
        `^${candidate.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      ).test(path),
  );
  if (!operation) return;
  let body: unknown = answer.text;
  try {
    body = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    /* validation says so */
  }
  const sent: Sent = { status: 429, headers: answer.headers, body, text: answer.text };
  const curl = `curl -i -X ${answer.method} '${answer.url.toString()}'`;
  if (!operation.responses['429'] && !operation.responses['4XX'] && !operation.responses.default) {
    record({
      class: 'spec',
      check: 'rate_limit_conformance',
      message: `${operation.id}: the target rate-limits it (429), but the spec does not document 429 for it`,
      operation: operation.id,
      pointer: `${operation.pointer}/responses`,
      fix: `Document the 429 response of ${operation.id}, with Retry-After and the rate-limit headers.`,
      key: `spec|undocumented-429|${operation.id}`,
      curl,
    });
    return;
  }
  for (const problem of suite.judge.judge(
    operation,
    sent,
    { kind: 'documented' },
    { check: 'rate_limit_conformance' },
  ))
    record({
      ...problem,
      check: 'rate_limit_conformance',
      curl,
      message: `${problem.message} (a 429 the suite waited out)`,
    });
}
