/**
 * The running service needs only package.json's dependencies: every module under service/, and
 * every module those import in turn (generated/ stubs and clients), imports nothing else but
 * Node's builtins. Bundling the dashboard's UI (esbuild, a devDependency) is done ahead of time
 * by `npm run generate`; test/integration/service/no-dev-dependencies.test.ts starts the service
 * with the devDependencies unimportable.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const DEPENDENCIES = new Set(Object.keys(packageJson.dependencies));
const BUILTINS = new Set(builtinModules);

/** Specifiers a module imports at run time (type-only imports vanish when compiled). */
function runtimeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  for (const match of code.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  )) {
    if (!match[1]) specifiers.push(match[2]);
  }
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** A relative specifier as the file it names (TypeScript sources are imported as `.js`). */
function fileOf(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  return [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')].find(
    (candidate) => existsSync(candidate) && candidate.match(/\.(ts|js|mjs)$/),
  );
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(path.join(dir, entry.name))
      : /\.ts$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

it('service/ and everything it imports need only dependencies and Node builtins', () => {
  const seen = new Set<string>();
  const queue = sources(path.join(ROOT, 'service'));
  const outside: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = fileOf(file, specifier);
        if (!target) outside.push(`${path.relative(ROOT, file)}: ${specifier} (no such file)`);
        else queue.push(target);
        continue;
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      if (!DEPENDENCIES.has(packageOf(specifier))) outside.push(`${path.relative(ROOT, file)}: ${specifier}`);
    }
  }
  expect(outside).toEqual([]);
  // The walk did reach the generated stubs and the dashboard's UI sources.
  expect([...seen].some((file) => file.includes(`${path.sep}generated${path.sep}server${path.sep}`))).toBe(
    true,
  );
  expect(seen.size).toBeGreaterThan(50);
});

it('reads imports the way the compiler keeps them', () => {
  expect(
    runtimeImports(
      `import { a } from 'x';\nimport type { B } from 'y';\nexport * from './z.js';\nimport './side.js';\n// import 'commented';\nconst m = await import('dyn');`,
    ),
  ).toEqual(['x', './z.js', './side.js', 'dyn']);
});
