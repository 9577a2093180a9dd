/**
 * The generated client's runtime behaviour that needs no server: the backoff schedule, and what
 * the client decides from its key before any request (environment, the key from the environment,
 * refusing a secret key in a browser). Requests, retries, timeouts and paging against a real
 * server on loopback are test/integration/generators/plugins/client/runtime.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  APIError,
  AssessmentServiceClient,
  NotFoundError,
  SecretKeyInBrowserError,
  backoffDelayMs,
} from '../../../../../generated/client/src/index.js';
import type { OperationSpec } from '../../../../../generated/client/src/core/operation.js';
import { buildHeaders, type RequestContext } from '../../../../../generated/client/src/core/request.js';

const KEY = 'test_sk_0123456789abcdefghijklmnopqrstuv';
/** Never contacted: these tests make no request. */
const BASE_URL = 'http://127.0.0.1:9';

function client(
  options: ConstructorParameters<typeof AssessmentServiceClient>[0] = {},
): AssessmentServiceClient {
  return new AssessmentServiceClient({ apiKey: KEY, baseURL: BASE_URL, ...options });
}

describe('retries', () => {
  it('backoff grows exponentially from the spec policy, capped, with full jitter', () => {
    const policy = {
      maxRetries: 3,
      initialDelayMs: 500,
      maxDelayMs: 8000,
      backoffMultiplier: 2,
      jitter: 'full' as const,
      respectRetryAfter: true,
      retryOnConnectionError: true,
      retryableStatuses: [429],
    };
    const table = [
      { retry: 0, max: 500 },
      { retry: 1, max: 1000 },
      { retry: 2, max: 2000 },
      { retry: 5, max: 8000 },
      { retry: 9, max: 8000 },
    ];
    for (const { retry, max } of table) {
      expect(backoffDelayMs(policy, retry, () => 0)).toBe(0);
      expect(backoffDelayMs(policy, retry, () => 1)).toBe(max);
      expect(backoffDelayMs(policy, retry, () => 0.5)).toBe(max / 2);
    }
    expect(backoffDelayMs({ ...policy, jitter: 'equal' }, 1, () => 0)).toBe(500);
    expect(backoffDelayMs({ ...policy, jitter: 'none' }, 2, () => 0)).toBe(2000);
  });
});

describe('keys', () => {
  it('derives the environment from the key prefix', () => {
    expect(client().environment).toBe('test');
    expect(
      new AssessmentServiceClient({ apiKey: 'live_pk_0123456789abcdefghijklmnopqrstuv', baseURL: BASE_URL })
        .environment,
    ).toBe('live');
  });

  it('reads the key from ASSESSMENT_SERVICE_API_KEY and says so when there is none', () => {
    vi.stubEnv('ASSESSMENT_SERVICE_API_KEY', 'live_sk_fromenv0000000000000000000000000');
    expect(new AssessmentServiceClient({ baseURL: BASE_URL }).apiKey).toBe(
      'live_sk_fromenv0000000000000000000000000',
    );
    vi.stubEnv('ASSESSMENT_SERVICE_API_KEY', undefined as unknown as string);
    expect(() => new AssessmentServiceClient({ baseURL: BASE_URL })).toThrow(/ASSESSMENT_SERVICE_API_KEY/);
    vi.unstubAllEnvs();
  });

  it('refuses a secret key in a browser-like runtime, and allows a publishable one', () => {
    const scope = globalThis as Record<string, unknown>;
    scope.window = {};
    scope.document = {};
    try {
      expect(() => new AssessmentServiceClient({ apiKey: KEY, baseURL: BASE_URL })).toThrow(
        SecretKeyInBrowserError,
      );
      expect(() => new AssessmentServiceClient({ apiKey: KEY, baseURL: BASE_URL })).toThrow(
        /publishable \(pk_\) key/,
      );
      expect(
        new AssessmentServiceClient({ apiKey: 'test_pk_0123456789abcdefghijklmnopqrstuv', baseURL: BASE_URL })
          .environment,
      ).toBe('test');
    } finally {
      delete scope.window;
      delete scope.document;
    }
    expect(() => new AssessmentServiceClient({ apiKey: KEY, baseURL: BASE_URL })).not.toThrow();
  });
});

describe('documented redirects', () => {
  // Through a replaced fetch: no socket. GitHub's archive downloads document only a 302.
  const redirecting = (status: number) => async () =>
    new Response(null, { status, headers: { 'x-request-id': 'req_1' } });
  const archive = { method: 'get', path: '/archive', params: [], redirects: [302] };

  it('answers a redirect the operation documents as its result (fetch did not follow it: no Location)', async () => {
    const { response } = await client({ fetch: redirecting(302), maxRetries: 0 })
      .request(archive, [], {})
      .withResponse();
    expect(response.status).toBe(302);
  });

  it('still throws on a redirect the operation does not document', async () => {
    await expect(
      client({ fetch: redirecting(302), maxRetries: 0 }).request(
        { ...archive, redirects: undefined },
        [],
        {},
      ),
    ).rejects.toMatchObject({ status: 302 });
    await expect(
      client({ fetch: redirecting(303), maxRetries: 0 }).request(archive, [], {}),
    ).rejects.toMatchObject({ status: 303 });
  });
});

describe('error bodies of other APIs', () => {
  // Before: only `message` (flat or under `error`) was read, so a problem-details 404 said "request failed".
  const error = (status: number, body: unknown) =>
    APIError.generate(status, body, new Headers(), 'x-request-id');

  it.each([
    {
      shape: 'RFC 9457 problem details',
      body: {
        type: 'https://example.com/errors/not-found',
        title: 'Not Found',
        status: 404,
        detail: 'No such planet.',
      },
      text: '404 https://example.com/errors/not-found: No such planet.',
    },
    {
      shape: 'problem details with about:blank and a title only',
      body: { type: 'about:blank', title: 'Not Found', status: 404 },
      text: '404: Not Found',
    },
    {
      shape: 'JSON:API errors',
      body: { errors: [{ code: 'missing', detail: 'No such planet.' }, { detail: 'second' }] },
      text: '404 missing: No such planet.',
    },
    {
      shape: 'OAuth 2',
      body: { error: 'invalid_token', error_description: 'The token expired.' },
      text: '404 invalid_token: The token expired.',
    },
    {
      // Before: `404: request failed`, the reason only in the body.
      shape: 'Postmark (capitalised names, a numeric code)',
      body: { ErrorCode: 600, Message: 'Server 1 not found.' },
      text: '404 600: Server 1 not found.',
    },
    {
      shape: 'GitHub',
      body: { message: 'Not Found', documentation_url: 'https://docs.github.com' },
      text: '404: Not Found',
    },
    {
      shape: 'Stripe (unchanged)',
      body: { error: { code: 'not_found', message: 'No such subject.', request_id: 'req_1' } },
      text: '404 not_found: No such subject. (request_id req_1)',
    },
  ])('$shape: the message says what the body says', ({ body, text }) => {
    const thrown = error(404, body);
    expect(thrown).toBeInstanceOf(NotFoundError);
    expect(thrown.message).toBe(text);
  });
});

describe('idempotency keys', () => {
  it('refuses a key on an operation that declares no idempotency header, before any request (before: silently dropped)', async () => {
    const sent: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      sent.push(String(url));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const plain = { method: 'post', path: '/things', params: [] };
    await expect(
      client({ fetch, maxRetries: 0 }).request(plain, [], {}, { idempotencyKey: 'k-1' }),
    ).rejects.toThrow(
      'POST /things takes no idempotency key: the API declares no idempotency header for it.',
    );
    expect(sent).toEqual([]);
    const seen: Array<string | null> = [];
    const keyed = async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('idempotency-key'));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    await client({ fetch: keyed, maxRetries: 0 }).request(
      { ...plain, idempotencyHeader: 'Idempotency-Key' },
      [],
      {},
      { idempotencyKey: 'k-1' },
    );
    expect(seen).toEqual(['k-1']);
  });
});

describe('what every call returns', () => {
  it('is a Promise of the body by type (assignable, no cast) and says what it is (before: PromiseLike only)', async () => {
    const fetch = async () =>
      new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    const call: Promise<unknown> = client({ fetch, maxRetries: 0 }).request(
      { method: 'get', path: '/things', params: [] },
      [],
      {},
    );
    expect(Object.prototype.toString.call(call)).toBe('[object APIPromise]');
    expect(await call).toEqual({ ok: true });
  });
});

describe("headers fetch writes by itself (evetech's Accept-Language)", () => {
  const operation = {
    method: 'get',
    path: '/search',
    params: [{ name: 'Accept-Language', in: 'header', whenAbsent: 'en-us' }],
  } as OperationSpec;
  const context = (defaultHeaders: Record<string, string> = {}): RequestContext => ({
    apiKey: undefined,
    baseURL: BASE_URL,
    csrfToken: undefined,
    defaultHeaders,
    config: { userAgent: 'test' } as RequestContext['config'],
  });

  it("sends the spec's default when the caller gives none, the caller's value when given", () => {
    expect(buildHeaders(context(), operation, {}, {}, 'application/json')['accept-language']).toBe('en-us');
    expect(
      buildHeaders(context(), operation, { 'Accept-Language': 'fr' }, {}, 'application/json')[
        'accept-language'
      ],
    ).toBe('fr');
  });

  it("leaves the client's own default header, and a request option, as they are", () => {
    expect(
      buildHeaders(context({ 'Accept-Language': 'de' }), operation, {}, {}, 'application/json')[
        'accept-language'
      ],
    ).toBe('de');
    expect(
      buildHeaders(context(), operation, {}, { headers: { 'accept-language': 'ja' } }, 'application/json')[
        'accept-language'
      ],
    ).toBe('ja');
  });
});
