/**
 * The dashboard's UI built ahead of time (scripts/lib/dashboard-ui.ts): the committed build in
 * generated/dashboard-ui/ is what the sources produce, a hand edit or a stray file there is named
 * by the drift check (`npm run check:generated`), and rebuilding puts it right. esbuild runs its
 * own process, hence this tier.
 */
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildDashboardUi,
  checkDashboardUi,
  DASHBOARD_UI_DIR,
  writeDashboardUi,
} from '../../../scripts/lib/dashboard-ui.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dashboard-ui-'));
  await cp(path.join('generated', DASHBOARD_UI_DIR), path.join(root, DASHBOARD_UI_DIR), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('the committed build is what the sources produce, every time', async () => {
  const [first, second] = [await buildDashboardUi(), await buildDashboardUi()];
  expect(second).toEqual(first);
  for (const file of first)
    expect(await readFile(path.join('generated', DASHBOARD_UI_DIR, file.path), 'utf8'), file.path).toBe(
      file.content,
    );
  expect(first.map((file) => file.content.split('\n')[0])).toEqual([
    expect.stringMatching(/^\/\* Built by `npm run generate` from service\/dashboard\/ui\/styles\.css/),
    expect.stringMatching(/^\/\/ Built by `npm run generate` from service\/dashboard\/ui\//),
  ]);
  expect(await checkDashboardUi(path.resolve('generated'))).toEqual([]);
});

it('names a hand edit and a stray file, and a rebuild puts the edit right', async () => {
  await appendFile(path.join(root, DASHBOARD_UI_DIR, 'app.js'), 'window.handEdited = true;\n');
  await writeFile(path.join(root, DASHBOARD_UI_DIR, 'app.old.js'), '');
  const problems = await checkDashboardUi(root);
  expect(problems).toEqual([
    expect.stringMatching(/^extra: .*app\.old\.js/),
    expect.stringMatching(
      /^differs: .*app\.js \(\d+ bytes committed, \d+ built from service\/dashboard\/ui\/\)$/,
    ),
  ]);
  const rebuilt = await writeDashboardUi(root);
  expect(rebuilt.written).toEqual([
    path.relative(path.resolve(), path.join(root, DASHBOARD_UI_DIR, 'app.js')),
  ]);
  expect(await checkDashboardUi(root)).toEqual([expect.stringMatching(/^extra: .*app\.old\.js/)]);
});
