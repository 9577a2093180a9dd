/** The pages without a session, in real Chromium: they render, axe-core finds nothing serious, the CSP holds. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../../support/service.js';
import { openBrowser, screenshot, seriousViolations, watchedPage } from './harness.js';

describe('dashboard public pages in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  beforeAll(async () => {
    service = await startService();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it.each([
    ['signin', 'Sign in to the dashboard'],
    ['signup', 'Create your account'],
    ['reset-password', 'Reset your password'],
  ])('/dashboard/%s renders, passes axe-core and reports no CSP violation', async (name, heading) => {
    const watched = await watchedPage(browser, service.url);
    const { page } = watched;
    await page.goto(`/dashboard/${name}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await watched.violations()).toEqual([]);
    expect(watched.errors).toEqual([]);
    console.log(`screenshot: ${await screenshot(page, name)}`);
    await watched.context.close();
  });

  it('would see a violation: axe-core, injected into this page, flags an unlabelled field', async () => {
    const { page, context } = await watchedPage(browser, service.url);
    await page.goto('/dashboard/signin');
    await page.getByLabel('E-mail').waitFor();
    await page.evaluate(() => document.querySelector('form')?.append(document.createElement('input')));
    expect((await seriousViolations(page)).map((violation) => violation.id)).toContain('label');
    await context.close();
  });

  it('sends /dashboard/ without a session to sign-in, with the e-mail field focused', async () => {
    const { page, context } = await watchedPage(browser, service.url);
    await page.goto('/dashboard/');
    expect(new URL(page.url()).pathname).toBe('/dashboard/signin');
    await page.getByLabel('E-mail').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
    await context.close();
  });

  it('runs no script injected through the page: the CSP blocks an inline one and reports it', async () => {
    const watched = await watchedPage(browser, service.url);
    const { page } = watched;
    await page.goto('/dashboard/signin');
    await page.getByLabel('E-mail').waitFor();
    // What an XSS would do: add an inline script. The CSP must refuse to run it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran ?? false)).toBe(false);
    expect((await watched.violations()).join('\n')).toMatch(/script-src/);
    await watched.context.close();
  });
});
