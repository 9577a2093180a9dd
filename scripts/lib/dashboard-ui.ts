/**
 * The dashboard's UI, built ahead of time: `npm run generate` (and `npm start`, which regenerates)
 * bundles service/dashboard/ui/main.ts (Preact + htm and the generated dashboard client) with
 * esbuild into one minified ES module, and copies the stylesheet, into generated/dashboard-ui/.
 * The output is committed, so the running service reads two files and needs no bundler (esbuild is
 * a devDependency); `npm run check:generated` rebuilds it in memory and fails when the committed
 * files differ. The bytes depend only on the sources and esbuild's version (pinned), never on the
 * machine or the checkout's path.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, version } from 'esbuild';
import { ROOT } from './root.js';

/** The built UI's folder inside an output root (generated/ by default). */
export const DASHBOARD_UI_DIR = 'dashboard-ui';
const SOURCE = 'service/dashboard/ui';

export interface BuiltFile {
  /** Relative to the UI's folder. */
  path: string;
  content: string;
}

const header = (source: string) =>
  `Built by \`npm run generate\` from ${source} (esbuild ${version}); do not edit.`;

/** The two files, in memory. */
export async function buildDashboardUi(): Promise<BuiltFile[]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [`${SOURCE}/main.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    banner: { js: `// ${header(`${SOURCE}/`)}` },
    write: false,
    logLevel: 'silent',
  });
  const styles = await readFile(path.join(ROOT, SOURCE, 'styles.css'), 'utf8');
  return [
    { path: 'app.css', content: `/* ${header(`${SOURCE}/styles.css`)} */\n${styles}` },
    { path: 'app.js', content: `${result.outputFiles[0].text.trimEnd()}\n` },
  ];
}

/** Writes the UI under `outRoot` (default generated/), only files whose bytes changed; returns their paths. */
export async function writeDashboardUi(
  outRoot = path.join(ROOT, 'generated'),
): Promise<{ files: number; written: string[] }> {
  const folder = path.join(outRoot, DASHBOARD_UI_DIR);
  const files = await buildDashboardUi();
  const written: string[] = [];
  await mkdir(folder, { recursive: true });
  for (const file of files) {
    const target = path.join(folder, file.path);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === file.content) continue;
    await writeFile(target, file.content);
    written.push(path.relative(ROOT, target));
  }
  return { files: files.length, written };
}

/** What differs between a fresh build and the UI under `outRoot`, one line per file (none when they match). */
export async function checkDashboardUi(outRoot = path.join(ROOT, 'generated')): Promise<string[]> {
  const folder = path.join(outRoot, DASHBOARD_UI_DIR);
  const problems: string[] = [];
  const built = await buildDashboardUi();
  for (const name of await readdir(folder).catch(() => [])) {
    if (!built.some((file) => file.path === name))
      problems.push(`extra:   ${path.join(folder, name)} (not built from ${SOURCE}/)`);
  }
  for (const file of built) {
    const target = path.join(folder, file.path);
    const have = await readFile(target, 'utf8').catch(() => undefined);
    if (have === undefined) problems.push(`missing: ${target}`);
    else if (have !== file.content)
      problems.push(
        `differs: ${target} (${Buffer.byteLength(have)} bytes committed, ${Buffer.byteLength(file.content)} built from ${SOURCE}/)`,
      );
  }
  return problems;
}
