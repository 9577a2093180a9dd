/**
 * A reference service in the test's process, started by the service's own startService, on a
 * store (an in-memory SQLite one by default) with a controllable clock, and keys to call it with.
 */
import type { FastifyInstance } from 'fastify';
import { createKey } from '../../service/keys.js';
import { startService as startReferenceService } from '../../service/start-service.js';
import { SqliteStore } from '../../service/store/sqlite.js';
import type { Environment, KeyType, Store } from '../../service/store/store.js';
import type { TrustProxy } from '../../service/config.js';

export interface TestService {
  app: FastifyInstance;
  store: Store;
  clock: { now: number; advance: (ms: number) => void };
  /** Creates a key and returns the raw value. */
  key: (options?: {
    env?: Environment;
    type?: KeyType;
    scopes?: string[];
    account?: string;
    tier?: number;
  }) => Promise<string>;
  /** The service's loopback address. */
  url: string;
  /** One HTTP request over a real socket. */
  call: (
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ) => Promise<ServiceResponse>;
  close: () => Promise<void>;
}

export interface ServiceResponse {
  status: number;
  headers: Headers;
  body: string;
  json: () => any;
}

export const CONSENT = {
  consent_text_version: '2026-01',
  consented_at: '2026-03-14T09:26:53Z',
  ui_snapshot_hash: `sha256:${'9f'.repeat(32)}`,
};

/**
 * A store, or a SQLite file to open. No dispatcher runs: a test that delivers webhooks starts its
 * own (with its settings and clock) and passes its notify as `onEvents`.
 */
export async function startService(
  storeOrFile: Store | string = ':memory:',
  options: {
    onEvents?: () => void;
    allowLoopbackWebhooks?: boolean;
    trustProxy?: TrustProxy;
    requestTimeoutMs?: number;
  } = {},
): Promise<TestService> {
  const store = typeof storeOrFile === 'string' ? new SqliteStore(storeOrFile) : storeOrFile;
  const clock = { now: Date.parse('2026-11-21T10:00:00Z'), advance: (ms: number) => (clock.now += ms) };
  // Tests run where a developer would: loopback receivers allowed unless a test says otherwise.
  // TRUST_PROXY of the machine running the tests never leaks in: the default is the service's (no proxy).
  const { app, url, close } = await startReferenceService({
    store,
    clock: () => clock.now,
    dispatcher: false,
    onEvents: options.onEvents,
    allowLoopbackWebhooks: options.allowLoopbackWebhooks ?? true,
    trustProxy: options.trustProxy ?? false,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  let counter = 0;
  return {
    app,
    store,
    clock,
    key: async ({
      env = 'test',
      type = 'sk',
      scopes = ['nature:read', 'nature:write'],
      account = 'acct_test',
      tier = 3,
    } = {}) =>
      (
        await createKey(
          store,
          { environment: env, type, scopes, accountId: account, tier, name: `key ${++counter}` },
          new Date(clock.now).toISOString(),
        )
      ).rawKey,
    url,
    call: async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      let payload: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${path}`, { method, headers, body: payload });
      const body = await response.text();
      return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
    },
    close,
  };
}
