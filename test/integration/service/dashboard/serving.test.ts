/** How the dashboard's pages and assets are served: headers, hashes, redirects (plain HTTP on loopback, no browser). */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_CSP,
  ENVIRONMENT_PAGES,
  ENVIRONMENTS,
  PUBLIC_PAGES,
} from '../../../../service/dashboard/pages.js';
import { startService, type TestService } from '../../../support/service.js';

const PAGES = [
  ...Object.keys(PUBLIC_PAGES).map((page) => `/dashboard/${page}`),
  ...ENVIRONMENTS.flatMap((environment) =>
    Object.keys(ENVIRONMENT_PAGES).map((page) => `/dashboard/${environment}/${page}`),
  ),
];

describe('dashboard pages, served', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => service.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${path}`, { headers, redirect: 'manual' });

  it("an unknown dashboard path is a 404 without the public API's CORS header", async () => {
    for (const unknown of ['/dashboard/nope', '/dashboard/test/nope']) {
      const response = await get(unknown);
      expect(response.status, unknown).toBe(404);
      expect(response.headers.get('access-control-allow-origin'), unknown).toBeNull();
      expect(response.headers.get('x-request-id'), unknown).toMatch(/^req_/);
    }
  });

  it.each(PAGES)(
    '%s is an HTML shell with the strict CSP, no-store, security headers and no CORS',
    async (path) => {
      const response = await get(path, { origin: 'https://evil.example' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      const html = await response.text();
      // No inline script or style anywhere: every script has a src, no style element or attribute.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBe(1);
      expect(scripts.every((tag) => /\ssrc="\/dashboard\/assets\/app\.[0-9a-f]{16}\.js"/.test(tag))).toBe(
        true,
      );
      expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
      expect(html).toMatch(/<html lang="en">/);
    },
  );

  it('shows in the title and body which environment a page manages', async () => {
    const test = await (await get('/dashboard/test/keys')).text();
    const live = await (await get('/dashboard/live/webhooks')).text();
    expect(test).toContain('<title>API keys · Test mode ·');
    expect(test).toContain('data-environment="test"');
    expect(live).toContain('<title>Webhooks · Live mode ·');
    expect(live).toContain('data-environment="live"');
  });

  it('serves assets under their content hash, cached as immutable, and 404s any other name in the Error format', async () => {
    const html = await (await get('/dashboard/signin')).text();
    const names = [...html.matchAll(/\/dashboard\/assets\/(app\.([0-9a-f]{16})\.(js|css))/g)];
    expect(names.map((match) => match[3]).sort()).toEqual(['css', 'js']);
    for (const [, name, hash, extension] of names) {
      const response = await get(`/dashboard/assets/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        extension === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      );
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const body = Buffer.from(await response.arrayBuffer());
      expect(createHash('sha256').update(body).digest('hex').slice(0, 16)).toBe(hash);
    }
    const missing = await get('/dashboard/assets/app.0000000000000000.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ object: 'error', code: 'not_found' });
  });

  it('sends /dashboard/ to sign-in without a session cookie and to the test keys page with one', async () => {
    const anonymous = await get('/dashboard/');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/dashboard/signin');
    const signedIn = await get('/dashboard/', { cookie: 'other=1; dashboard_session=abc' });
    expect(signedIn.headers.get('location')).toBe('/dashboard/test/keys');
    expect((await get('/dashboard')).headers.get('location')).toBe('/dashboard/');
    expect((await get('/dashboard/live')).headers.get('location')).toBe('/dashboard/live/keys');
  });

  it('leaves the public API as it was (CORS for browsers holding pk_ keys)', async () => {
    const response = await get('/v1/health');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
