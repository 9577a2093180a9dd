/**
 * What the checks in their own modules (stateful, isolation, leakage, idempotency, coverage, HTTP
 * semantics, properties, paging, the generated client, cleanup) need from the suite that runs them:
 * ContractChecks (checks.ts) implements it.
 */
import type { Cases, OperationCase } from './cases.js';
import type { Problem } from './findings.js';
import type { Expectation } from './judge.js';
import type { RequestSpec, Sent } from './request.js';
import type { Target } from './target.js';
import type { SpecValidator } from './validator.js';

/** The metadata key under which the suites tag what they create. */
export const RUN_TAG = 'contract_run';

/** What a check needs from the suite. */
export interface SuiteContext {
  cases: Cases;
  target: Target;
  validator: SpecValidator;
  operation(id: string): OperationCase;
  /** The operation's positive request, with fresh path IDs (made with `key`, default the target's) and tagged bodies. */
  request(operation: OperationCase, key?: string | null): Promise<RequestSpec>;
  /** A request checked against its schemas (an invalid example replaced by a generated value). */
  valid(operation: OperationCase, request: RequestSpec): RequestSpec;
  /** Adds this run's tag to a create's body. */
  tag(operation: OperationCase, body: unknown): unknown;
  /** Violations of a value ("<pointer> <message>"); a schema that cannot be compiled is thrown as a finding. */
  violations(
    schema: object | boolean | undefined,
    value: unknown,
    direction?: 'request' | 'response',
    pointer?: string,
    operation?: string,
  ): string[];
  /** A value valid against `schema`, drawn with a fixed seed (the stand-in for an invalid example); undefined when none is found. */
  validValue(schema: object, direction?: 'request' | 'response'): unknown;
  readonly runId: string;
  /** Judges an answer against the spec and what the check expected (judge.ts). */
  problems(
    operation: OperationCase,
    sent: Sent,
    expectation: Expectation,
    check: string,
    request?: RequestSpec,
    label?: string,
    fix?: string,
  ): Problem[];
}
