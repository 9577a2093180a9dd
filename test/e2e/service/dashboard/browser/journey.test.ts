/**
 * The developer's whole journey in real Chromium against the real service on loopback (a SQLite
 * file, the dashboard API, the public API, a webhook dispatcher and receiver): sign up, test mode,
 * a test_sk_ key with nature:write only (201 on create, 403 on list), rotate (old key 401), revoke
 * (401), a tier upgrade the API's X-RateLimit-Limit shows, the e-mail verified from the operator's
 * outbox, live calls counted on the billing page, a webhook endpoint and its delivery. Along the
 * way: keyboard-only key creation, a script in a key name shown as text, axe-core and the CSP on
 * every page, a screenshot of each.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSettings } from '../../../../../service/webhooks/config.js';
import { WebhookDispatcher } from '../../../../../service/webhooks/dispatcher.js';
import { secretBox } from '../../../../../service/webhooks/secrets.js';
import { startTestServer, type TestServer } from '../../../../support/http-server.js';
import { CONSENT, startService, type TestService } from '../../../../support/service.js';
import {
  openBrowser,
  screenshot,
  seriousViolations,
  until,
  watchedPage,
  type WatchedPage,
} from './harness.js';
import { bundledArgs } from '../../../../../scripts/lib/entry-bundle.js';

const run = promisify(execFile);
const EMAIL = 'journey@example.com';
const PASSWORD = 'correct horse battery staple';

describe('the dashboard journey in Chromium', () => {
  let folder: string;
  let service: TestService;
  let dispatcher: WebhookDispatcher;
  let receiver: TestServer;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  const savedKey = process.env.WEBHOOK_ENCRYPTION_KEY;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'dashboard-journey-'));
    // One encryption key for the service's endpoint secrets and the dispatcher that signs with them.
    process.env.WEBHOOK_ENCRYPTION_KEY = randomBytes(32).toString('base64');
    service = await startService(path.join(folder, 'dashboard.db'), { onEvents: () => dispatcher?.notify() });
    dispatcher = new WebhookDispatcher({
      store: service.store,
      box: secretBox(),
      settings: webhookSettings({ WEBHOOK_RETRY_DELAYS_MS: '100,200', WEBHOOK_TIMEOUT_MS: '2000' }),
      pollMs: 50,
    }).start();
    receiver = await startTestServer();
    browser = await openBrowser();
    watched = await watchedPage(browser, service.url);
    page = watched.page;
  });
  afterAll(async () => {
    await browser?.close();
    await dispatcher?.stop();
    await receiver?.close();
    await service?.close();
    if (savedKey === undefined) delete process.env.WEBHOOK_ENCRYPTION_KEY;
    else process.env.WEBHOOK_ENCRYPTION_KEY = savedKey;
    rmSync(folder, { recursive: true, force: true });
  });

  /** The page has settled, axe-core finds nothing serious, no CSP violation or console error; screenshot. */
  const checkPage = async (name: string) => {
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await seriousViolations(page), `axe-core on ${page.url()}`).toEqual([]);
    expect(await watched.violations(), `CSP violations on ${page.url()}`).toEqual([]);
    expect(watched.errors, `console errors on ${page.url()}`).toEqual([]);
    console.log(`screenshot: ${await screenshot(page, `journey-${name}`)}`);
  };

  const publicApi = (method: string, route: string, key: string, body?: unknown) =>
    service.call(method, route, { key, body });
  const createSubject = (key: string) =>
    publicApi('POST', '/v1/nature/subjects', key, { consent_artifact: CONSENT });

  /** Creates a key through the create dialog with the mouse; returns the raw key it showed once. */
  async function createKeyWithMouse(name: string, scopes: string[]): Promise<string> {
    await page.locator('.page-heading').getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope, exact: true }).check();
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/dashboard/api/keys') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create key' }).click();
    // The response carrying the raw key is never stored by a cache.
    expect((await created).headers()['cache-control']).toBe('no-store');
    const secret = await dialog.getByLabel('API key').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return secret;
  }

  const keyRow = (name: string) =>
    page.locator('tbody tr', { has: page.getByRole('rowheader', { name, exact: true }) });

  let writeKey = '';
  let readKey = '';

  it('signs up from /dashboard/ and lands on the keys page in test mode', async () => {
    await page.goto('/dashboard/');
    await page.waitForURL('**/dashboard/signin');
    await checkPage('signin');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/dashboard/signup');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard/test/keys');
    await page.getByRole('heading', { level: 1, name: /API keys/ }).waitFor();
    expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('.mode-banner').textContent()).toContain('Test mode');
    expect(await page.locator('.account .email').textContent()).toBe(EMAIL);
    const cookies = await watched.context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'dashboard_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });
    await checkPage('test-keys-empty');
  });

  it('creates a test_sk_ key with nature:write only, shows it once, and the API honours its scope', async () => {
    writeKey = await createKeyWithMouse('Importer', ['nature:write']);
    expect(writeKey).toMatch(/^test_sk_/);
    const row = keyRow('Importer');
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('nature:write ');
    expect(await row.locator('code.redacted').textContent()).toBe(`test_sk_…${writeKey.slice(-4)}`);
    // Seen once: not in the page after the dialog closed, nor after a reload.
    expect(await page.content()).not.toContain(writeKey);
    await page.reload();
    await keyRow('Importer').waitFor();
    expect(await page.content()).not.toContain(writeKey);

    expect((await createSubject(writeKey)).status).toBe(201);
    const list = await publicApi('GET', '/v1/nature/subjects', writeKey);
    expect(list.status).toBe(403);
  });

  it('rotates the key after a confirmation: the old key gets 401, the new one works', async () => {
    await page.getByRole('button', { name: 'Rotate Importer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate Importer?' });
    await confirm.waitFor();
    await checkPage('test-keys-rotate-confirm');
    await confirm.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = await page.getByRole('dialog').getByLabel('API key').inputValue();
    expect(rotated).toMatch(/^test_sk_/);
    expect(rotated).not.toBe(writeKey);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect((await createSubject(writeKey)).status).toBe(401);
    expect((await createSubject(rotated)).status).toBe(201);
    writeKey = rotated;
  });

  it('revokes the key after a warning that it cannot be undone: 401 unauthenticated', async () => {
    const active = page.locator('tbody tr', { has: page.getByRole('button', { name: 'Revoke Importer' }) });
    await page.getByRole('button', { name: 'Revoke Importer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Importer?' });
    expect(await confirm.textContent()).toContain('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await active.waitFor({ state: 'detached' });
    const refused = await createSubject(writeKey);
    expect(refused.status).toBe(401);
    expect(refused.json().code).toBe('unauthenticated');
    await page.getByText('Revoked', { exact: true }).first().waitFor();
  });

  it('creates a key with the keyboard alone', async () => {
    await page.reload();
    await page.locator('.page-heading').getByRole('button', { name: 'Create key' }).waitFor();
    const focused = () =>
      page.evaluate(() => ({
        id: document.activeElement?.id ?? '',
        text: document.activeElement?.textContent?.trim() ?? '',
        type: (document.activeElement as HTMLInputElement | null)?.type ?? '',
      }));
    const tabTo = async (want: (f: { id: string; text: string; type: string }) => boolean, what: string) => {
      for (let presses = 0; presses < 40; presses += 1) {
        if (want(await focused())) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${what}`);
    };
    await tabTo((f) => f.text === 'Create key', 'the Create key button');
    // Focus is visible: the focused control draws the focus ring (:focus-visible).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await until("focus in the dialog's name field", async () => (await focused()).id === 'key-name');
    await page.keyboard.type('Reader');
    await tabTo((f) => f.id === 'scope-nature-read', 'the nature:read checkbox');
    await page.keyboard.press('Space');
    await tabTo((f) => f.type === 'submit', "the dialog's Create key button");
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('API key').waitFor();
    await until('focus on the new key', async () => (await focused()).id === 'once-only-secret');
    readKey = await page.getByRole('dialog').getByLabel('API key').inputValue();
    await tabTo((f) => f.text === 'Done', 'the Done button');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await until('focus back on the Create key button', async () => (await focused()).text === 'Create key');
    await keyRow('Reader').waitFor();
    expect((await publicApi('GET', '/v1/nature/subjects', readKey)).status).toBe(200);
    await checkPage('test-keys');
    if (process.env.UPDATE_DASHBOARD_SCREENSHOT === '1') {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      console.log(`README screenshot: ${await screenshot(page, 'readme', 'docs/dashboard-keys.png')}`);
    }
  });

  it('shows a script in a key name as text and runs nothing', async () => {
    const name = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    await createKeyWithMouse(name, ['nature:read']);
    const row = keyRow(name);
    await row.waitFor();
    expect(await row.locator('th').textContent()).toBe(name);
    expect(await page.locator('tbody img, tbody script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await watched.violations()).toEqual([]); // nothing even tried to run
  });

  it('upgrades the tier on the billing page, and the next API response carries the new X-RateLimit-Limit', async () => {
    const before = (await publicApi('GET', '/v1/nature/subjects', readKey)).headers.get('x-ratelimit-limit');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL('**/dashboard/test/billing');
    const upgrade = page.getByRole('button', { name: /^Upgrade to / }).first();
    await upgrade.waitFor();
    await checkPage('test-billing');
    const current = await page.getByTestId('current-tier').textContent();
    await upgrade.click();
    await until(
      'the new tier on the page',
      async () => (await page.getByTestId('current-tier').textContent()) !== current,
    );
    const after = (await publicApi('GET', '/v1/nature/subjects', readKey)).headers.get('x-ratelimit-limit');
    expect(before).toMatch(/^\d+$/);
    expect(Number(after)).toBeGreaterThan(Number(before));
  });

  it('verifies the e-mail from the outbox the operator reads, then meters live calls on the billing page', async () => {
    const { stdout } = await run(process.execPath, await bundledArgs('service/accounts-cli.ts', 'mail'), {
      env: { ...process.env, DATABASE_PATH: path.join(folder, 'dashboard.db'), DATABASE_URL: '' },
    });
    const link = stdout.match(/(?:https?:\/\/[^/\s]+)?\/dashboard\/verify-email#token=[\w-]+/)?.[0];
    expect(link, `a verification link in the outbox:\n${stdout}`).toBeTruthy();
    const { pathname, hash } = new URL(link!, service.url);
    await page.goto(`${pathname}${hash}`);
    await page.getByText('Your e-mail address is verified.').waitFor();
    await checkPage('verify-email');

    await page.goto('/dashboard/test/keys');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.waitForURL('**/dashboard/live/keys');
    expect(await page.locator('.mode-banner').textContent()).toContain('Live mode');
    const liveKey = await createKeyWithMouse('Production', ['nature:read', 'nature:write']);
    expect(liveKey).toMatch(/^live_sk_/);
    await checkPage('live-keys');
    const calls = 3;
    for (let index = 0; index < calls; index += 1)
      expect((await publicApi('GET', '/v1/nature/subjects', liveKey)).status).toBe(200);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL('**/dashboard/live/billing');
    await page.getByTestId('live-requests').waitFor();
    expect(await page.getByTestId('live-requests').textContent()).toBe(String(calls));
    expect(await page.locator('table.daily tbody tr td.number').allTextContents()).toEqual([String(calls)]);
    expect(await page.locator('svg.usage-chart rect.bar').count()).toBe(1);
    await checkPage('live-billing');
  });

  it('registers a webhook endpoint at a loopback receiver and shows a signed delivery', async () => {
    await page.goto('/dashboard/test/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a test endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/hooks`);
    await dialog.getByRole('checkbox', { name: 'assessment.completed' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByRole('dialog').getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: /^Send a test event to / }).click();
    const test = page.getByRole('dialog', { name: 'Send a test event' });
    await test.getByLabel('Event type').selectOption('assessment.completed');
    await test.getByRole('button', { name: 'Send test event' }).click();
    await test.waitFor({ state: 'hidden' });

    const delivered = await until('the delivery at the receiver', () =>
      receiver.requests.find((request) => request.url === '/hooks'),
    );
    const event = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>) as {
      type: string;
      livemode: boolean;
    };
    expect(event).toMatchObject({ type: 'assessment.completed', livemode: false });

    const row = page.locator('.deliveries-table tbody tr[data-delivery-id]').first();
    await until('the delivery listed as succeeded', async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(100);
      return (await row.count()) > 0 && (await row.locator('td').first().textContent()) === 'succeeded';
    });
    expect(await row.locator('td').nth(1).textContent()).toBe('1');
    expect(await row.locator('td').nth(2).textContent()).toBe('200');
    await checkPage('test-webhooks');
  });

  it('resends a delivery, rotates the signing secret, disables, enables and removes the endpoint', async () => {
    const before = receiver.requests.length;
    const first = receiver.requests.find((request) => request.url === '/hooks')!;
    await page
      .getByRole('button', { name: /^Resend assessment.completed / })
      .first()
      .click();
    const again = await until('the resent delivery', () =>
      receiver.requests.slice(before).find((request) => request.url === '/hooks'),
    );
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']); // the same event, so receivers can deduplicate

    await page.getByRole('button', { name: /^Rotate the secret of / }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const secret = await page.getByRole('dialog').getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const status = page.locator('table.endpoints tbody tr').first().locator('td').nth(1);
    await page.getByRole('button', { name: /^Disable / }).click();
    await until('the endpoint shown disabled', async () =>
      (await status.textContent())?.startsWith('Disabled'),
    );
    await page.getByRole('button', { name: /^Enable / }).click();
    await until('the endpoint shown enabled', async () => (await status.textContent()) === 'Enabled');

    await page.getByRole('button', { name: /^Remove / }).click();
    const remove = page.getByRole('dialog', { name: 'Remove this endpoint?' });
    expect(await remove.textContent()).toContain('This cannot be undone.');
    await remove.getByRole('button', { name: 'Remove endpoint' }).click();
    await page.getByText('No test endpoints yet.').waitFor();
    await checkPage('test-webhooks-removed');
  });

  it('signs out, resets the password from the mail, and signs in with the new one', async () => {
    await page.goto('/dashboard/test/keys');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/dashboard/signin');
    await page.goto('/dashboard/test/keys');
    await page.waitForURL('**/dashboard/signin?next=*'); // no session: sign in first

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account has that address').waitFor();
    const { stdout } = await run(process.execPath, await bundledArgs('service/accounts-cli.ts', 'mail'), {
      env: { ...process.env, DATABASE_PATH: path.join(folder, 'dashboard.db'), DATABASE_URL: '' },
    });
    const links = stdout.match(/(?:https?:\/\/[^/\s]+)?\/dashboard\/reset-password#token=[\w-]+/g) ?? [];
    expect(links.length, `a reset link in the outbox:\n${stdout}`).toBeGreaterThan(0);
    const { pathname, hash } = new URL(links.at(-1)!, service.url);
    await page.goto(`${pathname}${hash}`);
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed').waitFor();
    await checkPage('reset-password-done');

    await page.goto('/dashboard/signin?next=/dashboard/live/billing');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor(); // the old password is refused
    await page.getByLabel('Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/live/billing'); // back where sign-in was asked for
  });
});
