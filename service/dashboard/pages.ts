/**
 * The dashboard's pages: one small HTML shell per page (the Preact bundle renders into it), the
 * hashed script and stylesheet, and the headers every page carries: a strict CSP (no inline script
 * or style anywhere), no caching of pages (a raw key is on screen once and must not be kept), and
 * no CORS. Register with `app.register(dashboardPages)`.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendError } from '../errors.js';
import { dashboardAssets, type DashboardAssets } from './ui/bundle.js';

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
export const PUBLIC_PAGES = { signin: 'Sign in', signup: 'Sign up', 'verify-email': 'Verify your e-mail', 'reset-password': 'Reset your password' } as const;

const SESSION_COOKIE = 'dashboard_session';
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

/**
 * Dashboard routes carry no CORS header (the app-wide hook adds one for the public API only; removed
 * here too in case it ever does not) and say which request they answer, like every response here.
 */
const noCors = (reply: FastifyReply) => reply.removeHeader('access-control-allow-origin').header('x-request-id', reply.request.id);

export const dashboardPages: FastifyPluginAsync = async (app) => {
  const assets = await dashboardAssets();
  const byName = new Map([assets.script, assets.stylesheet].map((asset) => [asset.name, asset]));

  const page = (reply: FastifyReply, html: string) => noCors(reply).headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).type('text/html; charset=utf-8').send(html);
  const redirect = (reply: FastifyReply, to: string) => noCors(reply).headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).redirect(to, 302);

  // `/dashboard/` goes to the keys page when a session cookie is present (the page itself checks it
  // and sends an expired one to sign-in), else straight to sign-in.
  app.get('/dashboard', (_request, reply) => redirect(reply, '/dashboard/'));
  app.get('/dashboard/', (request, reply) => {
    const cookies = request.headers.cookie ?? '';
    const signedIn = cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE}=`));
    return redirect(reply, signedIn ? '/dashboard/test/keys' : '/dashboard/signin');
  });
  for (const [name, title] of Object.entries(PUBLIC_PAGES)) {
    app.get(`/dashboard/${name}`, (_request, reply) => page(reply, shell(assets, name, title)));
  }
  for (const environment of ENVIRONMENTS) {
    app.get(`/dashboard/${environment}`, (_request, reply) => redirect(reply, `/dashboard/${environment}/keys`));
    for (const [name, title] of Object.entries(ENVIRONMENT_PAGES)) {
      app.get(`/dashboard/${environment}/${name}`, (_request, reply) => page(reply, shell(assets, name, title, environment)));
    }
  }
  app.get<{ Params: { name: string } }>('/dashboard/assets/:name', (request, reply) => {
    const asset = byName.get(request.params.name);
    noCors(reply);
    if (!asset) return sendError(reply.headers(SECURITY_HEADERS), request, 404, 'not_found', 'No such dashboard asset.');
    return reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'public, max-age=31536000, immutable' })
      .type(asset.contentType)
      .send(asset.body);
  });
};
