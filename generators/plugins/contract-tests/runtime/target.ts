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
  apiKey?: string;
  /** More keys with known scopes, for the insufficient-scope checks. */
  keys: TargetKey[];
  revokedKey?: string;
  /** Keeps state between requests (false for the mock). */
  stateful: boolean;
  /** Enforces rules beyond the schemas (x-mutually-exclusive-with, idempotency): false for the mock. */
  semantic: boolean;
  /** A mock (Prism) stands in for the API: what it accepts or answers wrongly is a mock finding, not a target one. */
  mock: boolean;
  /** A key of another account (CONTRACT_OTHER_ACCOUNT_KEY), for the cross-tenant checks. */
  otherAccountKey?: string;
  /** The paced fetch every request goes through (set by ContractChecks). */
  transport?: PacedTransport;
}

/**
 * CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_KEYS (JSON [{key,scopes}]), CONTRACT_REVOKED_KEY,
 * CONTRACT_OTHER_ACCOUNT_KEY, CONTRACT_STATEFUL, CONTRACT_SEMANTIC, CONTRACT_MOCK (default: true
 * when CONTRACT_STATEFUL=false).
 */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): Target {
  const baseUrl = env.CONTRACT_BASE_URL;
  if (!baseUrl)
    throw new ConfigurationError(
      'CONTRACT_BASE_URL is not set: run these suites with `npm run test:contract`, or set it to the target to check.',
    );
  const stateful = env.CONTRACT_STATEFUL !== 'false';
  return {
    name: env.CONTRACT_TARGET_NAME ?? baseUrl,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.CONTRACT_API_KEY || undefined,
    keys: env.CONTRACT_KEYS ? (JSON.parse(env.CONTRACT_KEYS) as TargetKey[]) : [],
    revokedKey: env.CONTRACT_REVOKED_KEY || undefined,
    stateful,
    semantic: env.CONTRACT_SEMANTIC ? env.CONTRACT_SEMANTIC !== 'false' : stateful,
    mock: env.CONTRACT_MOCK ? env.CONTRACT_MOCK === 'true' : !stateful,
    otherAccountKey: env.CONTRACT_OTHER_ACCOUNT_KEY || undefined,
  };
}
