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
 * its inputs changed (size or modification time; this file, esbuild's version and tsconfig.json
 * included) or its folder moved, so an edit is never run stale; it is written beside and renamed
 * into place with the list of what it was built from, so two processes building it at once each
 * load a whole one, and a list never vouches for another build's bundle.
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The toolkit's folder (bin/, generators/, scripts/): this checkout or the installed package. */
export const TOOLKIT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The names each module's own URL, file and folder take in a bundle (esbuild renames them apart per module). */
const OWN = { url: '__moduleUrl', filename: '__moduleFilename', dirname: '__moduleDirname' };

/** Inputs that are not modules: this recipe, esbuild's version, and the compiler options it reads. */
const RECIPE = [
  fileURLToPath(import.meta.url),
  createRequire(import.meta.url).resolve('esbuild/package.json'),
  'tsconfig.json',
];

/** Errors that say the cache folder cannot be written (a package installed by another user). */
export const CANNOT_WRITE = ['EACCES', 'EPERM', 'EROFS'];

/**
 * A bundle's last line: the root it was built in and each input with its size and mtime, so a
 * bundle and what vouches for it are one file, renamed into place at once (two processes building
 * it side by side can never leave one's list beside the other's bundle).
 */
const INPUTS_MARK = '//# contract-kit-inputs=';
/** How much of a bundle's end is read for that line. */
const TAIL_BYTES = 256 * 1024;

/** What `bundleFile` says it was built from (undefined when it is missing or has no such line). */
function recordedInputs(bundleFile) {
  let fd;
  try {
    fd = openSync(bundleFile, 'r');
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, TAIL_BYTES));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const text = tail.toString('utf8');
    const at = text.lastIndexOf(INPUTS_MARK);
    return at < 0 ? undefined : JSON.parse(text.slice(at + INPUTS_MARK.length));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Whether the bundle was built in `root` and every input (size and mtime) is as it was then. */
function unchanged(root, bundleFile) {
  const recorded = recordedInputs(bundleFile);
  // A bundle names its modules by absolute URL: one copied or moved with its folder is another folder's.
  if (!recorded || recorded.root !== root) return false;
  return recorded.inputs.every(([file, size, mtimeMs]) => {
    try {
      const stat = statSync(path.resolve(root, file));
      return stat.size === size && stat.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });
}

/** `source` with the module's own URL, file and folder defined first, on its first line so no line moves (after a shebang). */
function withOwnNames(file, source) {
  const names = [
    source.includes('import.meta.url') && `const ${OWN.url} = ${JSON.stringify(pathToFileURL(file).href)};`,
    source.includes('import.meta.filename') && `const ${OWN.filename} = ${JSON.stringify(file)};`,
    source.includes('import.meta.dirname') && `const ${OWN.dirname} = ${JSON.stringify(path.dirname(file))};`,
  ].filter(Boolean);
  if (names.length === 0) return undefined;
  const shebang = source.startsWith('#!') ? source.slice(0, source.indexOf('\n') + 1) : '';
  return `${shebang}${names.join(' ')} ${source.slice(shebang.length)}`;
}

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};

async function build(root, entry, bundleFile) {
  const { build: esbuild } = await import('esbuild');
  const started = Date.now();
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
    define: {
      'import.meta.url': OWN.url,
      'import.meta.filename': OWN.filename,
      'import.meta.dirname': OWN.dirname,
    },
    // Stack traces name the toolkit's own files and lines (the launcher turns source maps on), as under tsx.
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [
      {
        name: 'own-module-names',
        setup(builder) {
          builder.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
            const contents = withOwnNames(args.path, await readFile(args.path, 'utf8'));
            return contents === undefined
              ? undefined
              : { contents, loader: LOADERS[path.extname(args.path)] };
          });
        },
      },
    ],
  });
  const files = [...Object.keys(result.metafile.inputs), ...RECIPE];
  const inputs = files.flatMap((file) => {
    try {
      const stat = statSync(path.resolve(root, file));
      // Saved while the build ran, it may have been read before the save: recorded as matching
      // nothing, so the next run builds again. (File times come from a coarse clock: a margin.)
      const mtimeMs = stat.mtimeMs >= started - 20 ? -1 : stat.mtimeMs;
      return [[path.relative(root, path.resolve(root, file)), stat.size, mtimeMs]];
    } catch {
      return []; // an installed package has no tsconfig.json
    }
  });
  mkdirSync(path.dirname(bundleFile), { recursive: true });
  const temporary = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  // The map first, then the bundle that names it (with its inputs on its last line).
  const map = result.outputFiles.find((output) => output.path.endsWith('.map'));
  const code = result.outputFiles.find((output) => output !== map);
  writeFileSync(map.path + temporary, map.contents);
  renameSync(map.path + temporary, map.path);
  writeFileSync(bundleFile + temporary, `${code.text}${INPUTS_MARK}${JSON.stringify({ root, inputs })}\n`);
  renameSync(bundleFile + temporary, bundleFile);
}

/**
 * The bundle of `entry` (a TypeScript file under `root`, absolute or relative to it), built when
 * absent or stale, in `root`'s `.cache/entry-bundles/`. Throws when that folder cannot be written
 * (an error whose code is one of CANNOT_WRITE).
 */
export async function bundledEntry(entry, root = TOOLKIT_ROOT) {
  const absolute = path.resolve(root, entry);
  const name = path.relative(root, absolute).split(path.sep).join('__');
  const bundleFile = path.join(root, '.cache', 'entry-bundles', `${name}.mjs`);
  if (!unchanged(root, bundleFile)) await build(root, absolute, bundleFile);
  return bundleFile;
}

/**
 * Code that runs from a bundle registers no TypeScript loader at its start: the first module it
 * imports by a name known only at run time (a project's config and plugin files, generated code)
 * registers tsx's then (generators/core/run-time-import.ts calls this).
 */
const REGISTER_TYPESCRIPT = Symbol.for('contract-kit.register-typescript');

/** The registration the launcher set up (a process started from a bundle), or undefined (under tsx or vitest). */
export function typeScriptOnDemand() {
  return globalThis[REGISTER_TYPESCRIPT];
}

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
