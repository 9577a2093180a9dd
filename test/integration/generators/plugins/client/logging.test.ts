/**
 * What the generated client logs, through it against a real HTTP server on 127.0.0.1 (issue 23):
 * a debug line per attempt with secrets redacted (keys in headers, the query and cookies, CSRF
 * tokens), the level from the option or the environment, a logger that throws or lacks a method,
 * and a warning the first time a deprecated operation or parameter is used. Starts one loopback
 * server (test/support/http-server.ts), closed after the file.
 */
import { describe, expect, it } from 'vitest';
import {
  BaseClient,
  ClientError,
  type ClientConfig,
  type Logger,
  type OperationSpec,
} from '../../../../../generated/client/src/index.js';
import { apiError, json } from '../../../../support/http-server.js';
import { client, health, KEY, recordingLogger, server, useLoopbackServer } from './loopback.js';

useLoopbackServer();

describe('logging', () => {
  it('logs each attempt at debug: method, path, status, request ID, elapsed time, retry decision and wait', async () => {
    server.script(
      apiError(503, 'unavailable', { 'x-request-id': 'req_first' }),
      json(200, health, { 'x-request-id': 'req_second' }),
    );
    const logger = recordingLogger();
    await client({ logger, logLevel: 'debug' }).health.retrieve();
    const debug = logger.lines.filter(([level]) => level === 'debug');
    expect(debug).toHaveLength(2);
    expect(debug[0][1]).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/health → 503 in \d+ ms \(req_first\), attempt 1 of 4; retrying in 0 ms \(backoff\)$/,
    );
    expect(debug[0][2]).toMatchObject({
      method: 'GET',
      attempt: 1,
      status: 503,
      requestId: 'req_first',
      retry: true,
      waitMs: 0,
      elapsedMs: expect.any(Number),
    });
    expect(debug[1][1]).toMatch(/→ 200 in \d+ ms \(req_second\), attempt 2 of 4$/);
    expect(debug[1][2]).toMatchObject({ status: 200, requestId: 'req_second', retry: false });
  });

  it('never logs the Authorization header, API keys, cookies or secrets passed as headers', async () => {
    server.script(apiError(500, 'boom'), json(201, { id: 'subj_1' }));
    const logger = recordingLogger();
    const secret = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=';
    await client({ logger, logLevel: 'debug' }).nature.subjects.create(
      {
        consent_artifact: {
          consent_text_version: '2026-01',
          consented_at: '2026-01-01T00:00:00Z',
          ui_snapshot_hash: `sha256:${'a'.repeat(64)}`,
        },
      },
      { headers: { cookie: 'session=s3cr3t-cookie', 'x-webhook-secret': secret, 'x-trace': 'visible' } },
    );
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`); // it was sent
    const everything = JSON.stringify(logger.lines);
    expect(logger.lines.length).toBeGreaterThan(0);
    for (const leaked of [KEY, 's3cr3t-cookie', secret]) expect(everything).not.toContain(leaked);
    const headers = (logger.lines[0][2] as { requestHeaders: Record<string, string> }).requestHeaders;
    expect(headers).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-webhook-secret': '[redacted]',
      'x-trace': 'visible',
    });
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/); // not a secret: kept for tracing retries
  });

  it('redacts a key sent in the query, a session cookie and the CSRF header of the other auth schemes', async () => {
    const base: Omit<ClientConfig, 'auth'> = {
      apiKeyEnv: 'REDACTION_TEST_API_KEY',
      baseUrlEnv: 'REDACTION_TEST_BASE_URL',
      logEnv: 'REDACTION_TEST_LOG',
      defaultBaseURL: 'http://localhost',
      retryPolicy: {
        maxRetries: 0,
        initialDelayMs: 0,
        maxDelayMs: 0,
        backoffMultiplier: 2,
        jitter: 'none',
        respectRetryAfter: true,
        retryOnConnectionError: false,
        retryableStatuses: [],
      },
      keyPrefixes: [],
      userAgent: 'redaction-test/1',
    };
    const ping: OperationSpec = { method: 'get', path: '/v1/ping', params: [{ name: 'page', in: 'query' }] };
    server.script(json(200, {}));

    const queryLogger = recordingLogger();
    await new BaseClient(
      { ...base, auth: { keyRequired: true } },
      { apiKey: 'query-key-123', baseURL: server.url, logger: queryLogger, logLevel: 'debug' },
    ).request({ ...ping, auth: { kind: 'query', name: 'api_key' } }, [], { page: 2 });
    expect(server.requests[0].url).toBe('/v1/ping?page=2&api_key=query-key-123'); // it was sent
    expect(queryLogger.lines[0][1]).toContain('/v1/ping?page=2&api_key=[redacted] → 200');
    expect(JSON.stringify(queryLogger.lines)).not.toContain('query-key-123');

    const cookieLogger = recordingLogger();
    await new BaseClient(
      { ...base, auth: { keyRequired: false, cookieSession: true } },
      {
        apiKey: 'session-456',
        csrfToken: 'csrf-789',
        baseURL: server.url,
        logger: cookieLogger,
        logLevel: 'debug',
      },
    ).request({ ...ping, auth: { kind: 'cookie', name: 'sid', csrfHeader: 'X-CSRF-Token' } }, [], {});
    expect(server.requests[1].headers).toMatchObject({
      cookie: 'sid=session-456',
      'x-csrf-token': 'csrf-789',
    });
    const logged = JSON.stringify(cookieLogger.lines);
    for (const leaked of ['session-456', 'csrf-789']) expect(logged).not.toContain(leaked);
    expect(
      (cookieLogger.lines[0][2] as { requestHeaders: Record<string, string> }).requestHeaders,
    ).toMatchObject({ cookie: '[redacted]', 'x-csrf-token': '[redacted]' });
  });

  it('takes the level from ASSESSMENT_SERVICE_LOG, the option over it, and warn by default', async () => {
    server.script(json(200, health));
    const quiet = recordingLogger();
    await client({ logger: quiet }).health.retrieve();
    expect(quiet.lines).toEqual([]);

    process.env.ASSESSMENT_SERVICE_LOG = 'DEBUG';
    const fromEnv = recordingLogger();
    const envClient = client({ logger: fromEnv });
    expect(envClient.logLevel).toBe('debug');
    await envClient.health.retrieve();
    expect(fromEnv.lines.map(([level]) => level)).toEqual(['debug']);

    const overridden = recordingLogger();
    await client({ logger: overridden, logLevel: 'off' }).health.retrieve();
    expect(overridden.lines).toEqual([]);

    process.env.ASSESSMENT_SERVICE_LOG = 'verbose';
    expect(() => client()).toThrow(
      /ASSESSMENT_SERVICE_LOG environment variable is "verbose"; expected one of debug, info, warn, error, off/,
    );
    expect(() => client({ logLevel: 'loud' as 'debug' })).toThrow(ClientError);
  });

  it('surfaces a logger that throws as a ClientError with the cause, and refuses a logger without the four methods', async () => {
    server.script(json(200, health));
    const cause = new Error('disk full');
    const failing: Logger = {
      ...recordingLogger(),
      debug: () => {
        throw cause;
      },
    };
    const error = await client({ logger: failing, logLevel: 'debug' })
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(/logger's debug\(\) threw: disk full/);
    expect((error as Error).cause).toBe(cause);
    expect(() => client({ logger: { info() {} } as unknown as Logger })).toThrow(
      /no debug, warn, error method/,
    );
  });
});

describe('deprecation', () => {
  const config: ClientConfig = {
    apiKeyEnv: 'DEPRECATION_TEST_API_KEY',
    baseUrlEnv: 'DEPRECATION_TEST_BASE_URL',
    logEnv: 'DEPRECATION_TEST_LOG',
    defaultBaseURL: 'http://localhost',
    retryPolicy: {
      maxRetries: 0,
      initialDelayMs: 0,
      maxDelayMs: 0,
      backoffMultiplier: 2,
      jitter: 'none',
      respectRetryAfter: true,
      retryOnConnectionError: false,
      retryableStatuses: [],
    },
    keyPrefixes: [],
    auth: { keyRequired: false },
    userAgent: 'deprecation-test/1',
  };
  const old: OperationSpec = {
    method: 'get',
    path: '/v1/old-thing',
    params: [
      { name: 'legacy', in: 'query', deprecated: true },
      { name: 'fresh', in: 'query' },
    ],
    deprecated: true,
  };

  it('warns once per deprecated operation and once per deprecated parameter a call sends', async () => {
    server.script(json(200, {}));
    const logger = recordingLogger();
    const api = new BaseClient(config, { baseURL: server.url, logger });
    await api.request(old, [], { fresh: 1 });
    await api.request(old, [], { fresh: 2 });
    await api.request(old, [], { legacy: 'x' });
    await api.request(old, [], { legacy: 'y' });
    expect(logger.lines).toEqual([
      [
        'warn',
        'GET /v1/old-thing is deprecated in the API this client was generated from; it may be removed.',
      ],
      [
        'warn',
        'The query parameter legacy of GET /v1/old-thing is deprecated in the API this client was generated from; it may be removed.',
      ],
    ]);
    expect(server.requests).toHaveLength(4);
  });
});
