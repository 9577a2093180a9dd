/**
 * `npm run pack:toolkit [-- --out DIR]`: builds the contract-kit package from this repository.
 * Stages the toolkit's files (scripts/lib/toolkit-files.ts) at their places, with toolkit/package.json
 * as the package's manifest and toolkit/README.md as its README, into a temporary folder, runs
 * `npm pack` there and prints the tarball's path (default folder: dist/). Nothing is compiled to run:
 * the package runs its TypeScript through tsx (docs/toolkit.md says why). Its public entry's
 * declarations are emitted into types/ (toolkit/tsconfig.declarations.json), the `types` its
 * manifest names, so a project's tsc reads those rather than the toolkit's source under its flags.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseCliArgs } from './lib/cli-args.js';
import { binPath } from './lib/processes.js';
import { ROOT } from './lib/root.js';
import {
  shippedPage,
  SHIPPED_DOCS,
  TOOLKIT_PACKAGE_JSON,
  TOOLKIT_README,
  toolkitFiles,
} from './lib/toolkit-files.js';

const USAGE = `usage: npm run pack:toolkit [-- --out DIR]
  Stages the contract-kit package (bin/, generators/, the toolkit's scripts, toolkit/package.json)
  and packs it with npm pack into DIR (default dist/); prints the tarball's path.`;

/** Stages the package into a fresh folder and packs it into `outDir`; returns the tarball's path. */
export async function packToolkit(outDir: string): Promise<string> {
  const stage = await mkdtemp(path.join(tmpdir(), 'contract-kit-stage-'));
  try {
    const place = async (from: string, to: string) => {
      await mkdir(path.dirname(path.join(stage, to)), { recursive: true });
      await copyFile(from, path.join(stage, to));
    };
    for (const file of toolkitFiles()) await place(file, path.relative(ROOT, file));
    await mkdir(path.join(stage, 'docs'), { recursive: true });
    for (const page of SHIPPED_DOCS)
      await writeFile(
        path.join(stage, page),
        shippedPage(page, await readFile(path.join(ROOT, page), 'utf8')),
      );
    await promisify(execFile)(binPath('tsc'), [
      '-p',
      path.join(ROOT, 'toolkit', 'tsconfig.declarations.json'),
      '--outDir',
      path.join(stage, 'types'),
    ]);
    await place(TOOLKIT_README, 'README.md');
    await writeFile(path.join(stage, 'package.json'), await readFile(TOOLKIT_PACKAGE_JSON, 'utf8'));
    await mkdir(outDir, { recursive: true });
    const { stdout } = await promisify(execFile)(
      'npm',
      ['pack', '--json', '--pack-destination', path.resolve(outDir)],
      { cwd: stage, env: { ...process.env, npm_config_loglevel: 'error' } },
    );
    const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
    return path.join(path.resolve(outDir), filename);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCliArgs('pack:toolkit', USAGE, { out: { type: 'string' } }, false);
  console.log(await packToolkit(values.out ?? path.join(ROOT, 'dist')));
}
