/**
 * pyright's settings for generated Python packages. Every package carries the runtime under
 * `<package>/_core/`, a verbatim copy of generators/plugins/python/runtime/ (only its header names
 * the spec): our SDK's check (python/sdk.test.ts) checks it, and every other check leaves it out
 * of its files. pyright still reads its types where the package imports it, so the package's own
 * modules are checked against it as before; what goes is checking the same 5,000 lines again per
 * copy, about 4 s of CPU each (issue 44).
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** pyright's own default excludes, which a config that names any exclude replaces. */
const DEFAULT_EXCLUDES = ['**/node_modules', '**/__pycache__', '**/.*'];

/** Where a package's copy of the runtime sits, under a package root (a folder holding the package). */
const runtimeUnder = (root: string) => (root === '.' ? '*/_core' : `${root}/*/_core`);

/**
 * A pyrightconfig.json for generated packages under one folder: strict, Python 3.9, one execution
 * environment per package root so each resolves its own imports. `include` defaults to the roots;
 * the runtime is left out of the check except in `runtimeCheckedIn`.
 */
export function generatedPackagesConfig(options: {
  roots: string[];
  include?: string[];
  runtimeCheckedIn?: string[];
}): Record<string, unknown> {
  const { roots, include = roots, runtimeCheckedIn = [] } = options;
  return {
    typeCheckingMode: 'strict',
    pythonVersion: '3.9',
    include,
    exclude: [
      ...DEFAULT_EXCLUDES,
      ...roots.filter((root) => !runtimeCheckedIn.includes(root)).map(runtimeUnder),
    ],
    executionEnvironments: roots.map((root) => ({ root })),
  };
}

/**
 * A config beside a generated package's pyproject.toml that extends it (its [tool.pyright]: strict,
 * its Python version) and leaves the runtime out of the check. Returns its path, for `pyright -p`.
 */
export async function configWithoutRuntime(pythonDir: string): Promise<string> {
  const file = path.join(pythonDir, 'pyrightconfig.runtime-checked-elsewhere.json');
  await writeFile(
    file,
    JSON.stringify({ extends: './pyproject.toml', exclude: [...DEFAULT_EXCLUDES, runtimeUnder('.')] }),
  );
  return file;
}

/** The Python files of the packages in `pythonDir` outside their runtime: what such a check analyses. */
export async function modulesOutsideRuntime(pythonDir: string): Promise<number> {
  const entries = await readdir(pythonDir, { recursive: true });
  return entries.filter(
    (entry) => entry.endsWith('.py') && !entry.split(path.sep).includes('_core') && entry.includes(path.sep),
  ).length;
}
