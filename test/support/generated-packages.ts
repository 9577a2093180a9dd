/**
 * Generated packages as a consumer gets them, for tests that run them: a folder under .cache (so
 * the repository's node_modules still resolve react, vue and the MCP SDK) whose node_modules holds
 * the generated client compiled by tsc (ESM, as `npm run build` makes it), and copies of the
 * packages that depend on it, which then import the client by its package name, as an app does.
 * The client is compiled once per content and copied into each consumer (five test files make
 * consumers of the same client; each tsc run is 2–3 CPU-s).
 * Starts: tsc (and npm run build when asked).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSC = path.resolve('node_modules/.bin/tsc');

export interface Consumer {
  dir: string;
  /** Where a copied package is, e.g. `tanstack-query`. */
  packageDir: (name: string) => string;
  /** Runs a copied package's `npm run build` (tsc from this repository's node_modules). */
  build: (name: string) => Promise<void>;
  remove: () => Promise<void>;
}

/** `output`'s client compiled by tsc (ESM), in a folder named by the digest of the client's files. */
async function compiledClient(output: string): Promise<string> {
  const client = path.join(output, 'client');
  const digest = createHash('sha256');
  const files = (await readdir(client, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(client, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/^(node_modules|dist)(\/|$)/.test(file))
    .sort();
  for (const file of files)
    digest
      .update(`${file}\0`)
      .update(await readFile(path.join(client, file)))
      .update('\0');
  const compiled = path.resolve('.cache', `client-esm-${digest.digest('hex').slice(0, 16)}`);
  try {
    await readdir(compiled);
    return compiled;
  } catch {
    // Compiled beside and renamed into place: a consumer made meanwhile sees none or the whole of it.
    const draft = await mkdtemp(`${compiled}-draft-`);
    await run(TSC, ['-p', path.join(client, 'tsconfig.json'), '--outDir', draft], {
      maxBuffer: 64 * 1024 * 1024,
    });
    await rename(draft, compiled).catch(() => rm(draft, { recursive: true, force: true }));
    return compiled;
  }
}

/** `output`: a generation's folder (`generated`); `packages`: its folders that depend on `client/`. */
export async function consumerOf(output: string, packages: string[]): Promise<Consumer> {
  await mkdir(path.resolve('.cache'), { recursive: true });
  const dir = await mkdtemp(path.resolve('.cache', 'consumer-'));
  const clientJson = JSON.parse(await readFile(path.join(output, 'client', 'package.json'), 'utf8'));
  const installed = path.join(dir, 'node_modules', clientJson.name);
  await mkdir(installed, { recursive: true });
  await writeFile(path.join(installed, 'package.json'), JSON.stringify(clientJson));
  await cp(await compiledClient(output), path.join(installed, 'dist', 'esm'), { recursive: true });
  for (const name of packages) await cp(path.join(output, name), path.join(dir, name), { recursive: true });
  return {
    dir,
    packageDir: (name) => path.join(dir, name),
    build: async (name) => {
      await run('npm', ['run', 'build', '--silent'], {
        cwd: path.join(dir, name),
        env: {
          ...process.env,
          PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        },
        maxBuffer: 64 * 1024 * 1024,
      });
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
