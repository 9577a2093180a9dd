/**
 * The generated MSW handlers under msw's `setupWorker` in a real browser: a page (worker-page.ts,
 * bundled by esbuild) registers msw's service worker (`mockServiceWorker.js`, copied from the msw
 * package in node_modules as `npx msw init` would), starts it with the generated handlers and
 * calls the generated client with a publishable key. The default handler answers the spec's
 * example, a typed resolver sees the query the client sent, and a `retrieveSubjectHandler({ status:
 * 404 })` override makes the client raise NotFoundError, all without a request reaching the server.
 * Starts: a node:http server on 127.0.0.1 (the page, its bundle and the worker script) and
 * Chromium (test/support/browser.ts).
 */
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { launchChromium } from '../../../../support/browser.js';
import type { PageResult } from './worker-page.js';

const DIR = path.join(ROOT, '.cache', `msw-worker-${process.pid}`);
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>msw worker</title></head>
<body><script type="module" src="/page.js"></script></body></html>`;

let server: Server;
let origin: string;
let browser: Browser | undefined;
/** Every path the server was asked for: the API's must never be among them (the worker answers). */
const served: string[] = [];

beforeAll(async () => {
  await mkdir(DIR, { recursive: true });
  // What `npx msw init` does: the worker script of the installed msw, beside the page.
  const workerScript = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  await copyFile(workerScript, path.join(DIR, 'mockServiceWorker.js'));
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'worker-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const files: Record<string, { type: string; body: Buffer | string }> = {
    '/': { type: 'text/html', body: PAGE },
    '/page.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.text },
    '/mockServiceWorker.js': {
      type: 'text/javascript',
      body: await readFile(path.join(DIR, 'mockServiceWorker.js')),
    },
  };
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    served.push(url.pathname);
    const file = files[url.pathname];
    if (!file) return response.writeHead(404).end('not served here');
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(DIR, { recursive: true, force: true });
});

it('answers the generated client in the page through setupWorker: the example, a typed resolver, a 404 override', async () => {
  const page = await browser!.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => window.result !== undefined, undefined, { timeout: 60_000 });
  const result = (await page.evaluate(() => window.result)) as PageResult;
  expect(result.error, result.error).toBeUndefined();
  expect(result.subject).toEqual({ id: expect.stringMatching(/^subj_/), object: 'subject' });
  expect(result.query).toEqual({ limit: 3 });
  expect(result.notFound).toEqual({ isNotFoundError: true, status: 404, name: 'NotFoundError' });
  // The worker answered every API call: the server saw only the page, its bundle and the worker script.
  expect(new Set(served)).toEqual(new Set(['/', '/page.js', '/mockServiceWorker.js']));
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);
