/** The pieces every dashboard page shares: the chrome with the test/live switch, dialogs, the once-only secret. */
import { html } from 'htm/preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, failureText, isUnauthenticated, type Environment, type Session } from './api.js';

export const PAGE_TITLES = { keys: 'API keys', billing: 'Billing', webhooks: 'Webhooks' } as const;
export type EnvironmentPage = keyof typeof PAGE_TITLES;

/** An element id from any text (ids with `:` or `.` are awkward in CSS selectors). */
export const idFor = (prefix: string, text: string) => `${prefix}-${text.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export const modeName = (environment: Environment) => (environment === 'test' ? 'Test mode' : 'Live mode');

/** `2026-11-22T14:06:08Z` as `2026-11-22 14:06` (column headers say UTC): the same text for every reader and test. */
export function When({ iso, empty = 'Never' }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return html`<span class="muted">${empty}</span>`;
  return html`<time datetime=${iso}>${iso.slice(0, 16).replace('T', ' ')}</time>`;
}

/** A message the screen reader announces; `role=alert` for failures. */
export function Notice({ error, message }: { error?: string | null; message?: string | null }) {
  return html`
    <p class="notice error" role="alert" hidden=${!error}>${error ?? ''}</p>
    <p class="notice" role="status" hidden=${!message}>${message ?? ''}</p>
  `;
}

export function Layout({
  page,
  environment,
  session,
  children,
}: {
  page: EnvironmentPage;
  environment: Environment;
  session: Session;
  children: ComponentChildren;
}) {
  const other: Environment = environment === 'test' ? 'live' : 'test';
  const [error, setError] = useState<string | null>(null);
  const signOut = async (everywhere: boolean) => {
    try {
      await (everywhere ? api.signOutEverywhere() : api.signOut());
      location.assign('/dashboard/signin');
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return html`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${environment}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(PAGE_TITLES).map(
            ([name, title]) =>
              html`<li>
                <a
                  href=${`/dashboard/${environment}/${name}`}
                  aria-current=${name === page ? 'page' : undefined}
                  >${title}</a
                >
              </li>`,
          )}
        </ul>
      </nav>
      <button
        type="button"
        class="mode-switch"
        role="switch"
        aria-checked=${environment === 'test'}
        onClick=${() => location.assign(`/dashboard/${other}/${page}`)}
      >
        <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
        Test mode
      </button>
      <div class="account">
        <span class="email">${session.user.email}</span>
        <button type="button" class="link" onClick=${() => signOut(false)}>Sign out</button>
        <button type="button" class="link" onClick=${() => signOut(true)}>Sign out everywhere</button>
      </div>
    </header>
    ${
      environment === 'test'
        ? html`<p class="mode-banner" data-mode="test">
            <strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here
            touches live traffic or billing.
          </p>`
        : html`<p class="mode-banner live" data-mode="live">
            <strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.
          </p>`
    }
    <main id="main" tabindex="-1">
      <${Notice} error=${error} />
      ${
        environment === 'live' && !session.user.email_verified
          ? html`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${session.user.email}.
            </p>`
          : null
      }
      ${children}
    </main>
  `;
}

/**
 * A modal `<dialog>`: opened with showModal (focus moves in, the page behind is inert, Escape
 * closes), focus on the first `[autofocus]` or focusable field, and back on the opener when it closes.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useRef(`dialog-${Math.random().toString(36).slice(2)}`).current;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  // A new step in the same dialog (a form, then the secret it made) starts at its first field.
  useEffect(() => {
    if (open)
      ref.current
        ?.querySelector<HTMLElement>(
          '[autofocus], input:not([disabled]), select, textarea, button:not([disabled])',
        )
        ?.focus();
  }, [open, title]);
  const closed = () => {
    onClose();
    const back = opener.current;
    opener.current = null;
    // The opener may have been re-rendered away (a revoked key's row loses its buttons).
    if (back && back.isConnected) back.focus();
    else document.getElementById('main')?.focus();
  };
  return html`
    <dialog ref=${ref} aria-labelledby=${titleId} onClose=${closed}>
      ${
        open
          ? html`<h2 id=${titleId}>${title}</h2>
              ${children}`
          : null
      }
    </dialog>
  `;
}

/** A secret shown exactly once, with a copy button; it lives only in this component's props. */
export function OnceOnlySecret({ label, secret }: { label: string; secret: string }) {
  const [copied, setCopied] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard permission: select it so Ctrl+C works.
      input.current?.select();
      setCopied('Selected: press Ctrl+C (or Cmd+C) to copy.');
    }
  };
  return html`
    <p class="warning">
      This is the only time the ${label.toLowerCase()} is shown. Copy it and store it somewhere safe now; you
      cannot see it again.
    </p>
    <div class="secret">
      <label for="once-only-secret">${label}</label>
      <input
        id="once-only-secret"
        ref=${input}
        class="secret-value"
        readonly
        value=${secret}
        spellcheck="false"
        autocomplete="off"
        autofocus
      />
      <button type="button" onClick=${copy}>Copy</button>
    </div>
    <p role="status" class="muted">${copied}</p>
  `;
}

/** Form fields' shared error handling: runs the action, shows its failure, tracks "busy". */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      // The session ended (expired, or signed out elsewhere): sign in again, then come back here.
      if (isUnauthenticated(failure) && document.body.dataset.environment)
        location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`);
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
