/** Pages without a session: sign up, sign in, e-mail verification, password reset. */
import { html } from 'htm/preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, failureText } from '../api.js';
import { Notice, useAction } from '../components.js';

/** Where to go after signing in: only one of the dashboard's own pages, never an outside address. */
export function nextPage(search = location.search): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(next) ? next : '/dashboard/test/keys';
}

/** The token from a mail's link, after `#` (`#token=…` or the bare token), so no server or log sees it. */
function linkToken(): string {
  const fragment = location.hash.slice(1);
  return new URLSearchParams(fragment).get('token') ?? (/^[A-Za-z0-9_-]+$/.test(fragment) ? fragment : '');
}

function Frame({ title, children }: { title: string; children: ComponentChildren }) {
  return html`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${title}</h1>
      ${children}
    </main>
  `;
}

function CredentialsForm({ mode }: { mode: 'signin' | 'signup' }) {
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    void action.run(async () => {
      if (mode === 'signup') await api.signUp(email, password);
      else await api.signIn(email, password);
      location.assign(nextPage());
    });
  };
  const signup = mode === 'signup';
  return html`
    <form onSubmit=${submit} class="card">
      <${Notice} error=${action.error} />
      <div class="field">
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required autocomplete="email" autofocus />
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          required
          minlength=${signup ? 12 : undefined}
          maxlength="256"
          autocomplete=${signup ? 'new-password' : 'current-password'}
          aria-describedby=${signup ? 'password-hint' : undefined}
        />
        ${signup ? html`<p id="password-hint" class="hint">At least 12 characters.</p>` : null}
      </div>
      <button type="submit" class="primary" disabled=${action.busy}>
        ${signup ? 'Create account' : 'Sign in'}
      </button>
    </form>
    ${
      signup
        ? html`<p>Already have an account? <a href="/dashboard/signin">Sign in</a></p>`
        : html`<p>
            New here? <a href="/dashboard/signup">Create an account</a> ·
            <a href="/dashboard/reset-password">Forgot your password?</a>
          </p>`
    }
  `;
}

export const SignInPage = () =>
  html`<${Frame} title="Sign in to the dashboard"><${CredentialsForm} mode="signin" /><//>`;
export const SignUpPage = () =>
  html`<${Frame} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${CredentialsForm} mode="signup"
  /><//>`;

export function VerifyEmailPage() {
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const token = linkToken();
    if (!token) {
      setState('failed');
      setError('This link has no verification token. Open the link from the mail again.');
      return;
    }
    api.verifyEmail(token).then(
      () => setState('done'),
      (failure: unknown) => {
        setState('failed');
        setError(failureText(failure));
      },
    );
  }, []);
  return html`
    <${Frame} title="Verify your e-mail">
      ${state === 'working' ? html`<p aria-busy="true">Verifying…</p>` : null}
      ${
        state === 'done'
          ? html`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`
          : null
      }
      <${Notice} error=${error} />
    <//>
  `;
}

export function ResetPasswordPage() {
  const token = linkToken();
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void action.run(async () => {
      if (token) {
        await api.resetPassword(token, String(form.get('password') ?? ''));
        setDone(
          'Your password is changed, and every other session is signed out. Sign in with the new password.',
        );
      } else {
        await api.requestPasswordReset(String(form.get('email') ?? '').trim());
        setDone('If an account has that address, a reset link is on its way.');
      }
    });
  };
  return html`
    <${Frame} title=${token ? 'Choose a new password' : 'Reset your password'}>
      <${Notice} error=${action.error} message=${done} />
      ${
        done
          ? html`<p><a href="/dashboard/signin">Sign in</a></p>`
          : html`<form onSubmit=${submit} class="card">
              ${
                token
                  ? html`<div class="field">
                      <label for="password">New password</label
                      ><input
                        id="password"
                        name="password"
                        type="password"
                        required
                        minlength="12"
                        maxlength="256"
                        autocomplete="new-password"
                        autofocus
                      />
                    </div>`
                  : html`<div class="field">
                      <label for="email">E-mail</label
                      ><input id="email" name="email" type="email" required autocomplete="email" autofocus />
                    </div>`
              }
              <button type="submit" class="primary" disabled=${action.busy}>
                ${token ? 'Change password' : 'Send reset link'}
              </button>
            </form>`
      }
    <//>
  `;
}
