/**
 * The target a run checks (the mock, the reference service or a deployed sandbox) and the keys it
 * was given, read from the environment so that the same suites run against each of them.
 */
import { ConfigurationError } from './findings.js';
import type { PacedTransport } from './transport.js';

export interface TargetKey {
  key: string;
  scopes: string[];
}

export interface Target {
  name: string;
  baseUrl: string;
  /** A key with every scope the operations need. */
  apiKey?: string | undefined;
  /** More keys with known scopes, for the insufficient-scope checks. */
  keys: TargetKey[];
  revokedKey?: string | undefined;
  /** Keeps state between requests (false for the mock). */
  stateful: boolean;
  /** Enforces rules beyond the schemas (x-mutually-exclusive-with, idempotency): false for the mock. */
  semantic: boolean;
  /** A mock (Prism) stands in for the API: what it accepts or answers wrongly is a mock finding, not a target one. */
  mock: boolean;
  /**
   * Refuses requests the spec forbids (false for the MSW handlers, which answer every request routed
   * to an operation): the checks that send invalid input do not apply when it is false.
   */
  validates: boolean;
  /** The MSW handlers module answering in-process (CONTRACT_MSW): the suites' setup starts msw's setupServer with it. */
  msw?: string | undefined;
  /**
   * The records the spec's examples name on the target are the run's to change
   * (CONTRACT_WRITE_EXAMPLES=true): otherwise a write to one the run did not make is not sent (records.ts).
   */
  writesExamples?: boolean | undefined;
  /** A key of another account (CONTRACT_OTHER_ACCOUNT_KEY), for the cross-tenant checks. */
  otherAccountKey?: string | undefined;
  /** The paced fetch every request goes through (set by ContractChecks). */
  transport?: PacedTransport | undefined;
}

/** The origin the MSW handlers are matched on when CONTRACT_BASE_URL is not given (a reserved name: nothing real answers it). */
export const MSW_BASE_URL = 'http://msw.contract.invalid';

/**
 * CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_KEYS (JSON [{key,scopes}]), CONTRACT_REVOKED_KEY,
 * CONTRACT_OTHER_ACCOUNT_KEY, CONTRACT_STATEFUL, CONTRACT_SEMANTIC, CONTRACT_MOCK (default: true
 * when CONTRACT_STATEFUL=false), CONTRACT_VALIDATES (default true), CONTRACT_WRITE_EXAMPLES
 * (default false).
 *
 * CONTRACT_MSW names a module of MSW handlers (the msw plugin's `msw/index.ts`) to check in-process:
 * then the target is named "msw", matched on CONTRACT_BASE_URL (default MSW_BASE_URL), stateless,
 * and neither validating nor a stand-in: the handlers are what is checked, so what they answer
 * wrongly is a target finding, and the checks that need state or a refusal of invalid input do not
 * apply (as on Prism, docs/zod-msw.md).
 */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): Target {
  const msw = env.CONTRACT_MSW || undefined;
  const baseUrl = env.CONTRACT_BASE_URL || (msw ? MSW_BASE_URL : undefined);
  if (!baseUrl)
    throw new ConfigurationError(
      'CONTRACT_BASE_URL is not set: run these suites with `npm run test:contract`, or set it to the target to check.',
    );
  const stateful = msw ? false : env.CONTRACT_STATEFUL !== 'false';
  return {
    name: env.CONTRACT_TARGET_NAME ?? (msw ? 'msw' : baseUrl),
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.CONTRACT_API_KEY || undefined,
    keys: env.CONTRACT_KEYS ? (JSON.parse(env.CONTRACT_KEYS) as TargetKey[]) : [],
    revokedKey: env.CONTRACT_REVOKED_KEY || undefined,
    stateful,
    semantic: env.CONTRACT_SEMANTIC ? env.CONTRACT_SEMANTIC !== 'false' : stateful,
    mock: msw ? false : env.CONTRACT_MOCK ? env.CONTRACT_MOCK === 'true' : !stateful,
    validates: msw ? false : env.CONTRACT_VALIDATES !== 'false',
    writesExamples: env.CONTRACT_WRITE_EXAMPLES === 'true',
    ...(msw ? { msw } : {}),
    otherAccountKey: env.CONTRACT_OTHER_ACCOUNT_KEY || undefined,
  };
}
