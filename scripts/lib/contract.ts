/**
 * The reference service as a target of the generated contract suites (this repository's, not the
 * toolkit's: test:contract adds it through home.ts); the suites' runner is contract-suite.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKey, revokeKey } from '../../service/keys.js';
import { SqliteStore } from '../../service/store/sqlite.js';
import type { Store } from '../../service/store/store.js';
import { bundledArgs } from './entry-bundle.js';
import { ROOT } from './root.js';
import { listeningUrl, startProcess, waitForHttp, type RunningProcess } from './processes.js';

export { contractConfig, runContractSuite, type SuiteRun } from './contract-suite.js';
export const CONTRACT_CONFIG = path.join(ROOT, 'generated', 'contract-tests', 'vitest.config.ts');

/** A word for `sh -c`, whatever it holds. */
const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** The webhooks' operator CLI (its bundle: entry-bundle.ts), for each registration of the events stage. */
const webhooksCli = async () =>
  [process.execPath, ...(await bundledArgs(path.join(ROOT, 'service/webhooks/cli.ts')))]
    .map(shellQuote)
    .join(' ');

export interface ServiceTarget {
  env: Record<string, string>;
  server: RunningProcess;
}

/** A service target's database, made and keyed but not yet served (prepareServiceTarget). */
export interface PreparedTarget {
  /** The environment the service runs with: its database, port 0, no logs, webhook retries in milliseconds. */
  serviceEnv: Record<string, string>;
  /** The suites' environment for the service once it answers at `baseUrl`. */
  targetEnv: (baseUrl: string) => Record<string, string>;
  /** Removes the database folder (after the service stopped). */
  remove: () => Promise<void>;
}

/**
 * A fresh database file for the reference service, with keys made for the run: every scope, read
 * only, write only, a revoked one, and one of another account (for the cross-tenant checks). The
 * half of startServiceTarget before the service starts, for a test that serves it otherwise (the
 * sabotage tests host several services in one process).
 */
export async function prepareServiceTarget(database?: {
  store: Store;
  env: Record<string, string>;
}): Promise<PreparedTarget> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-service-'));
  const file = path.join(dir, 'service.db');
  // A fresh SQLite file by default; a test passes another engine's database (PostgreSQL) and the environment that opens it.
  const store = database?.store ?? new SqliteStore(file);
  const databaseEnv = database?.env ?? { DATABASE_PATH: file };
  const now = new Date().toISOString();
  const make = async (scopes: string[], accountId = 'acct_contract') =>
    (await createKey(store, { environment: 'test', type: 'sk', scopes, accountId, tier: 3 }, now)).rawKey;
  const all = await make(['nature:read', 'nature:write']);
  const otherAccount = await make(['nature:read', 'nature:write'], 'acct_contract_other');
  const readOnly = await make(['nature:read']);
  const writeOnly = await make(['nature:write']);
  const revoked = await make(['nature:read', 'nature:write']);
  await revokeKey(store, revoked, now);
  await store.close();
  const webhooks = await webhooksCli();
  return {
    // Webhook retries in milliseconds, so the events stage sees a retry at once. Port 0: the service
    // prints `service: <url> (...)` once it listens.
    serviceEnv: { ...databaseEnv, PORT: '0', LOG: 'off', WEBHOOK_RETRY_DELAYS_MS: '200,400,800' },
    targetEnv: (baseUrl) => ({
      CONTRACT_TARGET_NAME: 'reference service',
      CONTRACT_BASE_URL: baseUrl,
      CONTRACT_API_KEY: all,
      CONTRACT_KEYS: JSON.stringify([
        { key: readOnly, scopes: ['nature:read'] },
        { key: writeOnly, scopes: ['nature:write'] },
      ]),
      CONTRACT_REVOKED_KEY: revoked,
      CONTRACT_OTHER_ACCOUNT_KEY: otherAccount,
      CONTRACT_STATEFUL: 'true',
      // The events stage registers its receiver with the operator CLI, for the suite key's account
      // and environment; the CLI prints the secret last and `added <endpoint id> ...` first.
      CONTRACT_WEBHOOK_REGISTER: `${webhooks} add --env test --url "$CONTRACT_WEBHOOK_URL" --account acct_contract`,
      CONTRACT_WEBHOOK_UNREGISTER: `${webhooks} remove "$(printf '%s\\n' "$CONTRACT_WEBHOOK_REGISTERED" | awk '$1 == "added" { print $2; exit }')"`,
      ...databaseEnv,
    }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The reference service on a fresh database (prepareServiceTarget), in a process of its own (its bundle: entry-bundle.ts).
 * `serverScript` lets tests start a sabotaged variant; like service/server.ts it serves with
 * serveFromEnvironment, which listens on PORT (0 here) and prints `service: <url>` once it does.
 */
export async function startServiceTarget(
  serverScript = 'service/server.ts',
  extraEnv: Record<string, string> = {},
  database?: { store: Store; env: Record<string, string> },
): Promise<ServiceTarget> {
  const prepared = await prepareServiceTarget(database);
  const server = startProcess(process.execPath, await bundledArgs(serverScript), {
    cwd: ROOT,
    env: { ...prepared.serviceEnv, ...extraEnv },
  });
  let baseUrl: string;
  try {
    baseUrl = await listeningUrl(server, /^service: (http:\/\/[^\s\x1b]+)/m);
    await waitForHttp(`${baseUrl}/v1/health`, server);
  } catch (error) {
    await server.stop();
    await prepared.remove();
    throw error;
  }
  return {
    // Stopping the service removes its database folder too.
    server: {
      ...server,
      stop: async () => {
        await server.stop();
        await prepared.remove();
      },
    },
    env: prepared.targetEnv(baseUrl),
  };
}
