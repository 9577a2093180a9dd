/**
 * Where the SDKs' default retry policy comes from, as both READMEs say it: the spec's
 * `x-retry-policy`, or the usual policy when the spec has none (never "from the spec" for a
 * policy the spec does not state).
 */
import type { Ir } from '../core/ir.js';

export function retryPolicySource(ir: Ir): string {
  return ir.conventions.retryPolicyFromSpec
    ? "the spec's `x-retry-policy`"
    : 'the usual policy: the spec has no `x-retry-policy`';
}
