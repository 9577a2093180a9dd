/**
 * The dashboard's JSON API over real HTTP on loopback, on both store engines: sessions and their
 * cookie, the sign-in limit, CSRF and Origin checks, and verification and password reset through
 * the mail outbox.
 */
import { describe, expect, it } from 'vitest';
import { startService } from '../../../../support/service.js';
import {
  browserWith,
  describeDashboardApi,
  PASSWORD,
  service,
  sessionCookie,
  signIn,
  signUp,
} from './harness.js';

describeDashboardApi(() => {
  describe('sessions', () => {
    it('signs up with a session cookie that is HttpOnly, SameSite=Lax, Path=/dashboard and not Secure over http', async () => {
      const response = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'Ada@Example.com', password: PASSWORD },
        headers: { origin: service.url },
      });
      expect(response.status).toBe(201);
      const cookie = response.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^dashboard_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/dashboard');
      expect(cookie).not.toContain('Secure');
      expect(response.json()).toMatchObject({
        user: { email: 'Ada@Example.com', email_verified: false },
        account: { tier: 0, plan: 'Free' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The same address in another case is the same user.
      const again = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'ada@example.COM', password: PASSWORD },
        headers: { origin: service.url },
      });
      expect(again.status).toBe(409);
      expect(again.json()).toMatchObject({ object: 'error', code: 'email_taken', param: 'email' });
      expect((await signIn('ADA@example.com')).status).toBe(200);
    });

    it('marks the cookie Secure when DASHBOARD_SECURE_COOKIES=true (TLS ends at a proxy)', async () => {
      process.env.DASHBOARD_SECURE_COOKIES = 'true';
      const secure = await startService().finally(() => delete process.env.DASHBOARD_SECURE_COOKIES);
      try {
        const response = await secure.call('POST', '/dashboard/api/signup', {
          body: { email: 'tls@example.com', password: PASSWORD },
          headers: { origin: secure.url },
        });
        expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
      } finally {
        await secure.close();
      }
    });

    it('refuses a password shorter than 12 characters in the error format', async () => {
      const response = await service.call('POST', '/dashboard/api/signup', {
        body: { email: 'short@example.com', password: 'eleven char' },
        headers: { origin: service.url },
      });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ object: 'error', code: 'invalid_request', param: 'password' });
    });

    it('rotates the session on sign-in: the cookie the browser had stops working', async () => {
      const browser = await signUp();
      const response = await signIn(browser.email, PASSWORD, {
        cookie: `dashboard_session=${browser.cookie}`,
      });
      expect(response.status).toBe(200);
      const fresh = sessionCookie(response)!;
      expect(fresh).not.toBe(browser.cookie);
      expect((await browser.call('GET', '/session')).status).toBe(401);
      expect(
        (
          await browserWith(fresh, response.json().csrf_token, browser.email, browser.accountId).call(
            'GET',
            '/session',
          )
        ).status,
      ).toBe(200);
    });

    it('signs out this session, and everywhere', async () => {
      const first = await signUp();
      const secondResponse = await signIn(first.email);
      const second = browserWith(
        sessionCookie(secondResponse)!,
        secondResponse.json().csrf_token,
        first.email,
        first.accountId,
      );
      const third = browserWith(sessionCookie(await signIn(first.email))!, '', first.email, first.accountId);
      const out = await first.call('DELETE', '/session');
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await first.call('GET', '/session')).status).toBe(401);
      expect((await second.call('GET', '/session')).status).toBe(200);
      expect((await second.call('DELETE', '/sessions')).status).toBe(204);
      expect((await second.call('GET', '/session')).status).toBe(401);
      expect((await third.call('GET', '/session')).status).toBe(401);
    });

    it('expires a session after 12 hours idle', async () => {
      const browser = await signUp();
      service.clock.advance(11 * 60 * 60 * 1000);
      expect((await browser.call('GET', '/session')).status).toBe(200);
      service.clock.advance(11 * 60 * 60 * 1000); // 11 h after the last request
      expect((await browser.call('GET', '/session')).status).toBe(200);
      service.clock.advance(12 * 60 * 60 * 1000 + 61_000);
      const expired = await browser.call('GET', '/session');
      expect(expired.status).toBe(401);
      expect(expired.json().code).toBe('unauthenticated');
    });

    it('limits failed sign-ins to 10 per 15 minutes per account, with Retry-After; even the right password waits', async () => {
      const browser = await signUp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await signIn(browser.email, 'not the password at all');
        expect(wrong.status).toBe(401);
        expect(wrong.json().code).toBe('invalid_credentials');
      }
      const limited = await signIn(browser.email);
      expect(limited.status).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      service.clock.advance(15 * 60 * 1000 + 1000);
      expect((await signIn(browser.email)).status).toBe(200);
    });

    it('counts a burst of parallel guesses: at most 10 of 25 are checked, the rest get 429', async () => {
      const browser = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, attempt) => signIn(browser.email, `wrong password number ${attempt}`)),
      );
      const checked = answers.filter((answer) => answer.status === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(answers.filter((answer) => answer.status === 429).length).toBe(25 - checked);
      expect((await signIn(browser.email)).status).toBe(429);
    });

    it('answers an unknown address like a wrong password, and counts it against the client address', async () => {
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect((await signIn(`nobody${attempt}@example.com`)).json().code).toBe('invalid_credentials');
      expect((await signIn('nobody@example.com')).status).toBe(429);
    });
  });

  describe('CSRF and Origin', () => {
    it('refuses a state-changing request without the CSRF token, with a wrong one, and from another Origin (403 csrf_failed)', async () => {
      const browser = await signUp();
      const body = { name: 'k', type: 'sk', environment: 'test', scopes: ['nature:read'] };
      for (const headers of [
        { 'x-csrf-token': '' },
        { 'x-csrf-token': `${browser.csrf.slice(0, -1)}${browser.csrf.endsWith('x') ? 'y' : 'x'}` },
        { origin: 'https://evil.example' },
      ]) {
        const call = await service.call('POST', '/dashboard/api/keys', {
          body,
          headers: {
            origin: service.url,
            cookie: `dashboard_session=${browser.cookie}`,
            'x-csrf-token': browser.csrf,
            ...headers,
          },
        });
        expect(call.status, JSON.stringify(headers)).toBe(403);
        expect(call.json()).toMatchObject({ object: 'error', code: 'csrf_failed' });
      }
      const noToken = await service.call('POST', '/dashboard/api/keys', {
        body,
        headers: { origin: service.url, cookie: `dashboard_session=${browser.cookie}` },
      });
      expect(noToken.status).toBe(403);
      expect((await browser.call('GET', '/keys?environment=test')).json().data).toEqual([]);
      expect((await browser.call('POST', '/keys', body)).status).toBe(201);
    });

    it('refuses sign-up and sign-in that do not come from the same origin', async () => {
      const body = { email: 'x@example.com', password: PASSWORD };
      expect((await service.call('POST', '/dashboard/api/signup', { body })).status).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await service.call('POST', '/dashboard/api/signup', {
            body,
            headers: { 'sec-fetch-site': 'same-origin' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await service.call('POST', '/dashboard/api/session', {
            body,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
    });

    it('answers no CORS preflight for the dashboard: OPTIONS says Allow, and grants no origin', async () => {
      const preflight = await service.call('OPTIONS', '/dashboard/api/keys', {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
      const page = await service.call('OPTIONS', '/dashboard/test/keys', {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(page.status).toBe(404);
      expect(page.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('mail: verification and password reset through the outbox', () => {
    it('verifies the address once; resets the password, ending every session', async () => {
      const browser = await signUp();
      const mails = await service.store.listMail();
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)![1];
      expect(
        (
          await service.call('POST', '/dashboard/api/email-verification', {
            body: { token },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);
      expect((await browser.call('GET', '/session')).json().user.email_verified).toBe(true);
      expect(
        (
          await service.call('POST', '/dashboard/api/email-verification', {
            body: { token },
            headers: { origin: service.url },
          })
        ).json().code,
      ).toBe('invalid_token');

      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets', {
            body: { email: 'nobody@example.com' },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(202);
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets', {
            body: { email: browser.email.toUpperCase() },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(202);
      const reset = (await service.store.listMail()).filter((mail) => mail.subject === 'Reset your password');
      expect(reset.map((mail) => mail.recipient)).toEqual([browser.email]);
      const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(reset[0].body)![1];
      const newPassword = 'a brand new passphrase';
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets/confirm', {
            body: { token: resetToken, password: newPassword },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);
      expect((await browser.call('GET', '/session')).status).toBe(401);
      expect((await signIn(browser.email)).status).toBe(401);
      expect((await signIn(browser.email, newPassword)).status).toBe(200);
    });

    it('a used reset link ends every other reset link of the user', async () => {
      const browser = await signUp();
      for (let mail = 0; mail < 2; mail += 1)
        await service.call('POST', '/dashboard/api/password-resets', {
          body: { email: browser.email },
          headers: { origin: service.url },
        });
      const [older, newer] = (await service.store.listMail())
        .filter((mail) => mail.subject === 'Reset your password')
        .map((mail) => /#token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]);
      const confirm = (token: string) =>
        service.call('POST', '/dashboard/api/password-resets/confirm', {
          body: { token, password: 'a brand new passphrase' },
          headers: { origin: service.url },
        });
      expect((await confirm(newer)).status).toBe(204);
      expect((await confirm(older)).json().code).toBe('invalid_token');
    });

    it('clears what an unverified account held when the address is first proven by a reset (a sign-up by someone else)', async () => {
      const squatter = await signUp('victim@example.com');
      const key = (
        await squatter.call('POST', '/keys', {
          name: 'squatter',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:read'],
        })
      ).json().secret;
      expect(
        (
          await squatter.call('POST', '/webhook-endpoints', {
            environment: 'test',
            url: 'http://127.0.0.1:9/hook',
            events: ['subject.deleted'],
          })
        ).status,
      ).toBe(201);
      expect((await squatter.call('PUT', '/billing/plan', { tier: 2 })).status).toBe(200);

      await service.call('POST', '/dashboard/api/password-resets', {
        body: { email: 'victim@example.com' },
        headers: { origin: service.url },
      });
      const token = /#token=([A-Za-z0-9_-]+)/.exec(
        (await service.store.listMail()).filter((mail) => mail.subject === 'Reset your password').at(-1)!
          .body,
      )![1];
      expect(
        (
          await service.call('POST', '/dashboard/api/password-resets/confirm', {
            body: { token, password: "the owner's passphrase" },
            headers: { origin: service.url },
          })
        ).status,
      ).toBe(204);

      const owner = await signIn('victim@example.com', "the owner's passphrase");
      expect(owner.status).toBe(200);
      const ownerBrowser = browserWith(
        sessionCookie(owner)!,
        owner.json().csrf_token,
        'victim@example.com',
        owner.json().account.id,
      );
      expect(owner.json()).toMatchObject({ user: { email_verified: true }, account: { tier: 0 } });
      expect((await ownerBrowser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([]);
      expect(
        (await ownerBrowser.call('GET', '/keys?environment=test'))
          .json()
          .data.every((row: { status: string }) => row.status === 'revoked'),
      ).toBe(true);
      expect(
        (await service.call('GET', '/v1/nature/subjects', { headers: { authorization: `Bearer ${key}` } }))
          .status,
      ).toBe(401);
    });
  });
});
