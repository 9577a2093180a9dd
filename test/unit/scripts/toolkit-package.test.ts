/**
 * The contract-kit package's manifest (toolkit/package.json) against the files the package stages
 * (scripts/lib/toolkit-files.ts): every package a staged module imports is one of its
 * dependencies, each dependency is imported or run by name, nothing staged reaches a file left
 * out (the service, this repository's own scripts), none of the service's dependencies comes with
 * it, and each version is the one this repository installs and tests. Reads files only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../scripts/lib/commands.js';
import { ROOT } from '../../../scripts/lib/root.js';
import {
  fileOf,
  isModule,
  packageOf,
  runtimeImports,
  shippedPage,
  SHIPPED_DOCS,
  TOOLKIT_PACKAGE_JSON,
  TOOLKIT_README,
  toolkitFiles,
} from '../../../scripts/lib/toolkit-files.js';

interface Manifest {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const toolkit = JSON.parse(readFileSync(TOOLKIT_PACKAGE_JSON, 'utf8')) as Manifest;
const repository = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const staged = toolkitFiles();
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const stagedPaths = new Set(staged.map(relative));

/** Dependencies the package runs or names rather than imports, each with where. */
const USED_BY_NAME: Record<string, string> = {
  '@stoplight/prism-cli': 'the `prism` command (scripts/lib/mock.ts)',
  '@redocly/cli': 'the `redocly build-docs` command (scripts/lib/docs.ts)',
  '@stoplight/spectral-owasp-ruleset':
    "a ruleset a project's .spectral.yaml extends by name (scripts/init/spectral.yaml)",
  vitest:
    'the `vitest` command that runs the generated contract suites (scripts/lib/contract-suite.ts); the suites it writes import it',
};

/** The package `@types/x` gives the types of (`x`, or `@scope/x` for `@types/scope__x`). */
function typesOf(name: string): string {
  const typed = /^@types\/(.*)$/.exec(name)?.[1];
  return typed === undefined ? '' : typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
}

/** Whether an installed package carries its own declarations: named, or beside its entry as tsc looks. */
function shipsTypes(name: string): boolean {
  const folder = path.join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    types?: string;
    typings?: string;
    main?: string;
    exports?: unknown;
  };
  if (manifest.types || manifest.typings || JSON.stringify(manifest.exports ?? {}).includes('"types"'))
    return true;
  const entry = path.join(folder, manifest.main ?? 'index.js');
  return ['.d.ts', '.d.mts', '.d.cts'].some((extension) =>
    existsSync(entry.replace(/\.[mc]?js$/, '') + extension),
  );
}

/** Every package a staged module imports at run time, with the first file that does. */
/**
 * Runtimes copied into a generated package with a package.json of its own (the MCP server, the query
 * hooks), which declares what they import: the consumer installs those, not the toolkit.
 */
const OWN_MANIFEST_RUNTIME = /^generators\/plugins\/(mcp|tanstack-query)\/runtime\//;

function importedPackages(): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of staged.filter(isModule)) {
    if (OWN_MANIFEST_RUNTIME.test(relative(file))) continue;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier))
        continue;
      // A template of generated code (`${names.packageName}`), not an import of the toolkit's.
      if (specifier.includes('${')) continue;
      if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), relative(file));
    }
  }
  return packages;
}

describe('the contract-kit package', () => {
  it('stages the command line, every command script and generators/, and nothing of the service', () => {
    expect(toolkit.name).toBe('contract-kit');
    expect(stagedPaths.has(toolkit.bin['contract-kit'])).toBe(true);
    expect(stagedPaths.has('bin/commands.ts')).toBe(true);
    for (const command of Object.values(COMMANDS))
      expect(
        stagedPaths.has(relative(path.join(ROOT, 'scripts', 'lib', command.script))),
        command.script,
      ).toBe(true);
    const entry = toolkit.exports['.'] as Record<string, string>;
    expect(stagedPaths.has(entry.default.replace(/^\.\//, ''))).toBe(true);
    // The entry's declarations, where the pack emits them (toolkit/tsconfig.declarations.json, rootDir the checkout).
    expect(entry.types).toBe(entry.default.replace(/^\.\//, './types/').replace(/\.ts$/, '.d.ts'));
    expect([...stagedPaths].filter((file) => file.startsWith('generators/')).length).toBeGreaterThan(150);
    expect(
      [...stagedPaths].filter(
        (file) =>
          /^(service|test|generated)\//.test(file) ||
          /^scripts\/(start|test|bench|pack-toolkit|test-contract-public)\.ts$/.test(file) ||
          /^scripts\/lib\/(home-steps|contract|contract-public|dashboard-ui|embedded-postgres)\.ts$/.test(
            file,
          ),
      ),
    ).toEqual([]);
  });

  it('imports, from every staged module, only staged files', () => {
    const outside: string[] = [];
    for (const file of staged.filter(isModule))
      for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = fileOf(file, specifier);
        if (!target || !stagedPaths.has(relative(target))) outside.push(`${relative(file)}: ${specifier}`);
      }
    expect(outside).toEqual([]);
  });

  it('declares every package its modules import, and only those (or ones it runs by name, or their types)', () => {
    const imported = importedPackages();
    const declared = Object.keys(toolkit.dependencies);
    expect(
      [...imported].filter(([name]) => !declared.includes(name)).map(([name, file]) => `${name} (${file})`),
    ).toEqual([]);
    expect(
      declared.filter((name) => !imported.has(name) && !USED_BY_NAME[name] && !imported.has(typesOf(name))),
    ).toEqual([]);
    expect(toolkit.devDependencies).toBeUndefined();
  });

  it('declares the types of each package it imports that ships none: its source typechecks where it is installed, for whoever follows it past the declarations', () => {
    const declared = Object.keys(toolkit.dependencies);
    const untyped = [...importedPackages().keys()].filter((name) => !shipsTypes(name));
    expect(untyped).toContain('js-yaml');
    expect(
      untyped.filter((name) => !declared.includes(`@types/${name.replace(/^@(.*)\//, '$1__')}`)),
    ).toEqual([]);
  });

  it("brings none of the service's own dependencies", () => {
    const imported = importedPackages();
    const serviceOnly = Object.keys(repository.dependencies).filter((name) => !imported.has(name));
    expect(serviceOnly).toEqual(expect.arrayContaining(['better-sqlite3', 'kysely', 'pg', 'preact']));
    expect(Object.keys(toolkit.dependencies).filter((name) => serviceOnly.includes(name))).toEqual([]);
  });

  it('pins each dependency at the version this repository installs and tests', () => {
    const pinned = { ...repository.devDependencies, ...repository.dependencies };
    expect(
      Object.entries(toolkit.dependencies)
        .filter(([name, version]) => pinned[name] !== version)
        .map(([name, version]) => `${name}: ${version} here, ${pinned[name] ?? 'absent'} in package.json`),
    ).toEqual([]);
  });
});

describe('the documentation the package ships', () => {
  it('leads nowhere outside the package: every relative link resolves in it, or names where the page is', () => {
    // Before, docs/toolkit.md sent a user to contract-tests.md, which the package did not hold.
    const inPackage = new Set([...stagedPaths, ...SHIPPED_DOCS, 'README.md']);
    const dangling: string[] = [];
    for (const page of [...SHIPPED_DOCS, 'README.md']) {
      const source =
        page === 'README.md'
          ? readFileSync(TOOLKIT_README, 'utf8')
          : readFileSync(path.join(ROOT, page), 'utf8');
      const shipped = page === 'README.md' ? source : shippedPage(page, source);
      for (const [, target] of shipped.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:|^#/i.test(target!)) continue;
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), target!.split('#')[0]!));
        if (!inPackage.has(file)) dangling.push(`${page}: ${target}`);
      }
    }
    expect(dangling).toEqual([]);
    // The pages a user of the outputs reads are there.
    expect(SHIPPED_DOCS).toEqual(
      expect.arrayContaining(['docs/contract-tests.md', 'docs/python-sdk.md', 'docs/client.md']),
    );
    expect(shippedPage('docs/commands.md', 'See [tiers](testing.md) and [the client](client.md#x).')).toBe(
      'See tiers (`docs/testing.md` in the contract-kit repository, not in this package) and [the client](client.md#x).',
    );
  });
});
