/**
 * The running service needs no devDependency: `npm run serve` (service/server.ts) started with
 * every devDependency unimportable from the repository's code, and esbuild from anywhere
 * (test/support/no-dev-dependencies.mjs), serves the API, the dashboard's pages and the UI built
 * ahead of time by `npm run generate`, byte for byte.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../../scripts/lib/processes.js';

let dir: string;
let server: RunningProcess;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'no-dev-dependencies-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = startProcess(
    process.execPath,
    ['--import', 'tsx', '--import', './test/support/no-dev-dependencies.mjs', 'service/server.ts'],
    {
      env: { DATABASE_PATH: path.join(dir, 'service.db'), DATABASE_URL: '', PORT: String(port), LOG: 'off' },
    },
  );
  await waitForHttp(`${url}/v1/health`, server);
});

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

it('serves the API, the dashboard and its prebuilt UI with esbuild and every devDependency unimportable', async () => {
  expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  const page = await fetch(`${url}/dashboard/signin`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const names = [...html.matchAll(/\/dashboard\/assets\/(app\.[0-9a-f]{16}\.(js|css))/g)];
  expect(names.map((match) => match[2]).sort()).toEqual(['css', 'js']);
  for (const [, name, extension] of names) {
    const asset = await fetch(`${url}/dashboard/assets/${name}`);
    expect(asset.status).toBe(200);
    expect(Buffer.from(await asset.arrayBuffer())).toEqual(
      await readFile(path.join('generated', 'dashboard-ui', `app.${extension}`)),
    );
  }
  expect((await fetch(`${url}/dashboard/api/session`)).status).toBe(401);
  expect(server.output()).not.toMatch(/devDependency|ERR_MODULE_NOT_FOUND/);
});
