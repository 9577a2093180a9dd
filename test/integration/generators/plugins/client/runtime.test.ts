/**
 * The generated client's runtime behaviour, through the generated client, against a real HTTP
 * server on loopback (no fetch mocks). What needs no server (backoff, keys) is
 * test/unit/generators/plugins/client/runtime.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AssessmentServiceClient,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../../../../generated/client/src/index.js';
import { apiError, hang, json, startTestServer, type TestServer } from '../../../../support/http-server.js';
import { deref, specDocument } from '../../../../support/spec.js';

const KEY = 'test_sk_0123456789abcdefghijklmnopqrstuv';
const subject = {
  id: 'subj_1',
  object: 'subject',
  livemode: false,
  created_at: '2026-01-01T00:00:00Z',
  consent_artifact: {},
  metadata: {},
  latest_scores: null,
};
const createBody = {
  consent_artifact: {
    consent_text_version: '2026-01',
    consented_at: '2026-01-01T00:00:00Z',
    ui_snapshot_hash: `sha256:${'a'.repeat(64)}`,
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Waits (on real I/O turns, never the faked clock) until the server has seen n requests. */
async function untilRequests(n: number): Promise<void> {
  for (let turn = 0; turn < 10_000 && server.requests.length < n; turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
  expect(server.requests).toHaveLength(n);
}

/** A client whose backoff jitter is pinned, so waits are exact. */
function client(
  options: ConstructorParameters<typeof AssessmentServiceClient>[0] = {},
  jitter = 0,
): AssessmentServiceClient {
  return new AssessmentServiceClient({ apiKey: KEY, baseURL: server.url, ...options })._setRandom(
    () => jitter,
  );
}

describe('requests', () => {
  it('sends the key as a Bearer token and the body as JSON', async () => {
    server.script(json(201, subject));
    await client().nature.subjects.create(createBody);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/nature/subjects');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(createBody);
    const provenance = JSON.parse(readFileSync('generated/provenance.json', 'utf8'));
    expect(request.headers['x-spec-digest']).toBe(provenance.spec_digest); // the spec this client came from
  });

  it('sends an empty required body as {} (the spec requires a body; no body is a 400)', async () => {
    server.script(json(201, { id: 'asmt_1' }));
    await client().nature.subjects.assessments.create('subj_1', {});
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(server.requests[0].body).toBe('{}');
  });

  it('sends a Date given for a date-time in the UTC `Z` form the spec pattern accepts', async () => {
    server.script(json(201, subject));
    const consentedAt = new Date(Date.UTC(2026, 2, 14, 9, 26, 53));
    await client().nature.subjects.create({
      ...createBody,
      consent_artifact: { ...createBody.consent_artifact, consented_at: consentedAt as unknown as string },
    });
    const sent = JSON.parse(server.requests[0].body).consent_artifact.consented_at;
    expect(sent).toBe('2026-03-14T09:26:53.000Z');
    const document = await specDocument();
    const pattern = deref(
      document,
      document.components.schemas.ConsentArtifact.properties.consented_at,
    ).pattern;
    expect(sent).toMatch(new RegExp(pattern));
  });

  it('percent-encodes path parameters', async () => {
    server.script(json(200, subject));
    await client().nature.subjects.retrieve('a/b c?d#e');
    expect(server.requests[0].url).toBe('/v1/nature/subjects/a%2Fb%20c%3Fd%23e');
  });

  it('puts query parameters in the query string and leaves the body empty', async () => {
    server.script(
      json(200, {
        object: 'list',
        data: [],
        has_more: false,
        next_cursor: null,
        previous_cursor: null,
        request_id: 'req_1',
      }),
    );
    await client().nature.subjects.list({ limit: 5, starting_after: 'cur_x' });
    expect(server.requests[0].url).toBe('/v1/nature/subjects?limit=5&starting_after=cur_x');
    expect(server.requests[0].body).toBe('');
  });

  it('exposes request_id and the rate-limit headers of any call', async () => {
    server.script(
      json(200, subject, {
        'x-request-id': 'req_abc',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '57',
      }),
    );
    const { data, requestId, rateLimit, status } = await client()
      .nature.subjects.retrieve('subj_1')
      .withResponse();
    expect(data).toEqual(subject);
    expect(status).toBe(200);
    expect(requestId).toBe('req_abc');
    expect(rateLimit).toEqual({ limit: 60, remaining: 57 });
  });
});

describe('retries', () => {
  it('retries a 5xx 3 times by default, then throws InternalServerError with request_id', async () => {
    server.script(apiError(500, 'internal_error'));
    const error = await client()
      .nature.subjects.retrieve('subj_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', requestId: 'req_internal_error' });
    expect(server.requests).toHaveLength(4);
  });

  it('waits the backoff between attempts (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.script(apiError(503, 'internal_error'), json(200, subject));
    const call = client({}, 1).nature.subjects.retrieve('subj_1'); // jitter pinned at its ceiling: 500 ms
    await untilRequests(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await untilRequests(2);
    await expect(call).resolves.toEqual(subject);
  });

  it('on 429 waits exactly Retry-After seconds, then repeats the identical request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.script(apiError(429, 'rate_limited', { 'retry-after': '2' }), json(201, subject));
    const call = client({}, 1).nature.subjects.create(createBody);
    await untilRequests(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await untilRequests(2);
    await expect(call).resolves.toEqual(subject);
    const [first, second] = server.requests;
    expect(second.body).toBe(first.body);
    expect(second.url).toBe(first.url);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
  });

  it('keeps one Idempotency-Key across retries, a new one per call, or the caller’s own', async () => {
    server.script(apiError(502, 'internal_error'), apiError(502, 'internal_error'), json(201, subject));
    const api = client();
    await api.nature.subjects.create(createBody);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

    server.script(json(201, subject));
    await api.nature.subjects.create(createBody);
    expect(server.requests[0].headers['idempotency-key']).not.toBe(keys[0]);

    server.script(json(201, subject));
    await api.nature.subjects.create(createBody, { idempotencyKey: 'my-key-1' });
    expect(server.requests[0].headers['idempotency-key']).toBe('my-key-1');
  });

  it.each([
    { status: 400, code: 'invalid_request', kind: BadRequestError },
    { status: 401, code: 'unauthenticated', kind: AuthenticationError },
    { status: 403, code: 'insufficient_scope', kind: PermissionDeniedError },
    { status: 404, code: 'not_found', kind: NotFoundError },
    { status: 409, code: 'idempotency_conflict', kind: ConflictError },
    { status: 422, code: 'invalid_request', kind: UnprocessableEntityError },
  ])(
    'never retries a $status; throws $kind.name with code and request_id',
    async ({ status, code, kind }) => {
      server.script(apiError(status, code, { 'x-request-id': `req_${code}` }));
      const error = await client()
        .nature.subjects.retrieve('subj_1')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(kind);
      expect(error).toMatchObject({
        status,
        code,
        requestId: `req_${code}`,
        message: expect.stringContaining(`${code} happened`),
      });
      expect((error as { headers: Headers }).headers.get('x-request-id')).toBe(`req_${code}`);
      expect(server.requests).toHaveLength(1);
    },
  );

  it('throws RateLimitError with retryAfter when retries run out', async () => {
    server.script(apiError(429, 'rate_limited', { 'retry-after': '0' }));
    const error = await client({ maxRetries: 1 })
      .nature.subjects.retrieve('subj_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('takes the retry count per client and per call', async () => {
    server.script(apiError(500, 'internal_error'));
    await client({ maxRetries: 1 })
      .nature.subjects.retrieve('subj_1')
      .catch(() => undefined);
    expect(server.requests).toHaveLength(2);
    server.script(apiError(500, 'internal_error'));
    await client({ maxRetries: 1 })
      .nature.subjects.retrieve('subj_1', { maxRetries: 0 })
      .catch(() => undefined);
    expect(server.requests).toHaveLength(1);
  });

  it('retries connection errors, then throws APIConnectionError', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    const api = new AssessmentServiceClient({ apiKey: KEY, baseURL: url, maxRetries: 2 })._setRandom(() => 0);
    await expect(api.nature.subjects.retrieve('subj_1')).rejects.toBeInstanceOf(APIConnectionError);
  });
});

describe('timeouts and abort', () => {
  it('gives up after the per-call timeout with APIConnectionTimeoutError', async () => {
    server.script(hang);
    const started = Date.now();
    const error = await client()
      .nature.subjects.retrieve('subj_1', { timeout: 150, maxRetries: 0 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.requests).toHaveLength(1);
  });

  it('stops at once on AbortSignal, without retrying', async () => {
    server.script(hang);
    const controller = new AbortController();
    const call = client().nature.subjects.retrieve('subj_1', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { interval: 5 });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('pagination', () => {
  const items = Array.from({ length: 7 }, (_, index) => ({ ...subject, id: `subj_${index + 1}` }));
  /** Cursor paging over `items` by the list envelope's rules. */
  function paging(): Parameters<TestServer['script']>[0] {
    return (request, response) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const limit = Number(query.get('limit') ?? 25);
      const after = query.get('starting_after');
      const before = query.get('ending_before');
      let start: number;
      let end: number;
      let hasMore: boolean;
      if (before) {
        end = items.findIndex((item) => item.id === before);
        start = Math.max(0, end - limit);
        hasMore = start > 0;
      } else {
        start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
        end = Math.min(items.length, start + limit);
        hasMore = end < items.length;
      }
      const data = items.slice(start, end);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          data,
          has_more: hasMore,
          next_cursor: end < items.length ? (data.at(-1)?.id ?? null) : null,
          previous_cursor: start > 0 ? (data[0]?.id ?? null) : null,
          request_id: 'req_page',
        }),
      );
    };
  }

  it('walks every page forward with for await, following next_cursor', async () => {
    server.script(paging());
    const seen: string[] = [];
    for await (const item of client().nature.subjects.list({ limit: 3 })) seen.push(item.id);
    expect(seen).toEqual(items.map((item) => item.id));
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/nature/subjects?limit=3',
      '/v1/nature/subjects?limit=3&starting_after=subj_3',
      '/v1/nature/subjects?limit=3&starting_after=subj_6',
    ]);
  });

  it('gives page-level access and pages backward with ending_before', async () => {
    server.script(paging());
    const first = await client().nature.subjects.list({ limit: 3 });
    expect(first.data.map((item) => item.id)).toEqual(['subj_1', 'subj_2', 'subj_3']);
    expect(first.hasPreviousPage()).toBe(false);
    const second = await first.getNextPage();
    const third = await second.getNextPage();
    expect(third.hasNextPage()).toBe(false);
    expect(third.nextCursor).toBeNull();
    const back = await third.getPreviousPage();
    expect(back.data.map((item) => item.id)).toEqual(second.data.map((item) => item.id));
    expect(server.requests.at(-1)?.url).toBe('/v1/nature/subjects?limit=3&ending_before=subj_7');

    const backward: string[] = [];
    for await (const page of (
      await client().nature.subjects.list({ limit: 3, ending_before: 'subj_7' })
    ).iterPages())
      backward.push(...page.data.map((item) => item.id));
    expect(backward.sort()).toEqual(
      items
        .slice(0, 6)
        .map((item) => item.id)
        .sort(),
    );
  });
});
