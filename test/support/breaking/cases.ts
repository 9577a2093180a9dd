/**
 * Fixture pairs for check:breaking: base = `fixtures/base.yaml` (optionally `prepare`d, on both
 * sides), head = base with one change (`mutate`). `breaking` is the expert's verdict, written from
 * the meaning of the change: does a client (or webhook receiver) that works today stop working?
 * `rule` is the rule id the gate must print for it.
 */
import { compareDocuments } from '../../../generators/breaking/compare.js';
import { evaluate } from '../../../generators/breaking/gate.js';
import { breakingRequestCases } from './breaking-requests.js';
import { breakingResponseCases } from './breaking-responses.js';
import { compatibleRequestCases } from './compatible-requests.js';
import { compatibleResponseCases } from './compatible-responses.js';
import { compatibleWideningCases } from './compatible-widening.js';
import { baseSpec, type Case } from './spec-edits.js';

export { baseSpec, sharedSlug, type Case } from './spec-edits.js';

export const CASES: Case[] = [
  ...breakingRequestCases,
  ...breakingResponseCases,
  ...compatibleRequestCases,
  ...compatibleResponseCases,
  ...compatibleWideningCases,
];

export function pair(entry: Case): { base: any; head: any } {
  const base = baseSpec();
  entry.prepare?.(base);
  const head = structuredClone(base);
  entry.mutate(head);
  return { base, head };
}

/** Our verdict under the default gate (--fail-on clients). */
export function verdictOf(base: any, head: any) {
  const findings = compareDocuments(base, head);
  const result = evaluate(findings, {
    failOn: 'clients',
    off: [],
    baseVersion: base.info.version,
    headVersion: head.info.version,
  });
  return { findings, result, breaking: result.failing.length > 0 };
}
