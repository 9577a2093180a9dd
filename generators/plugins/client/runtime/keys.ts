/**
 * API keys: which environment a key's prefix selects, and the rule that secret keys never run
 * in a browser. The prefixes come from the spec (x-key-format).
 */
import { ClientError } from './errors.js';

export interface KeyPrefix {
  prefix: string;
  /** Short environment name shown to users, e.g. "test" or "live". */
  environment: string;
  /** "secret" or "publishable". */
  type: string;
}

export function keyPrefixOf(apiKey: string, prefixes: KeyPrefix[]): KeyPrefix | undefined {
  return prefixes.find((candidate) => apiKey.startsWith(candidate.prefix));
}

/** True in a page (window + document); false in Node, Deno, Bun, workers and edge runtimes. */
export function isBrowserLike(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== 'undefined' && typeof scope.document !== 'undefined';
}

export class SecretKeyInBrowserError extends ClientError {
  override name = 'SecretKeyInBrowserError';
  constructor(prefix: string) {
    super(
      `Refusing to use a secret key (${prefix}…) in a browser: anyone who opens the page could copy it. ` +
        'Use a publishable (pk_) key in client-side code and keep secret keys on your server.',
    );
  }
}

/** Throws when a secret key is about to be used in a browser-like runtime. */
export function assertKeyAllowedHere(
  apiKey: string,
  prefixes: KeyPrefix[],
  browserLike: boolean = isBrowserLike(),
): void {
  const prefix = keyPrefixOf(apiKey, prefixes);
  const isSecret = prefix ? prefix.type === 'secret' : /(^|_)sk_/.test(apiKey);
  if (isSecret && browserLike)
    throw new SecretKeyInBrowserError(prefix?.prefix ?? apiKey.slice(0, apiKey.indexOf('sk_') + 3));
}
