/**
 * The generated client against a loopback server (test/support/http-server.ts) that each test
 * scripts, started before a file's tests and closed after them: the key, a client pointed at it
 * with no backoff jitter, and a logger that keeps what it is given.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  AssessmentServiceClient,
  type ClientOptions,
  type Logger,
} from '../../../../../generated/client/src/index.js';
import { startTestServer, type TestServer } from '../../../../support/http-server.js';

export const KEY = 'test_sk_0123456789abcdefghijklmnopqrstuv';
export const health = { status: 'ok' };

// A live binding: the tests read the server of the file that runs.
export let server: TestServer;

/** Starts the loopback server for the calling file's tests; the log level the environment names is cleared after each. */
export function useLoopbackServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    delete process.env.ASSESSMENT_SERVICE_LOG;
  });
}

/** A logger that keeps every call, as [level, message, ...details]. */
export function recordingLogger(): Logger & { lines: Array<[string, string, ...unknown[]]> } {
  const lines: Array<[string, string, ...unknown[]]> = [];
  const at =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      void lines.push([level, message, ...details]);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function client(options: ClientOptions = {}): AssessmentServiceClient {
  return new AssessmentServiceClient({ apiKey: KEY, baseURL: server.url, ...options })._setRandom(() => 0);
}
