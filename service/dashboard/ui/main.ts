/**
 * The dashboard in the browser: the server's shell names the page (`data-page`) and environment
 * (`data-environment`); this renders it. Every page under an environment needs a session: without
 * one it goes to sign-in, coming back afterwards.
 */
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, failureText, isUnauthenticated, type Environment, type Session } from './api.js';
import { Layout, Notice, PAGE_TITLES, type EnvironmentPage } from './components.js';
import { ResetPasswordPage, SignInPage, SignUpPage, VerifyEmailPage } from './pages/auth.js';
import { BillingPage } from './pages/billing.js';
import { KeysPage } from './pages/keys.js';
import { WebhooksPage } from './pages/webhooks.js';

const PAGES = { keys: KeysPage, billing: BillingPage, webhooks: WebhooksPage };
const PUBLIC = {
  signin: SignInPage,
  signup: SignUpPage,
  'verify-email': VerifyEmailPage,
  'reset-password': ResetPasswordPage,
};

function SignedIn({ page, environment }: { page: EnvironmentPage; environment: Environment }) {
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.session().then(setSession, (failure: unknown) => {
      if (isUnauthenticated(failure))
        location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`);
      else setError(failureText(failure));
    });
  }, []);
  if (!session)
    return html`<main id="main">
      <h1>${PAGE_TITLES[page]}</h1>
      ${error ? html`<${Notice} error=${error} />` : html`<p aria-busy="true">Loading…</p>`}
    </main>`;
  const Page = PAGES[page];
  return html`<${Layout} page=${page} environment=${environment} session=${session}
    ><${Page} environment=${environment}
  /><//>`;
}

const root = document.getElementById('app');
const { page = '', environment } = document.body.dataset;
if (root) {
  if (page in PAGES && (environment === 'test' || environment === 'live')) {
    render(html`<${SignedIn} page=${page as EnvironmentPage} environment=${environment} />`, root);
  } else if (page in PUBLIC) {
    const Page = PUBLIC[page as keyof typeof PUBLIC];
    render(html`<${Page} />`, root);
    // A mail's link differs from this page's address only after `#`: opening it here must start over.
    window.addEventListener('hashchange', () => location.reload());
  }
}
