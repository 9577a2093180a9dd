/**
 * The service's entry points (the server, its operator CLIs) and the test servers around them,
 * each bundled by esbuild into one ES module, for the processes that tests and scripts start
 * (issue 44: `npm test` starts some 160 of them). Through tsx's loader, Node resolves and loads
 * each of an entry's ~300 modules by a round trip to the loader's thread: a service start took
 * 1.1 CPU-s and an operator CLI's run 0.8, where the bundle takes 0.55 and 0.3.
 *
 * The code run is the same: tsx compiles each file with the same esbuild. Every module keeps its
 * own `import.meta.url` (its source file's URL), so what a module reads beside itself (migrations,
 * the contract's JSON, the dashboard's assets, generated routes) is read from the checkout, as
 * under tsx. Packages stay imports (resolved from node_modules as before). A bundle is rebuilt
 * whenever one of its inputs changed (size or modification time), so an edit is never run stale.
 * `npm run serve` and the CLIs' npm scripts still run through tsx, and tests that start them that
 * way keep doing so.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './root.js';

/** Where the bundles and their input lists are kept (ignored by git, like all of .cache). */
export const BUNDLE_DIR = path.join(ROOT, '.cache', 'entry-bundles');

/** Each input file (relative to ROOT) with the size and modification time it had when bundled. */
type Inputs = Array<[file: string, size: number, mtimeMs: number]>;

const bundleFileOf = (entry: string) =>
  path.join(BUNDLE_DIR, `${path.relative(ROOT, entry).split(path.sep).join('__')}.mjs`);

function unchanged(inputsFile: string): boolean {
  let inputs: Inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as Inputs;
  } catch {
    return false;
  }
  return inputs.every(([file, size, mtimeMs]) => {
    try {
      const stat = statSync(path.join(ROOT, file));
      return stat.size === size && stat.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });
}

/** The name each module's own URL takes in the bundle (esbuild renames it apart per module). */
const MODULE_URL = '__moduleUrl';

async function build(entry: string, bundleFile: string, inputsFile: string): Promise<void> {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: bundleFile,
    define: { 'import.meta.url': MODULE_URL },
    plugins: [
      {
        name: 'module-url',
        setup(builder) {
          builder.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            return {
              contents: `const ${MODULE_URL} = ${JSON.stringify(pathToFileURL(args.path).href)};\n${source}`,
              loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
            };
          });
        },
      },
    ],
  });
  // The recipe and the compiler's options are inputs too.
  const files = [...Object.keys(result.metafile.inputs), 'scripts/lib/entry-bundle.ts', 'tsconfig.json'];
  const inputs: Inputs = files.map((file) => {
    const stat = statSync(path.join(ROOT, file));
    return [file, stat.size, stat.mtimeMs];
  });
  // Written beside and renamed into place: a process reading it meanwhile sees the old or the new one whole.
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const temporary = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(bundleFile + temporary, result.outputFiles[0].contents);
  renameSync(bundleFile + temporary, bundleFile);
  writeFileSync(inputsFile + temporary, JSON.stringify(inputs));
  renameSync(inputsFile + temporary, inputsFile);
}

/** The bundle of `entry` (a TypeScript file of this repository), built when absent or stale. */
export async function entryBundle(entry: string): Promise<string> {
  const absolute = path.resolve(ROOT, entry);
  const bundleFile = bundleFileOf(absolute);
  const inputsFile = bundleFile.replace(/\.mjs$/, '.inputs.json');
  if (!unchanged(inputsFile)) await build(absolute, bundleFile, inputsFile);
  return bundleFile;
}

/** Node's arguments to run `entry`'s bundle with `args`: `spawn(process.execPath, await bundledArgs(...))`. */
export async function bundledArgs(entry: string, ...args: string[]): Promise<string[]> {
  return [await entryBundle(entry), ...args];
}
