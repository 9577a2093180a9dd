/**
 * The dashboard's pages, one encapsulated plugin: one small HTML shell per page (the Preact bundle
 * renders into it), the hashed script and stylesheet, and the headers every page carries: a strict
 * CSP (no inline script or style anywhere), no caching of pages (a raw key is on screen once and
 * must not be kept), and no CORS. It also answers what no route under /dashboard answers (unknown
 * paths, bad URLs, a missing Host): in the error format, charged to the client's address like any
 * anonymous request, without the public API's CORS header. Register it inside the dashboard's
 * prefix (dashboard/plugin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { echo } from '../../generated/server/index.js';
import { frameworkError } from '../../generated/server/core/errors.js';
import { sendUnrouted, type Edges, type Unrouted } from '../edges.js';
import { sendError } from '../errors.js';
import type { RateLimiter } from '../rate-limit.js';
import { chargeAddress } from '../security.js';
import { SESSION_COOKIE } from './api/index.js';
import { dashboardAssets, type DashboardAssets } from './assets.js';

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers on every dashboard page and asset. */
const SECURITY_HEADERS = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export const ENVIRONMENTS = ['test', 'live'] as const;
/** Pages inside an environment: `/dashboard/{env}/{page}`. */
export const ENVIRONMENT_PAGES = { keys: 'API keys', billing: 'Billing', webhooks: 'Webhooks' } as const;
/** Pages outside one (no session needed). */
export const PUBLIC_PAGES = {
  signin: 'Sign in',
  signup: 'Sign up',
  'verify-email': 'Verify your e-mail',
  'reset-password': 'Reset your password',
} as const;

const PRODUCT = 'Assessment Service';

function shell(assets: DashboardAssets, page: string, title: string, environment?: string): string {
  const mode = environment ? ` · ${environment === 'test' ? 'Test mode' : 'Live mode'}` : '';
  const envAttribute = environment ? ` data-environment="${environment}"` : '';
  // Every value here is one of the fixed names above, never request input.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}${mode} · ${PRODUCT} dashboard</title>
<link rel="stylesheet" href="/dashboard/assets/${assets.stylesheet.name}">
<script type="module" src="/dashboard/assets/${assets.script.name}"></script>
</head>
<body data-page="${page}"${envAttribute}>
<div id="app"><main><h1>${title}</h1><noscript><p>The dashboard needs JavaScript.</p></noscript></main></div>
</body>
</html>
`;
}

export interface DashboardPagesOptions {
  /** Per-address budgets of this process (unknown paths spend from the anonymous one). */
  limiter: RateLimiter;
  newRequestId: () => string;
  edges: Edges;
}

export async function dashboardPages(pages: FastifyInstance, options: DashboardPagesOptions): Promise<void> {
  const assets = await dashboardAssets();
  const byName = new Map([assets.script, assets.stylesheet].map((asset) => [asset.name, asset]));

  const unrouted: Unrouted = ({ id = options.newRequestId(), ip }) => {
    const charge = chargeAddress(options.limiter, ip);
    return { id, headers: { 'x-request-id': id, ...charge.headers }, refuse: charge.refuse };
  };
  options.edges.mount(pages, unrouted);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendUnrouted(unrouted, request, reply, {
      status: 404,
      code: 'not_found',
      message: `No route for ${echo(request.method)} ${echo(request.url.split('?')[0])}.`,
      param: null,
    });

  // Callback style: an answer here ends the request (`done` is not called).
  pages.addHook('onRequest', (request, reply, done) => {
    // HTTP/1.1 requires Host (RFC 9112 3.2), as on the public API.
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      return void sendUnrouted(unrouted, request, reply, {
        status: 400,
        code: 'invalid_request',
        message: 'HTTP/1.1 requests need a Host header.',
        param: null,
      });
    }
    // An unknown path is a 404 before any body is read: no page takes one.
    if (request.is404) return void notFound(request, reply);
    reply.header('x-request-id', request.id);
    done();
  });
  pages.setNotFoundHandler(notFound);
  pages.setErrorHandler((error, request, reply) => {
    const mapped = frameworkError(error as { code?: string; statusCode?: number });
    if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, mapped.status, mapped.code, mapped.message);
  });

  const page = (reply: FastifyReply, html: string) =>
    reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(html);
  const redirect = (reply: FastifyReply, to: string) =>
    reply.headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).redirect(to, 302);

  // `/dashboard/` goes to the keys page when a session cookie is present (the page itself checks it
  // and sends an expired one to sign-in), else straight to sign-in.
  pages.get('', (_request, reply) => redirect(reply, '/dashboard/'));
  pages.route({
    method: 'GET',
    url: '/',
    prefixTrailingSlash: 'slash',
    handler: (request, reply) => {
      const cookies = request.headers.cookie ?? '';
      const signedIn = cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE}=`));
      return redirect(reply, signedIn ? '/dashboard/test/keys' : '/dashboard/signin');
    },
  });
  for (const [name, title] of Object.entries(PUBLIC_PAGES)) {
    pages.get(`/${name}`, (_request, reply) => page(reply, shell(assets, name, title)));
  }
  for (const environment of ENVIRONMENTS) {
    pages.get(`/${environment}`, (_request, reply) => redirect(reply, `/dashboard/${environment}/keys`));
    for (const [name, title] of Object.entries(ENVIRONMENT_PAGES)) {
      pages.get(`/${environment}/${name}`, (_request, reply) =>
        page(reply, shell(assets, name, title, environment)),
      );
    }
  }
  pages.get<{ Params: { name: string } }>('/assets/:name', (request, reply) => {
    const asset = byName.get(request.params.name);
    if (!asset)
      return sendError(
        reply.headers(SECURITY_HEADERS),
        request,
        404,
        'not_found',
        'No such dashboard asset.',
      );
    return reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'public, max-age=31536000, immutable' })
      .type(asset.contentType)
      .send(asset.body);
  });
}
