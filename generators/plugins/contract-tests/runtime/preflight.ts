/**
 * The configuration check that runs before any suite (vitest globalSetup): the target answers,
 * a key is given when the spec needs one, the key is a sandbox key (the suites create and delete
 * data), and the target accepts it. Any problem stops the run with one message saying what to fix.
 */
import { existsSync } from 'node:fs';
import type { Cases } from './cases.js';
import { ConfigurationError, malformedAnswer } from './findings.js';
import { placeKey } from './request.js';
import type { Target } from './target.js';

export { ConfigurationError };

/** Environments (from x-key-format) the suites may write to without CONTRACT_ALLOW_LIVE. */
const SAFE_ENVIRONMENT = /sandbox|test|staging|dev/i;

export async function preflight(
  target: Target,
  cases: Cases,
  env: Record<string, string | undefined> = process.env,
  timeoutMs = 10_000,
): Promise<void> {
  if (target.msw) {
    // The handlers answer in each suite's own process (msw-target.ts): nothing to reach from here.
    if (!existsSync(target.msw))
      throw new ConfigurationError(
        `CONTRACT_MSW names ${target.msw}, which does not exist: name the msw plugin's msw/index.ts (generated/msw/index.ts).`,
      );
    return;
  }
  const secured = cases.operations.filter((operation) => !operation.isPublic);
  const probe =
    cases.operations.find(
      (operation) => operation.isPublic && operation.method === 'get' && operation.pathParams.length === 0,
    ) ??
    cases.operations.find((operation) => operation.method === 'get' && operation.pathParams.length === 0);
  try {
    await fetch(`${target.baseUrl}${probe?.path ?? '/'}`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // An answer whose framing or header fields Node's HTTP parser refuses came from an HTTP server
    // that is running: the suites go on, and each such answer is the target's finding (or the mock's).
    if (!malformedAnswer(cause))
      throw new ConfigurationError(
        `cannot reach CONTRACT_BASE_URL ${target.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}. Check the URL and that the target is running.`,
      );
  }
  if (!target.stateful || secured.length === 0) return; // the mock ignores keys
  if (!target.apiKey)
    throw new ConfigurationError(
      `CONTRACT_API_KEY is not set: ${secured.length} operations of ${target.baseUrl} need a key. Set it to a sandbox key with every scope the operations use.`,
    );
  const prefix = cases.keyPrefixes.find((candidate) => target.apiKey!.startsWith(candidate.prefix));
  if (cases.keyPrefixes.length && !prefix)
    throw new ConfigurationError(
      `CONTRACT_API_KEY does not start with a known key prefix (${cases.keyPrefixes.map((candidate) => candidate.prefix).join(', ')}).`,
    );
  if (prefix && !SAFE_ENVIRONMENT.test(prefix.environment) && env.CONTRACT_ALLOW_LIVE !== 'true') {
    throw new ConfigurationError(
      `CONTRACT_API_KEY is a ${prefix.environment} key (${prefix.prefix}…): the suites create and delete data. Use a sandbox key, or set CONTRACT_ALLOW_LIVE=true if you really mean it.`,
    );
  }
  const keyed = secured.find(
    (operation) =>
      operation.method === 'get' &&
      operation.pathParams.length === 0 &&
      Object.keys(operation.query).length === 0,
  );
  if (!keyed) return;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // The key where the operation's security scheme puts it (a bearer token, an API key header, a query parameter, a cookie).
    const placed = {
      headers: { accept: 'application/json' } as Record<string, string>,
      query: {} as Record<string, unknown>,
      cookies: {} as Record<string, unknown>,
    };
    placeKey(keyed.auth, target.apiKey, placed);
    const url = new URL(`${target.baseUrl}${keyed.path}`);
    for (const [name, value] of Object.entries(placed.query)) url.searchParams.set(name, String(value));
    if (Object.keys(placed.cookies).length)
      placed.headers.cookie = Object.entries(placed.cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
        .join('; ');
    const response = await fetch(url, { headers: placed.headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (response.status === 429) {
      const scale = Number(env.CONTRACT_TIME_SCALE ?? 1) || 1;
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          (1000 * Math.min(60, Number(response.headers.get('retry-after') ?? 1) || 1)) / scale,
        ),
      );
      continue;
    }
    if (response.status === 401)
      throw new ConfigurationError(
        `${target.baseUrl} refuses CONTRACT_API_KEY (401 on ${keyed.id}): ${text.slice(0, 200)}. Is it revoked, or for another deployment?`,
      );
    if (response.status === 403)
      throw new ConfigurationError(
        `CONTRACT_API_KEY lacks a scope (403 on ${keyed.id}): ${text.slice(0, 200)}. The suites need a key with ${[...new Set(secured.flatMap((operation) => operation.scopes))].join(', ')}.`,
      );
    return;
  }
}
