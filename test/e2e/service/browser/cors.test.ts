/**
 * The public API from a page on another origin, in real Chromium (starts the service in process,
 * a loopback server for the page, and Chromium): a pk_ key works across origins, and the page's
 * script can read the headers the API answers with (request ID, rate limits, replay, digest), which
 * a browser hides unless the answer itself exposes them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT, startService, type TestService } from '../../../support/service.js';
import { openBrowser } from '../dashboard/browser/harness.js';

describe('the public API from another origin, in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Server;
  let pageUrl: string;
  beforeAll(async () => {
    service = await startService();
    browser = await openBrowser();
    page = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`; // another origin than the service's 127.0.0.1
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await new Promise((resolve) => page?.close(resolve));
  });

  it("lets the page's script read the request ID, rate limits, replay flag and digest of each answer", async () => {
    const key = await service.key({ type: 'pk' });
    const tab = await (await browser.newContext()).newPage();
    await tab.goto(pageUrl);
    const seen = await tab.evaluate(
      async ({ base, key, consent }) => {
        const read = (response: Response) => ({
          status: response.status,
          requestId: response.headers.get('x-request-id'),
          limit: response.headers.get('x-ratelimit-limit'),
          remaining: response.headers.get('x-ratelimit-remaining'),
          replayed: response.headers.get('idempotent-replayed'),
          digest: response.headers.get('x-spec-digest'),
        });
        const create = () =>
          fetch(`${base}/v1/nature/subjects`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'idempotency-key': 'browser-1',
            },
            body: JSON.stringify({ consent_artifact: consent }),
          });
        const first = read(await create());
        const replay = read(await create());
        const refused = read(
          await fetch(`${base}/v1/nature/subjects/subj_missing`, {
            headers: { authorization: `Bearer ${key}` },
          }),
        ); // a pk_ key may not read subjects
        return { first, replay, refused };
      },
      { base: service.url, key, consent: CONSENT },
    );
    expect(seen.first).toMatchObject({
      status: 201,
      requestId: expect.stringMatching(/^req_/),
      limit: expect.stringMatching(/^\d+$/),
      remaining: expect.stringMatching(/^\d+$/),
      replayed: null,
      digest: expect.stringMatching(/^sha256:/),
    });
    expect(seen.replay).toMatchObject({ status: 201, replayed: 'true' });
    expect(seen.refused).toMatchObject({
      status: 403,
      requestId: expect.stringMatching(/^req_/),
      remaining: expect.stringMatching(/^\d+$/),
    });
  });
});
