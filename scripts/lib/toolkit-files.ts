/**
 * Which files of this repository are the contract-kit package: the command line (bin/), every
 * file of generators/ (its runtimes and templates included), the scripts the commands run with
 * every module they import, and the few files read by path (the init templates, the docs page's
 * template). The service, this repository's own scripts (start, test, bench) and its home steps
 * (scripts/lib/home-steps.ts) are not in it. scripts/pack-toolkit.ts stages these files;
 * test/unit/scripts/toolkit-package.test.ts holds them to the manifest's dependencies.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { posixPath } from '../../generators/core/files.js';
import { COMMANDS } from './commands.js';
import { ROOT } from './root.js';

/** The package's manifest in this repository (staged as the package's package.json). */
export const TOOLKIT_PACKAGE_JSON = path.join(ROOT, 'toolkit', 'package.json');
/** Its README for the registry (staged as README.md), and the documentation pages it ships. */
export const TOOLKIT_README = path.join(ROOT, 'toolkit', 'README.md');
/** The pages a user of the package reads: the commands and the outputs; not this repository's own (service, tests, corpus). */
export const SHIPPED_DOCS = [
  'docs/commands.md',
  'docs/toolkit.md',
  'docs/plugins.md',
  'docs/contract-tests.md',
  'docs/client.md',
  'docs/python-sdk.md',
  'docs/breaking-changes.md',
  'docs/zod-msw.md',
  'docs/tanstack-query.md',
  'docs/mcp.md',
];

let packagedFiles: Set<string> | undefined;
/** Every file of the package, by its path in it (`/` between folders). */
function packaged(): Set<string> {
  return (packagedFiles ??= new Set([
    ...toolkitFiles().map((file) => posixPath(path.relative(ROOT, file))),
    ...SHIPPED_DOCS,
    'README.md',
    'package.json',
  ]));
}

/**
 * A shipped page as the package holds it: a link to a page the package does not ship (this
 * repository's service, tests, corpus) becomes its text and where that page is, since it would
 * lead nowhere; a link into generated/ names the file `generate` writes in the user's folder.
 */
export function shippedPage(page: string, text: string): string {
  return text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (link, label: string, target: string) => {
    if (/^[a-z]+:|^#/i.test(target)) return link;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(page), target.split('#')[0]!));
    if (packaged().has(resolved)) return link;
    return resolved.startsWith('generated/')
      ? `${label} (\`${resolved}\`, once \`generate\` has run)`
      : `${label} (\`${resolved}\` in the contract-kit repository, not in this package)`;
  });
}

/** Read by path, not imported: init's templates and the docs page's template. */
const ASSETS = ['scripts/init', 'spec/docs/template.hbs'];
const ENTRY_POINTS = [
  'bin/contract-kit.mjs',
  'bin/commands.ts',
  ...Object.values(COMMANDS).map((command) => path.posix.join('scripts/lib', command.script)),
];

/** Specifiers a module imports or requires at run time (type-only imports vanish when compiled). */
export function runtimeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  for (const match of code.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  )) {
    if (!match[1]) specifiers.push(match[2]);
  }
  for (const match of code.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g))
    specifiers.push(match[1]);
  return specifiers;
}

/** The package an import names (`@scope/name/sub` -> `@scope/name`). */
export const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** A relative specifier as the file it names (TypeScript sources are imported as `.js`). */
export function fileOf(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  return [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

const allFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/** Code a module may import: TypeScript and JavaScript (not the Python runtime, the templates). */
export const isModule = (file: string) => /\.(ts|mts|js|mjs)$/.test(file) && !file.endsWith('.d.ts');

/** The package's files, absolute, sorted: the entry points, generators/, what they import, the assets. */
export function toolkitFiles(): string[] {
  const files = new Set<string>();
  const queue = [
    ...ENTRY_POINTS.map((file) => path.join(ROOT, file)),
    ...allFiles(path.join(ROOT, 'generators')).filter(
      (file) => !file.includes(`${path.sep}__pycache__${path.sep}`),
    ),
  ];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!isModule(file)) continue;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = fileOf(file, specifier);
      if (target) queue.push(target);
    }
  }
  for (const asset of ASSETS) {
    const absolute = path.join(ROOT, asset);
    for (const file of statSync(absolute).isDirectory() ? allFiles(absolute) : [absolute]) files.add(file);
  }
  return [...files].sort();
}
