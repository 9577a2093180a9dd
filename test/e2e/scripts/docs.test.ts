/**
 * The HTML reference, opened in headless Chromium (test/support/browser.ts picks which) with the
 * network cut off: the page must render every operation from the inlined bundle alone, attempt no
 * request off the machine (its footer logo included) and log no console error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../../scripts/lib/docs.js';
import { launchChromium } from '../../support/browser.js';
import { operationsOf, specDocument } from '../../support/spec.js';

let browser: Browser;
let workDir: string;
let docsFile: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'docs-test-'));
  docsFile = await buildDocs(undefined, path.join(workDir, 'index.html'));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('docs page (npm run docs)', () => {
  it('renders every operation and webhook offline, loading nothing from the network', async () => {
    const document = await specDocument();
    const page = await browser.newPage();
    const external: string[] = [];
    const local = (url: string) =>
      url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:');
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (local(url)) return route.continue();
      external.push(url);
      return route.abort();
    });
    // A request the page's CSP blocks never reaches the router above, but is still attempted
    // (and logged as a console error): watch requests, console errors and CSP violations too.
    page.on('request', (request) => {
      if (!local(request.url()) && !external.includes(request.url())) external.push(request.url());
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener(
        'securitypolicyviolation',
        (event: { violatedDirective: string; blockedURI: string }) =>
          (window as unknown as { violations: string[] }).violations.push(
            `${event.violatedDirective} ${event.blockedURI}`,
          ),
      );
    });
    await page.goto(pathToFileURL(docsFile).href);
    await page.waitForSelector('h1', { timeout: 30_000 });
    expect(await page.locator('h1').first().innerText()).toContain(document.info.title);
    // The page's title is the spec's own (buildDocs reads it; the dev loop builds other specs' docs too).
    expect(await page.title()).toBe(`${document.info.title} reference`);

    // Open each tag in the sidebar, click each of its operations, and read the operation page.
    // Only the sidebar: an operation's summary also appears in other operations' `links`.
    const sidebar = page.locator('.menu-content');
    for (const { method, path: route, operation } of operationsOf(document)) {
      const tag = operation.tags[0] as string;
      const entry = sidebar.getByText(operation.summary, { exact: true }).first();
      if (!(await entry.isVisible())) await sidebar.getByText(tag, { exact: true }).first().click();
      await entry.click();
      await expect
        .poll(() => page.locator('main, body').first().innerText(), { message: operation.summary })
        .toContain(route);
      await expect
        .poll(() => page.locator('h1, h2').allInnerTexts(), { message: operation.summary })
        .toContain(operation.summary);
      expect((await page.locator('body').innerText()).toUpperCase()).toContain(method.toUpperCase());
    }
    for (const [name, item] of Object.entries<any>(document.webhooks ?? {})) {
      // In the sidebar Redoc puts a badge beside a webhook's summary, so match the summary as a part.
      const entry = sidebar.getByText(item.post.summary).first();
      if (!(await entry.isVisible()))
        await sidebar.getByText(item.post.tags[0], { exact: true }).first().click();
      await entry.click();
      // Redoc labels a webhook's heading with a "Webhook" badge after the summary.
      const headings = () => page.locator('h1, h2').allInnerTexts();
      await expect
        .poll(
          async () => (await headings()).some((heading) => heading.split('\n')[0] === item.post.summary),
          { message: name },
        )
        .toBe(true);
    }
    expect(external, 'requests that left the machine').toEqual([]);
    expect(consoleErrors, 'console errors').toEqual([]);
    // Redoc's search probes `Function` for a worker and falls back when the CSP refuses it
    // (blockedURI "eval", caught by Redoc); any blocked URL would be a fetch the page attempted.
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect(
      violations.filter((violation) => !violation.endsWith(' eval')),
      'CSP violations',
    ).toEqual([]);
    // The sidebar footer's attribution logo is inline, so it renders.
    const logo = page.locator('img[alt="redocly logo"]');
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
  });

  it("renders an OpenAPI 3.0 spec's webhooks, listed under root x-webhooks", async () => {
    const spec = path.join(workDir, 'hooks-3.0.json');
    await writeFile(
      spec,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Hooks', version: '1.0.0' },
        paths: {},
        'x-webhooks': {
          'order.shipped': {
            post: {
              summary: 'An order was shipped',
              requestBody: {
                content: { 'application/json': { schema: { type: 'object' } } },
              },
              responses: { '200': { description: 'Received' } },
            },
          },
        },
      }),
    );
    const page = await browser.newPage();
    await page.goto(pathToFileURL(await buildDocs(spec, path.join(workDir, 'hooks.html'))).href);
    // Redoc groups webhooks without a tag under "webhooks" in the sidebar, folded.
    const sidebar = page.locator('.menu-content');
    await sidebar.getByText('webhooks', { exact: true }).first().click();
    await expect
      .poll(() => sidebar.innerText(), { message: 'the sidebar' })
      .toContain('An order was shipped');
  });

  it("shows the spec's x-logo: a file beside the spec inlined, an http(s) URL the one image the CSP lets it fetch", async () => {
    // Before, the page's CSP refused any logo: a broken image and a console error.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="teal"/></svg>';
    await writeFile(path.join(workDir, 'brand.svg'), svg);
    const specWith = async (name: string, url: string) => {
      const spec = path.join(workDir, `${name}.yaml`);
      await writeFile(
        spec,
        `openapi: 3.1.0\ninfo:\n  title: Logo\n  version: "1"\n  x-logo:\n    url: ${url}\npaths: {}\n`,
      );
      return buildDocs(spec, path.join(workDir, `${name}.html`));
    };
    const remote = 'https://brand.example.com/assets/logo.svg';
    for (const [file, expected] of [
      [await specWith('local-logo', './brand.svg'), /^data:image\/svg\+xml;base64,/],
      [await specWith('remote-logo', remote), new RegExp(`^${remote.replaceAll('.', '\\.')}$`)],
    ] as const) {
      const page = await browser.newPage();
      const fetched: string[] = [];
      await page.route('https://**/*', (route) => {
        fetched.push(route.request().url());
        return route.fulfill({ contentType: 'image/svg+xml', body: svg });
      });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(pathToFileURL(file).href);
      const logo = page.locator('.menu-content img').first();
      await expect.poll(() => logo.getAttribute('src'), { message: file }).toMatch(expected);
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
          message: `${file}: the logo is shown`,
        })
        .toBe(true);
      expect(fetched, file).toEqual(file.endsWith('remote-logo.html') ? [remote] : []);
      expect(
        consoleErrors.filter((error) => !/unsafe-eval|'eval'/.test(error)),
        file,
      ).toEqual([]);
    }
  });

  it('refuses an x-logo file that is not there, naming the spec field', async () => {
    const spec = path.join(workDir, 'missing-logo.yaml');
    await writeFile(
      spec,
      'openapi: 3.1.0\ninfo:\n  title: L\n  version: "1"\n  x-logo:\n    url: ./nope.png\npaths: {}\n',
    );
    await expect(buildDocs(spec, path.join(workDir, 'missing-logo.html'))).rejects.toThrow(
      /^info\.x-logo\.url \(#\/info\/x-logo\/url\): no such file .*nope\.png/,
    );
  });
});
