/**
 * What every dashboard browser test needs: real Chromium (test/support/browser.ts) on a page that
 * records console errors and CSP violations, axe-core injected from its npm package, and
 * screenshots written to a gitignored folder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chooseChromium } from '../../../../support/browser.js';

/** Screenshots land here (gitignored via test-results/). */
export const ARTIFACTS = path.resolve('test-results/dashboard');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors, as text. */
  errors: string[];
  /** CSP violations the page reported (`securitypolicyviolation` events). */
  violations: () => Promise<string[]>;
}

/**
 * Flags @sparticuz/chromium passes for serverless use that would weaken what these tests check:
 * one process (closing a context kills the browser) and switched-off web security (same-origin rules).
 */
const WEAKENING_FLAGS = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

/** The Chromium test/support/browser.ts chooses, launched with the browser's own security intact. */
export async function openBrowser(): Promise<Browser> {
  const choice = await chooseChromium();
  const args = choice.args.filter((arg) => !WEAKENING_FLAGS.has(arg));
  try {
    return await chromium.launch({ executablePath: choice.executablePath, args, headless: true });
  } catch (error) {
    throw new Error(
      `Chromium from ${choice.source} (${choice.executablePath}) did not launch: ${(error as Error).message.split('\n')[0]}; set CHROMIUM_PATH to another Chromium binary`,
      { cause: error },
    );
  }
}

const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of (401|403|429) /;

/** A fresh context (its own cookies) and page that watches for errors and CSP violations. */
export async function watchedPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every 4xx fetch; refusals the API is meant to give (no session, a wrong
    // password) are part of the journey, not page errors.
    if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  // An init script runs before the page's own scripts and is not subject to its CSP.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  const violations = async () =>
    page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  return { page, context, errors, violations };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
  return result.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Writes a full-page screenshot to test-results/dashboard/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, file?: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const target = file ?? path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: target, fullPage: true });
  return target;
}

/** Waits until `probe` returns a value, polling; fails naming what it waited for. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
