/**
 * The toolkit in another team's repository, as that team meets it: contract-kit is packed from this
 * checkout (scripts/pack-toolkit.ts), its tarball installed in a temporary folder outside the
 * checkout (a package.json of its own; npm's cache, --prefer-offline; no PATH entry, npm variable or
 * symlink leading back here), and there `init --spec` on Train Travel (a public spec of the test
 * corpus), then `generate`, `lint`, `docs`, `check:roundtrip` and `test:contract` against the Prism
 * mock, and every command of the CI workflow init wrote. A second `init` changes nothing and lists
 * what it left alone. First, the command line as a user who cannot write the package's folder runs
 * it. The chain runs once; its steps are the tests below, in order.
 * Starts: npm (pack, install), the contract-kit command line through npx (Prism, vitest, python3
 * and tsx under it), runuser (as nobody, when the tests run as root), git.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../../scripts/lib/root.js';
import { blockWith, docBlocks } from '../../support/doc-blocks.js';
import { packToolkit } from '../../../scripts/pack-toolkit.js';

const SPEC = path.join(ROOT, 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml');
let base: string;
let project: string;
/** Every command line run in the project, as written (the workflow's must be among them). */
const ran = new Set<string>();

/**
 * The environment of a shell in the project: this process's, without what would lead back to the
 * checkout (npm's variables of the script that started the tests, PATH entries inside it).
 */
function projectEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_/i.test(name) && !['INIT_CWD', 'NODE_OPTIONS', 'NODE_PATH'].includes(name),
    ),
  );
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => entry !== '' && !path.resolve(entry).startsWith(ROOT))
    .join(path.delimiter);
  return { ...env, NO_COLOR: '1' };
}

/** Runs a command line in `cwd` (default the project), as a shell in it would; records it. */
function run(line: string, cwd = project): Promise<{ code: number | null; output: string; seconds: number }> {
  if (cwd === project) ran.add(line);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd, env: projectEnv() });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ code, output, seconds: Math.round((performance.now() - started) / 100) / 10 }),
    );
  });
}

/** Every file of the project but the installed packages and git's, path -> content. */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (['node_modules', '.git', '.cache'].includes(name)) continue;
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else files[path.relative(project, file)] = readFileSync(file, 'latin1');
    }
  };
  walk(project);
  return files;
}

const inside = (file: string, folder: string) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'contract-kit-user-'));
  project = path.join(base, 'train-travel');
  const started = performance.now();
  const tarball = await packToolkit(path.join(base, 'pack'));
  const packed = (performance.now() - started) / 1000;
  await mkdir(project);
  await writeFile(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'train-travel-api', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  await copyFile(SPEC, path.join(project, 'openapi.yaml'));
  const install = await run(`npm install --save-dev --prefer-offline --no-audit --no-fund ${tarball}`);
  expect(install.code, install.output).toBe(0);
  console.log(`toolkit package: packed in ${packed.toFixed(1)} s, installed in ${install.seconds} s`);
}, 600_000);

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

/**
 * Runs a command line in the project as a user who cannot write the installed package (a global
 * install by root, run by someone else): `nobody` when this process is root, which writes anything;
 * otherwise this user, with the package's folders read-only for the run.
 */
async function runAsReader(line: string): Promise<{ code: number | null; output: string }> {
  const installed = path.join(project, 'node_modules', 'contract-kit');
  if (process.getuid?.() === 0) {
    // mkdtemp's folder is its owner's alone; nobody must reach the project to read it. Nor can it
    // search a PATH of root's own folders (CI's is one, mktemp's, of links to the tools): it gets
    // node's folder and the system's.
    await chmod(base, 0o755);
    const readerPath = [path.dirname(process.execPath), '/usr/bin', '/bin'].join(':');
    return run(`runuser -u nobody -- /bin/sh -c 'PATH=${readerPath}; export PATH; ${line}'`);
  }
  await run(`chmod -R a-w '${installed}'`);
  try {
    return await run(line);
  } finally {
    await run(`chmod -R u+w '${installed}'`);
  }
}

describe('contract-kit installed in a repository of its own', () => {
  it("runs where its package folder cannot be written, through tsx's loader, writing nothing there", async () => {
    const bundles = path.join(project, 'node_modules', 'contract-kit', '.cache', 'entry-bundles');
    const version = JSON.parse(
      readFileSync(path.join(project, 'node_modules', 'contract-kit', 'package.json'), 'utf8'),
    ).version as string;
    // No bundle yet, none can be made: the launcher runs the command line through tsx.
    const first = await runAsReader('./node_modules/.bin/contract-kit --version');
    expect(first.code, first.output).toBe(0);
    expect(first.output.trim()).toBe(version);
    expect(existsSync(bundles)).toBe(false);
    // The command line's bundle made by the package's owner; a command's own bundle cannot be made
    // by the reader: the command's script runs through tsx's loader, from the bundled command line.
    const owner = await run('./node_modules/.bin/contract-kit --version');
    expect(owner.code, owner.output).toBe(0);
    expect(readdirSync(bundles)).toContain('bin__commands.ts.mjs');
    const before = readdirSync(bundles);
    const help = await runAsReader('./node_modules/.bin/contract-kit check:breaking --help');
    expect(help.code, help.output).toBe(0);
    expect(help.output).toMatch(/^usage: .*check:breaking.*--base REF/m);
    expect(readdirSync(bundles)).toEqual(before);
  }, 120_000);

  it("is installed from the tarball, outside this checkout, with its own dependencies and none of the service's", async () => {
    expect(inside(project, ROOT)).toBe(false);
    const installed = path.join(project, 'node_modules', 'contract-kit');
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(inside(realpathSync(installed), ROOT)).toBe(false);
    expect(
      JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).devDependencies,
    ).toHaveProperty('contract-kit');
    for (const name of ['prism-cli', 'spectral-core'])
      expect(existsSync(path.join(project, 'node_modules', '@stoplight', name)), name).toBe(true);
    for (const name of ['better-sqlite3', 'kysely', 'pg', 'preact', 'htm'])
      expect(existsSync(path.join(project, 'node_modules', name)), name).toBe(false);
    expect(existsSync(path.join(installed, 'service'))).toBe(false);
    // Its command line, from the project's node_modules/.bin.
    const help = await run('npx contract-kit --help');
    expect(help.code, help.output).toBe(0);
    for (const command of ['init', 'generate', 'lint', 'docs', 'check:roundtrip', 'test:contract'])
      expect(help.output).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
  }, 60_000);

  it("typechecks docs/plugins.md's plugin, its test and the config (and docs/toolkit.md's exclude) under the strictest flags, from the package's declarations, and runs the test", async () => {
    const blocks = await docBlocks('plugins.md');
    const typed = path.join(project, 'typed');
    await mkdir(path.join(typed, 'plugins'), { recursive: true });
    await writeFile(
      path.join(typed, 'plugins', 'operations-index.ts'),
      blockWith(blocks, 'ts', 'export default definePlugin', 'plugins.md'),
    );
    await writeFile(
      path.join(typed, 'contract-kit.config.ts'),
      blockWith(blocks, 'ts', 'export default defineConfig', 'plugins.md'),
    );
    // The page's test of the plugin, through contract-kit/testing, typechecked with the rest.
    await writeFile(
      path.join(typed, 'plugins', 'operations-index.test.ts'),
      blockWith(blocks, 'ts', "from 'contract-kit/testing'", 'plugins.md'),
    );
    // docs/toolkit.md's config that leaves operations out, typechecked with the rest.
    await writeFile(
      path.join(typed, 'exclude.config.ts'),
      blockWith(await docBlocks('toolkit.md'), 'ts', 'exclude: [', 'toolkit.md'),
    );
    // Flags a strict project sets that the toolkit's own source is not written under; no
    // skipLibCheck, so the declarations are checked too.
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      types: [],
    };
    await writeFile(
      path.join(typed, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, include: ['**/*.ts'] }),
    );
    const tsc = '../node_modules/.bin/tsc -p . --listFiles';
    const checked = await run(tsc, typed);
    expect(checked.code, checked.output).toBe(0);
    const read = checked.output.split('\n').filter((file) => file.includes('/node_modules/contract-kit/'));
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((file) => !file.endsWith('.d.ts'))).toEqual([]);
    // And it passes under vitest, the package's own, on the project's spec.
    await copyFile(path.join(project, 'openapi.yaml'), path.join(typed, 'openapi.yaml'));
    await writeFile(path.join(typed, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const tested = await run('../node_modules/.bin/vitest run plugins', typed);
    expect(tested.code, tested.output).toBe(0);
    expect(tested.output).toMatch(/Tests {2}1 passed/);
    // The plugin's options are typed by their schemas: a string's method that does not exist is an error.
    const plugin = path.join(typed, 'plugins', 'operations-index.ts');
    await writeFile(
      plugin,
      readFileSync(plugin, 'utf8').replace('`# ${options.title}`', 'options.title.toFixed()'),
    );
    const mistaken = await run(tsc, typed);
    expect(mistaken.code).toBe(2);
    expect(mistaken.output).toMatch(
      /operations-index\.ts\(\d+,\d+\): error TS\d+: Property 'toFixed' does not exist on type 'string'/,
    );
  }, 150_000); // three tsc runs and a vitest run: 61 s on a loaded machine

  it('init --spec writes the config, the ruleset, the scripts, the workflow and .gitignore', async () => {
    const result = await run('npx contract-kit init --spec openapi.yaml');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('init: spec: openapi.yaml (as given)');
    for (const file of [
      'contract-kit.config.ts',
      '.spectral.yaml',
      '.github/workflows/contract-kit.yml',
      '.gitignore',
    ])
      expect(result.output).toContain(`init: wrote ${file}`);
    expect(result.output).toMatch(/init: package\.json: added scripts generate, lint, docs, mock, dev,/);
    expect(readFileSync(path.join(project, 'contract-kit.config.ts'), 'utf8')).toContain(
      "import { defineConfig } from 'contract-kit';",
    );
  }, 120_000);

  it('generate writes the SDKs, stubs, suites and mock document of the spec', async () => {
    const result = await run('npx contract-kit generate');
    expect(result.code, result.output).toBe(0);
    for (const file of [
      'generated/client/package.json',
      'generated/python/pyproject.toml',
      'generated/server/index.ts',
      'generated/contract-tests/vitest.config.ts',
      'generated/mock/openapi.json',
    ])
      expect(existsSync(path.join(project, file)), file).toBe(true);
    // No step of this repository's own (the dashboard's UI) outside it.
    expect(result.output).not.toMatch(/dashboard/);
    // The command ran from its bundle, built in the installed package (bin/bundle.mjs), not through tsx's loader.
    const bundles = path.join(project, 'node_modules', 'contract-kit', '.cache', 'entry-bundles');
    for (const bundle of ['bin__commands.ts.mjs', 'generators__cli.ts.mjs'])
      expect(existsSync(path.join(bundles, bundle)), bundle).toBe(true);
  }, 180_000);

  it('lint, docs and check:roundtrip pass on it', async () => {
    const [lint, docs, roundtrip] = await Promise.all([
      run('npx contract-kit lint'),
      run('npx contract-kit docs'),
      run('npx contract-kit check:roundtrip'),
    ]);
    expect(lint.code, lint.output).toBe(0);
    expect(lint.output).toMatch(/^lint: 0 error\(s\), \d+ warning\(s\) in openapi\.yaml/m);
    expect(docs.code, docs.output).toBe(0);
    expect(readFileSync(path.join(project, 'dist/docs/index.html'), 'utf8')).toContain(
      '<title>Train Travel API reference</title>',
    );
    expect(roundtrip.code, roundtrip.output).toBe(0);
    expect(roundtrip.output).toMatch(/^roundtrip: (\d+)\/\1 operations, typescript \1\/\1, python \1\/\1$/m);
    console.log(
      `lint ${lint.seconds} s, docs ${docs.seconds} s, check:roundtrip ${roundtrip.seconds} s (side by side)`,
    );
  }, 240_000);

  it('runs every command of the CI workflow init wrote, test:contract against the mock among them', async () => {
    const workflow = parse(readFileSync(path.join(project, '.github/workflows/contract-kit.yml'), 'utf8'));
    const commands: string[] = workflow.jobs.contract.steps.flatMap(
      (step: { run?: string }) => step.run ?? [],
    );
    // The install step: `npm ci` installs what the lockfile says, which the install above wrote.
    expect(commands[0]).toBe('npm ci');
    expect(existsSync(path.join(project, 'package-lock.json'))).toBe(true);
    expect(commands.slice(1)).toEqual([
      'npx contract-kit lint',
      'npx contract-kit check:generated',
      'npx contract-kit check:breaking',
      'npx contract-kit test:contract',
    ]);
    // A repository with its history, as the workflow checks it out (the gate compares with main).
    for (const line of [
      'git init -q -b main',
      'git add -A',
      'git -c user.name=ci -c user.email=ci@example.invalid commit -qm "contract-kit init"',
    ]) {
      const step = await run(line);
      expect(step.code, step.output).toBe(0);
    }
    // The ones not run yet, side by side (lint ran above).
    const pending = commands.slice(1).filter((line) => !ran.has(line));
    const results = new Map(await Promise.all(pending.map(async (line) => [line, await run(line)] as const)));
    for (const [line, result] of results) expect(result.code, `${line}\n${result.output}`).toBe(0);
    expect(commands.filter((line) => line !== 'npm ci' && !ran.has(line))).toEqual([]);
    const contract = results.get('npx contract-kit test:contract')!;
    expect(contract.output).toMatch(/^contract: Prism mock at http:\/\/127\.0\.0\.1:\d+: passed/m);
    expect(contract.output).toMatch(/^contract: [1-9]\d* passed, 0 failed/m);
    // The suites' own report goes to a file test:contract reads and removes: not named as if it stayed.
    expect(contract.output).not.toContain('contract report written to');
    expect(results.get('npx contract-kit check:breaking')!.output).toContain(
      'no changes: the two documents are equal',
    );
    expect(results.get('npx contract-kit check:generated')!.output).toMatch(
      /generated\/ matches openapi\.yaml/,
    );
    console.log(
      `workflow commands: ${[...results].map(([line, result]) => `${line} ${result.seconds} s`).join(', ')} (side by side)`,
    );
  }, 300_000);

  it('init run again changes nothing, and lists each file it left alone', async () => {
    const before = snapshot();
    const again = await run('npx contract-kit init --spec openapi.yaml');
    expect(again.code, again.output).toBe(0);
    expect(snapshot()).toEqual(before);
    for (const file of [
      'contract-kit.config.ts',
      '.spectral.yaml',
      'package.json',
      '.github/workflows/contract-kit.yml',
      '.gitignore',
    ])
      expect(again.output).toContain(`init: left alone ${file}`);
    expect(again.output).toContain('init: nothing to do');
  }, 120_000);
});
