/**
 * One ES module per TypeScript entry point, bundled by esbuild and kept until an input changes:
 * how contract-kit runs its commands (bin/contract-kit.mjs) and how this repository's tests start
 * the service (scripts/lib/entry-bundle.ts). Through tsx's loader, Node resolves and loads each of
 * an entry's few hundred modules by a round trip to the loader's thread (Node 20 runs loader hooks
 * on a thread of their own): about half a CPU-second at every start of the generators' or the
 * service's graph, where their bundle loads in a tenth of that.
 *
 * The code run is the same: tsx compiles each file with the same esbuild. Every module keeps its
 * own `import.meta.url` (its source file's URL), so what a module reads beside itself (runtimes
 * copied into generated code, templates, migrations, worker scripts) is read from where it lies.
 * Packages stay imports, resolved from the node_modules above the bundle: the bundles live in the
 * `.cache/entry-bundles/` folder of the tree their entry is in. A bundle is rebuilt when one of
 * its inputs changed (size or modification time), this file and tsconfig.json included, so an
 * edit is never run stale; it is written beside and renamed into place, so two processes building
 * it at once each load a whole one.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The toolkit's folder (bin/, generators/, scripts/): this checkout or the installed package. */
export const TOOLKIT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The name each module's own URL takes in a bundle (esbuild renames it apart per module). */
const MODULE_URL = '__moduleUrl';

/** Inputs that are not modules: this recipe, and the compiler options esbuild reads. */
const RECIPE = [fileURLToPath(import.meta.url), 'tsconfig.json'];

/** Whether every input (relative to `root`, with its size and mtime when bundled) is as it was. */
function unchanged(root, inputsFile) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return false;
  }
  return inputs.every(([file, size, mtimeMs]) => {
    try {
      const stat = statSync(path.resolve(root, file));
      return stat.size === size && stat.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });
}

async function build(root, entry, bundleFile, inputsFile) {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
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
    // Stack traces name the toolkit's own files and lines (the launcher turns source maps on), as under tsx.
    sourcemap: 'linked',
    sourcesContent: false,
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
  const files = [...Object.keys(result.metafile.inputs), ...RECIPE];
  const inputs = files.flatMap((file) => {
    try {
      const stat = statSync(path.resolve(root, file));
      return [[path.relative(root, path.resolve(root, file)), stat.size, stat.mtimeMs]];
    } catch {
      return []; // an installed package has no tsconfig.json
    }
  });
  mkdirSync(path.dirname(bundleFile), { recursive: true });
  const temporary = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  // The map before the bundle that names it; the input list last, so it never vouches for a bundle not yet written.
  const outputs = [...result.outputFiles].sort((a, b) => b.path.length - a.path.length);
  for (const output of outputs) {
    writeFileSync(output.path + temporary, output.contents);
    renameSync(output.path + temporary, output.path);
  }
  writeFileSync(inputsFile + temporary, JSON.stringify(inputs));
  renameSync(inputsFile + temporary, inputsFile);
}

/**
 * The bundle of `entry` (a TypeScript file under `root`, absolute or relative to it), built when
 * absent or stale, in `root`'s `.cache/entry-bundles/`. Throws when that folder cannot be written.
 */
export async function bundledEntry(entry, root = TOOLKIT_ROOT) {
  const absolute = path.resolve(root, entry);
  const name = path.relative(root, absolute).split(path.sep).join('__');
  const bundleFile = path.join(root, '.cache', 'entry-bundles', `${name}.mjs`);
  const inputsFile = bundleFile.replace(/\.mjs$/, '.inputs.json');
  if (!unchanged(root, inputsFile)) await build(root, absolute, bundleFile, inputsFile);
  return bundleFile;
}

/**
 * Code that runs from a bundle registers no TypeScript loader at its start: the first module it
 * imports by a name known only at run time (a project's config and plugin files, generated code)
 * registers tsx's then (generators/core/run-time-import.ts calls this).
 */
export const REGISTER_TYPESCRIPT = Symbol.for('contract-kit.register-typescript');

/** Makes `REGISTER_TYPESCRIPT` register tsx's loaders (ES modules and CommonJS), once. */
export function registerTypeScriptOnDemand() {
  let registered;
  globalThis[REGISTER_TYPESCRIPT] = () =>
    (registered ??= (async () => {
      const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
      esm.register();
      cjs.register();
    })());
}
