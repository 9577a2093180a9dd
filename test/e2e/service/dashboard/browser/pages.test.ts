/**
 * Every signed-in page in Chromium with the dashboard API answered by spec/dashboard.yaml's own
 * examples (Playwright routes), so the pages are checked against the contract alone: axe-core finds
 * no serious or critical violation, the CSP holds, each page says which environment it manages,
 * dialogs take and give back focus. Screenshots of each page go to test-results/dashboard/.
 * The journey test runs the same pages against the real API.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startService, type TestService } from '../../../../support/service.js';
import { openBrowser, screenshot, seriousViolations, watchedPage, type WatchedPage } from './harness.js';

const contract = parse(readFileSync('spec/dashboard.yaml', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const example = (name: string) => {
  const found = contract.components.examples[name];
  if (!found)
    throw new Error(
      `spec/dashboard.yaml has no example ${name}; the fake API answers with the spec's examples`,
    );
  return structuredClone(found.value) as any;
};

/** The dashboard API as the spec's examples describe it; records the non-GET requests it saw. */
async function answerFromExamples(
  page: Page,
  seen: { method: string; path: string; csrf: string | null }[] = [],
) {
  await page.route('**/dashboard/api/**', async (route: Route) => {
    const request = route.request();
    const { pathname, searchParams } = new URL(request.url());
    const path = pathname.replace('/dashboard/api', '');
    const method = request.method();
    if (method !== 'GET')
      seen.push({ method, path, csrf: (await request.allHeaders())['x-csrf-token'] ?? null });
    const json = (status: number, body?: unknown) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: body === undefined ? '' : JSON.stringify(body),
      });
    const environment = searchParams.get('environment') ?? 'test';
    const inEnvironment = (list: { data: { environment: string; redacted?: string }[] }) => ({
      data: list.data.map((item) => ({
        ...item,
        environment,
        ...(item.redacted ? { redacted: item.redacted.replace(/^test_/, `${environment}_`) } : {}),
      })),
    });
    if (method === 'GET' && path === '/session') return json(200, example('Session'));
    if (method === 'GET' && path === '/scopes') return json(200, example('ScopeList'));
    if (method === 'GET' && path === '/keys') return json(200, inEnvironment(example('KeyList')));
    if (method === 'POST' && path === '/keys') return json(201, example('KeyWithSecret'));
    if (method === 'POST' && /^\/keys\/[^/]+\/rotate$/.test(path)) return json(200, example('KeyWithSecret'));
    if (method === 'POST' && /^\/keys\/[^/]+\/revoke$/.test(path)) return json(200, example('RevokedKey'));
    if (method === 'GET' && path === '/billing') return json(200, example('Billing'));
    if (method === 'GET' && path === '/webhook-endpoints')
      return json(200, inEnvironment(example('WebhookEndpointList')));
    if (method === 'GET' && /^\/webhook-endpoints\/[^/]+\/deliveries$/.test(path))
      return json(200, example('WebhookDeliveryList'));
    return json(404, {
      object: 'error',
      code: 'not_found',
      message: `The example API has no ${method} ${path}.`,
      param: null,
      request_id: 'req_example',
    });
  });
  return seen;
}

describe('dashboard pages against the contract examples, in Chromium', () => {
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

  const open = async (path: string): Promise<WatchedPage> => {
    const watched = await watchedPage(browser, service.url);
    await answerFromExamples(watched.page);
    await watched.page.goto(path);
    return watched;
  };

  const pages = [
    ['test', 'keys', 'API keys'],
    ['live', 'keys', 'API keys'],
    ['test', 'billing', 'Billing'],
    ['live', 'billing', 'Billing'],
    ['test', 'webhooks', 'Webhooks'],
    ['live', 'webhooks', 'Webhooks'],
  ] as const;

  it.each(pages)(
    '/dashboard/%s/%s shows its environment, passes axe-core and keeps to the CSP',
    async (environment, name, heading) => {
      const watched = await open(`/dashboard/${environment}/${name}`);
      const { page } = watched;
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) }).waitFor();
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
      // Which environment: the heading's badge, the banner, the switch's state, the current nav link.
      const mode = environment === 'test' ? 'Test mode' : 'Live mode';
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(mode);
      expect(await page.locator('.mode-banner').textContent()).toContain(mode);
      expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe(
        String(environment === 'test'),
      );
      expect(
        await page
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: heading })
          .getAttribute('aria-current'),
      ).toBe('page');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await watched.violations()).toEqual([]);
      expect(watched.errors).toEqual([]);
      console.log(`screenshot: ${await screenshot(page, `${environment}-${name}`)}`);
      await watched.context.close();
    },
  );

  it('switches between test and live with the toggle, keeping the page', async () => {
    const { page, context } = await open('/dashboard/test/billing');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.waitForURL('**/dashboard/live/billing');
    expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('false');
    await context.close();
  });

  it('lists keys with every column, and the create dialog offers only mintable scopes', async () => {
    const watched = await open('/dashboard/test/keys');
    const { page } = watched;
    const row = page.locator('tr[data-key-id="key_8aKq2Wm9Zx4NcP1r"]');
    await row.waitFor();
    expect((await row.locator('th, td').allTextContents()).slice(0, 8)).toEqual([
      'Backend',
      'Secret',
      'test',
      'test_sk_…x7Qa',
      'nature:write ',
      '2026-11-22 14:00',
      'Never',
      'Active',
    ]);

    const opener = page.getByRole('button', { name: 'Create key' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create a test key' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key-name'); // focus moved into the dialog
    expect(await dialog.getByRole('checkbox', { name: 'nature:read' }).isEnabled()).toBe(true);
    const careers = dialog.getByRole('checkbox', { name: 'careers:read' });
    expect(await careers.isDisabled()).toBe(true);
    // Said once: the description says what the scope grants, the page adds why it is disabled.
    expect(
      await careers.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()),
    ).toBe('GET /v1/careers/* (available when the product launches)');
    expect(await seriousViolations(page)).toEqual([]);
    console.log(`screenshot: ${await screenshot(page, 'test-keys-create')}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Create key'); // focus is back on the opener
    await watched.context.close();
  });

  it('sends the session CSRF token with every change and shows a new key once, with a copy button', async () => {
    const watched = await watchedPage(browser, service.url);
    const { page } = watched;
    const seen = await answerFromExamples(page);
    await page.goto('/dashboard/test/keys');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Backend');
    await dialog.getByRole('checkbox', { name: 'nature:read' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = dialog.getByLabel('API key');
    await secret.waitFor();
    expect(await secret.inputValue()).toBe(example('KeyWithSecret').secret);
    expect(await dialog.textContent()).toContain('This is the only time');
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    console.log(`screenshot: ${await screenshot(page, 'test-keys-secret')}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(example('KeyWithSecret').secret); // gone from the page once closed

    await page.getByRole('button', { name: 'Revoke Backend' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Backend?' });
    expect(await confirm.textContent()).toContain('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(seen).toEqual([
      { method: 'POST', path: '/keys', csrf: example('Session').csrf_token },
      { method: 'POST', path: '/keys/key_8aKq2Wm9Zx4NcP1r/revoke', csrf: example('Session').csrf_token },
    ]);
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });

  it("draws the daily usage as an SVG bar per day with traffic, on the month's calendar, with the same numbers in the table beside it", async () => {
    const { page, context } = await open('/dashboard/live/billing');
    const billing = example('Billing');
    await page.locator('svg.usage-chart').waitFor();
    const bars = await page.locator('svg.usage-chart rect.bar title').allTextContents();
    expect(bars).toEqual(
      billing.daily.map(
        (day: { date: string; live_requests: number }) => `${day.date}: ${day.live_requests}`,
      ),
    );
    const rows = await page.locator('table.daily tbody tr').allTextContents();
    expect(rows).toEqual(
      billing.daily.map(
        (day: { date: string; live_requests: number }) =>
          `${day.date}${day.live_requests.toLocaleString('en-US')}`,
      ),
    );
    expect(await page.getByTestId('current-tier').textContent()).toBe(
      `Tier ${billing.tier} (${billing.plan})`,
    );
    await context.close();
  });
});
