/**
 * What a team running the generated client in production relies on (issue 23), through the
 * generated client against a real HTTP server on 127.0.0.1 that misbehaves on purpose: logging
 * with secrets redacted, a timeout that covers the body, retry-after-ms and x-should-retry, the
 * cap on a server-asked wait, per-call extras, withOptions, deprecation warnings, and the idle
 * timeout of streams and downloads (through a client generated from the media fixture into
 * .cache/). Starts one loopback server (test/support/http-server.ts), closed after the file.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AssessmentServiceClient,
  BadRequestError,
  BaseClient,
  ClientError,
  InternalServerError,
  RateLimitError,
  type ClientConfig,
  type ClientOptions,
  type Logger,
  type OperationSpec,
} from '../../../../../generated/client/src/index.js';
import {
  apiError,
  json,
  startTestServer,
  type Handler,
  type TestServer,
} from '../../../../support/http-server.js';

const KEY = 'test_sk_0123456789abcdefghijklmnopqrstuv';
const health = { status: 'ok' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  delete process.env.ASSESSMENT_SERVICE_LOG;
});

/** A logger that keeps every call, as [level, message, ...details]. */
function recordingLogger(): Logger & { lines: Array<[string, string, ...unknown[]]> } {
  const lines: Array<[string, string, ...unknown[]]> = [];
  const at =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      void lines.push([level, message, ...details]);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function client(options: ClientOptions = {}): AssessmentServiceClient {
  return new AssessmentServiceClient({ apiKey: KEY, baseURL: server.url, ...options })._setRandom(() => 0);
}

/** Sends headers and the start of a JSON body, then never finishes it. */
const stallBody: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"status":');
};

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

describe('timeouts cover the whole call', () => {
  it('times out a server that sends headers and then stalls the body', async () => {
    server.script(stallBody);
    const started = Date.now();
    const error = await client({ timeout: 300, maxRetries: 0 })
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a stalled body like any timeout, with the same request', async () => {
    server.script(stallBody, json(200, health));
    expect(await client({ timeout: 300, maxRetries: 1 }).health.retrieve()).toEqual(health);
    expect(server.requests).toHaveLength(2);
  });

  it('lets the signal cancel a call whose body stalls, without retrying', async () => {
    const controller = new AbortController();
    server.script((request, response) => {
      stallBody(request, response);
      setTimeout(() => controller.abort(), 50);
    });
    const error = await client({ timeout: 60_000, maxRetries: 2 })
      .health.retrieve({ signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('streams and downloads take an idle timeout instead', () => {
  let sdk: any;
  let workDir: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    workDir = await mkdtemp(path.resolve('.cache', 'client-idle-'));
    await generate({
      spec: 'test/fixtures/specs/media-3.1.yaml',
      out: workDir,
      command: 'test',
      write: true,
      skip: ['sdks'],
      log: () => {},
    });
    sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
  }, 120_000);
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('reads an event stream for longer than the call timeout while data flows, then times out when it stalls', async () => {
    server.script(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let seq = 1; seq <= 5; seq += 1) {
        response.write(`id: ${seq}\ndata: {"seq":${seq}}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // ...and then nothing, with the connection open.
    });
    const media = new sdk.MediaFixtureClient({
      baseURL: server.url,
      maxRetries: 0,
      timeout: 150,
      idleTimeout: 400,
    });
    const received: unknown[] = [];
    const started = Date.now();
    const error = await (async () => {
      for await (const event of await media.events.retrieve()) received.push(event.data);
    })().catch((caught: unknown) => caught);
    expect(received).toEqual([1, 2, 3, 4, 5].map((seq) => ({ seq })));
    expect(error).toBeInstanceOf(sdk.APIConnectionTimeoutError);
    expect((error as Error).message).toBe('No data arrived on the stream after 400 ms.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400 + 400);
  });

  it('lets the signal end a stream after it has reconnected', async () => {
    let connections = 0;
    let secondClosed = false;
    server.script((_request, response) => {
      connections += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (connections === 1) {
        response.write('retry: 10\nid: 1\ndata: {"seq":1}\n\n');
        setTimeout(() => response.socket?.destroy(), 20); // the connection drops
      } else {
        response.on('close', () => (secondClosed = true));
        response.write('id: 2\ndata: {"seq":2}\n\n'); // and stays open
      }
    });
    const controller = new AbortController();
    const media = new sdk.MediaFixtureClient({ baseURL: server.url, maxRetries: 2 });
    const received: unknown[] = [];
    const error = await (async () => {
      for await (const event of await media.events.retrieve({}, { signal: controller.signal })) {
        received.push(event.data);
        if (received.length === 2) controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(received).toEqual([{ seq: 1 }, { seq: 2 }]);
    expect(error).toBeInstanceOf(sdk.APIUserAbortError);
    for (let turn = 0; turn < 200 && !secondClosed; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(secondClosed).toBe(true); // the reopened connection was closed by the signal
  });

  it('times out a download whose body stalls, and lets the signal cancel one', async () => {
    const stall: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(Buffer.from([137, 80]));
    };
    server.script(stall);
    const media = new sdk.MediaFixtureClient({ baseURL: server.url, maxRetries: 0, idleTimeout: 200 });
    const image: Response = await media.responses.binary.retrieve({ size: 4 });
    await expect(image.arrayBuffer()).rejects.toBeInstanceOf(sdk.APIConnectionTimeoutError);

    server.script(stall);
    const controller = new AbortController();
    const second: Response = await new sdk.MediaFixtureClient({
      baseURL: server.url,
      maxRetries: 0,
    }).responses.binary.retrieve({ size: 4 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(second.arrayBuffer()).rejects.toBeInstanceOf(sdk.APIUserAbortError);
  });
});

describe('a transport that misbehaves', () => {
  it('surfaces a fetch that answers with something other than a Response as APIConnectionError with the cause', async () => {
    const garbage = (async () => 'not a response') as unknown as typeof fetch;
    const error = await client({ fetch: garbage, maxRetries: 0 })
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/returned string instead of a Response/);
    expect((error as Error).cause).toBe('not a response');
  });
});

describe('retries follow the server', () => {
  it('waits retry-after-ms (before Retry-After) and repeats the request', async () => {
    server.script(
      apiError(429, 'rate_limited', { 'retry-after-ms': '250', 'retry-after': '30' }),
      json(200, health),
    );
    await client().health.retrieve();
    expect(server.requests).toHaveLength(2);
    const waited = server.requests[1].at - server.requests[0].at;
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(waited).toBeLessThan(5_000);
  });

  it('never retries on x-should-retry: false, and retries any status on x-should-retry: true', async () => {
    server.script(apiError(503, 'unavailable', { 'x-should-retry': 'false' }));
    await expect(client().health.retrieve()).rejects.toThrow(InternalServerError);
    expect(server.requests).toHaveLength(1);

    server.script(apiError(400, 'try_again', { 'x-should-retry': 'true' }), json(200, health));
    expect(await client().health.retrieve()).toEqual(health);
    expect(server.requests).toHaveLength(2);

    server.script(apiError(400, 'bad'));
    await expect(client().health.retrieve()).rejects.toThrow(BadRequestError);
    expect(server.requests).toHaveLength(1);
  });

  it('raises a RateLimitError carrying the wait when the server asks for longer than the cap', async () => {
    server.script(apiError(429, 'rate_limited', { 'retry-after': '120' }), json(200, health));
    const error = await client()
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 120, retryAfterMs: 120_000 });
    expect((error as Error).message).toMatch(
      /Not retried: the server asked to wait 120000 ms, more than maxRetryWait \(60000 ms\)/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('takes the cap per client and per call', async () => {
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    const capped = client({ maxRetryWait: 100 });
    await expect(capped.health.retrieve()).rejects.toMatchObject({ retryAfterMs: 200 });
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    expect(await capped.health.retrieve({ maxRetryWait: 1_000 })).toEqual(health);
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    await expect(client().health.retrieve({ maxRetryWait: 100 })).rejects.toThrow(RateLimitError);
  });
});

describe('escape hatches', () => {
  it('sends per-call extra query parameters, body fields and headers, and removes a header given as null', async () => {
    server.script(json(200, { id: 'asmt_1', status: 'completed' }));
    await client().nature.assessments.update(
      'asmt_1',
      { status: 'completed' },
      {
        query: { expand: ['scores', 'subject'], preview: true },
        body: { beta_flag: 'on', status: 'completed' },
        headers: { 'x-beta': '1', 'x-spec-digest': null },
      },
    );
    const [request] = server.requests;
    expect(request.url).toBe('/v1/nature/assessments/asmt_1?expand=scores&expand=subject&preview=true');
    expect(JSON.parse(request.body)).toEqual({ status: 'completed', beta_flag: 'on' });
    expect(request.headers['x-beta']).toBe('1');
    expect(request.headers['x-spec-digest']).toBeUndefined();

    server.script(json(200, { id: 'subj_1', deleted: true }));
    await client().nature.subjects.delete('subj_1', { body: { reason: 'withdrawn' } }); // an operation without a body gets a JSON one
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0].body)).toEqual({ reason: 'withdrawn' });
    await expect(client().health.retrieve({ body: { probe: 1 } })).rejects.toThrow(
      /A GET request has no body: pass extra fields as `query`/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('withOptions returns a client of the same class with changed defaults, sharing fetch, logger and key', async () => {
    const seen: string[] = [];
    const sharedFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const logger = recordingLogger();
    const base = client({ fetch: sharedFetch, logger, defaultHeaders: { 'x-team': 'a' }, maxRetries: 0 });
    const changed = base.withOptions({
      maxRetries: 1,
      timeout: 5_000,
      defaultHeaders: { 'x-extra': 'b' },
      logLevel: 'debug',
    });
    expect(changed).toBeInstanceOf(AssessmentServiceClient);
    expect(changed).not.toBe(base);
    expect({
      maxRetries: changed.maxRetries,
      timeout: changed.timeout,
      apiKey: changed.apiKey,
      baseURL: changed.baseURL,
    }).toEqual({ maxRetries: 1, timeout: 5_000, apiKey: KEY, baseURL: server.url });
    expect({ maxRetries: base.maxRetries, timeout: base.timeout }).toEqual({
      maxRetries: 0,
      timeout: 60_000,
    });

    server.script(apiError(503, 'unavailable'), json(200, health));
    expect(await changed.health.retrieve()).toEqual(health);
    expect(seen).toHaveLength(2); // both attempts through the one fetch
    expect(server.requests[1].headers).toMatchObject({ 'x-team': 'a', 'x-extra': 'b' });
    expect(logger.lines.filter(([level]) => level === 'debug')).toHaveLength(2); // the same logger, at the new level
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
