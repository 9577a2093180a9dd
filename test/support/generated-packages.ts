/**
 * Generated packages as a consumer gets them, for tests that run them: a folder under .cache (so
 * the repository's node_modules still resolve react, vue and the MCP SDK) whose node_modules holds
 * the generated client compiled by tsc (ESM, as `npm run build` makes it), and copies of the
 * packages that depend on it, which then import the client by its package name, as an app does.
 * The client is compiled once per content and copied into each consumer (five test files make
 * consumers of the same client; each tsc run is 2–3 CPU-s); its packed tarball is made once too.
 * Starts: tsc, npm (run build, pack).
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

/** A digest of a generated client's files (its sources and manifest; not node_modules or dist). */
async function clientDigest(client: string): Promise<string> {
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
  return digest.digest('hex').slice(0, 16);
}

/**
 * `folder`, made once by `make(draft)` into a draft beside it and renamed into place, so a test in
 * another worker meanwhile sees none or the whole of it.
 */
async function madeOnce(folder: string, make: (draft: string) => Promise<void>): Promise<string> {
  try {
    await readdir(folder);
    return folder;
  } catch {
    await mkdir(path.dirname(folder), { recursive: true });
    const draft = await mkdtemp(`${folder}-draft-`);
    await make(draft);
    await rename(draft, folder).catch(() => rm(draft, { recursive: true, force: true }));
    return folder;
  }
}

/** `output`'s client compiled by tsc (ESM), in a folder named by the digest of the client's files. */
async function compiledClient(output: string): Promise<string> {
  const client = path.join(output, 'client');
  return madeOnce(path.resolve('.cache', `client-esm-${await clientDigest(client)}`), async (draft) => {
    await run(TSC, ['-p', path.join(client, 'tsconfig.json'), '--outDir', draft], {
      maxBuffer: 64 * 1024 * 1024,
    });
  });
}

/**
 * The generated client (`generated/client`) built by its own build script (`npm run build`: tsc
 * for ESM and CommonJS) and packed by `npm pack`, once per content: the packaging and consumer
 * tests install the same tarball. Returns the tarball's path.
 */
export async function packedClient(): Promise<string> {
  const client = path.resolve('generated', 'client');
  const folder = await madeOnce(
    path.resolve('.cache', `client-package-${await clientDigest(client)}`),
    async (draft) => {
      const pkg = path.join(draft, 'package');
      await cp(client, pkg, {
        recursive: true,
        filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
      });
      await run('npm', ['run', 'build'], {
        cwd: pkg,
        env: {
          ...process.env,
          PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        },
        maxBuffer: 64 * 1024 * 1024,
      });
      await run('npm', ['pack', '--ignore-scripts', '--pack-destination', draft], { cwd: pkg });
      await rm(pkg, { recursive: true, force: true });
    },
  );
  const [tarball] = (await readdir(folder)).filter((name) => name.endsWith('.tgz'));
  return path.join(folder, tarball);
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
