/**
 * The service is two plugins on one Fastify instance, the public API and the dashboard, each
 * owning its hooks: these are the answers at their edges (bad URLs, a missing Host, unknown
 * paths with odd bodies) and where metering happens, each pinned to the plugin that owns it.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request as written (no client would send these), on its own connection. */
function raw(request: string): Promise<RawResponse> {
  const { port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

const get = (path: string, headers = 'Host: x\r\n') =>
  raw(`GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);

function expectError(response: RawResponse, status: number, code: string) {
  expect(response.status, response.body).toBe(status);
  const body = JSON.parse(
    response.body.slice(response.body.indexOf('{'), response.body.lastIndexOf('}') + 1),
  );
  expect(body).toMatchObject({ object: 'error', code });
  expect(response.headers['x-request-id']).toMatch(/^req_/);
  expect(body.request_id).toBe(response.headers['x-request-id']);
}

describe('answers made before any route runs, by the plugin whose prefix the URL is under', () => {
  it('broken percent-encoding: the public API answers with its CORS header, the dashboard without', async () => {
    const api = await get('/v1/nature/subjects/subj%zz');
    expectError(api, 400, 'invalid_request');
    expect(api.headers['access-control-allow-origin']).toBe('*');
    expect(api.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    for (const path of ['/dashboard/assets/app%zz.js', '/dashboard/%zz', '/dashboard/api/keys/%zz']) {
      const dashboard = await get(path);
      expectError(dashboard, 400, 'invalid_request');
      expect(dashboard.headers['access-control-allow-origin'], path).toBeUndefined();
      expect(dashboard.headers['x-ratelimit-remaining'], path).toMatch(/^\d+$/);
    }
  });

  it('a request without Host: 400 in the error format, CORS only from the public API', async () => {
    const api = await get('/v1/health', '');
    expectError(api, 400, 'invalid_request');
    expect(api.headers['access-control-allow-origin']).toBe('*');
    for (const path of ['/dashboard/signin', '/dashboard/nope', '/dashboard/api/session']) {
      const dashboard = await get(path, '');
      expectError(dashboard, 400, 'invalid_request');
      expect(dashboard.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('an unknown dashboard path is a 404 whatever body comes with it', async () => {
    for (const [type, body] of [
      ['application/json', ''],
      ['application/json', '{}'],
      ['text/plain', 'hello'],
    ]) {
      const response = await raw(
        `POST /dashboard/nope HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expectError(response, 404, 'not_found');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it("an unknown path outside the dashboard is the public API's 404, with its CORS header", async () => {
    for (const path of ['/v2/anything', '/dashboardish', '/']) {
      const response = await get(path);
      expectError(response, 404, 'not_found');
      expect(response.headers['access-control-allow-origin'], path).toBe('*');
    }
  });
});

describe('metering (live requests per account)', () => {
  it('counts every live request its key lets through, even one the operation then refuses for its input', async () => {
    const live = await service.key({ env: 'live', account: 'acct_metered' });
    const readOnly = await service.key({ env: 'live', account: 'acct_metered', scopes: ['nature:read'] });
    const counted = [
      await service.call('GET', '/v1/nature/subjects', { key: live }),
      await service.call('GET', '/v1/nature/subjects?limit=abc', { key: live }),
      await service.call('POST', '/v1/nature/subjects', {
        key: live,
        body: { consent_artifact: 'not an object' },
      }),
      await service.call('DELETE', '/v1/nature/subjects/subj_missing', {
        key: live,
        rawBody: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(counted.map((response) => response.status)).toEqual([200, 400, 400, 400]);
    const notCounted = [
      await service.call('GET', '/v1/nature/subjects', {
        key: readOnly.replace(/.$/, (last) => (last === 'a' ? 'b' : 'a')),
      }),
      await service.call('POST', '/v1/nature/subjects', { key: readOnly, body: {} }),
      await service.call('OPTIONS', '/v1/nature/subjects'),
      await service.call('GET', '/v1/health'),
    ];
    expect(notCounted.map((response) => response.status)).toEqual([401, 403, 204, 200]);
    expect(await service.store.usage('acct_metered', '2026-11')).toBe(counted.length);
  });
});
