/**
 * `contract-kit init`: sets a folder up for the toolkit, in an empty folder or an existing
 * repository. It finds the OpenAPI document (or takes `spec`; with none, writes a starter one),
 * then writes what is missing of: contract-kit.config.ts, .spectral.yaml, the package scripts
 * (and contract-kit itself as a devDependency), a CI workflow and .gitignore lines. It never
 * overwrites a file or a script: what exists is kept and reported, so a second run changes nothing.
 *
 * Pure file work (no process, no network), so it is tested in the unit tier; scripts/init.ts prints it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILES, configAbove } from '../../generators/config.js';
import { posixPath } from '../../generators/core/files.js';
import { ROOT } from './root.js';

/** The templates init writes (shipped in the package). */
const TEMPLATES = path.join(ROOT, 'scripts', 'init');
/** Where the starter spec goes when the folder has none. */
export const STARTER_SPEC = 'spec/openapi.yaml';
export const WORKFLOW = '.github/workflows/contract-kit.yml';
const SPECTRAL_FILES = ['.spectral.yaml', '.spectral.yml', '.spectral.json', '.spectral.js', '.spectral.mjs'];
/** Folders never searched for a spec: installed packages, outputs, VCS and caches. */
const NOT_SEARCHED = new Set(['node_modules', '.git', 'generated', 'dist', '.cache', 'coverage', 'build']);

/** The package scripts init adds: each toolkit command under its own name. */
export const SCRIPTS: Record<string, string> = {
  generate: 'contract-kit generate',
  lint: 'contract-kit lint',
  docs: 'contract-kit docs',
  mock: 'contract-kit mock',
  dev: 'contract-kit dev',
  'check:generated': 'contract-kit check:generated',
  'check:breaking': 'contract-kit check:breaking',
  'check:roundtrip': 'contract-kit check:roundtrip',
  'test:contract': 'contract-kit test:contract',
};

/** The lines .gitignore gets: installed packages, the round trip's scratch folders, the docs pages. */
export const GITIGNORE_LINES = ['node_modules/', '.cache/', 'dist/'];

export class InitError extends Error {}

export interface InitReport {
  /** The spec the config names, and how init came to it. */
  spec?: { path: string; how: 'given' | 'found' | 'written' | 'in the config' };
  /** Files created. */
  written: string[];
  /** Files that existed and got something added: the file and what. */
  added: Array<{ file: string; what: string }>;
  /** What existed and was left alone, with why. */
  kept: Array<{ file: string; why: string }>;
  /** What the user should know about where it was set up (a project above, a workflow git will not run). */
  notes: string[];
}

/** Sets `dir` up; `spec` is a path from `dir`; `version` is contract-kit's, for the devDependency. */
export async function initProject(
  dir: string,
  options: { spec?: string; version: string },
): Promise<InitReport> {
  const report: InitReport = { written: [], added: [], kept: [], notes: [] };
  const existingConfig = CONFIG_FILES.find((name) => existsSync(path.join(dir, name)));
  const above = existingConfig ? undefined : configAbove(dir);
  // Said, not refused: a monorepo's packages each have a project of their own.
  if (above)
    report.notes.push(
      `${path.relative(dir, above)} already sets up ${path.dirname(above)}; this sets up ${dir} as a project of its own (to use that one, run contract-kit from ${path.dirname(above)} and remove what this wrote)`,
    );
  let spec: InitReport['spec'];
  if (options.spec !== undefined) {
    if (!existsSync(path.resolve(dir, options.spec)))
      throw new InitError(`--spec ${options.spec}: no such file in ${dir}`);
    spec = { path: posixPath(path.relative(dir, path.resolve(dir, options.spec))), how: 'given' };
  } else if (!existingConfig) {
    const found = findSpecs(dir);
    if (found.length > 1)
      throw new InitError(
        `found ${found.length} OpenAPI documents (${found.join(', ')}); name the one to start with: --spec PATH`,
      );
    spec = found.length === 1 ? { path: found[0], how: 'found' } : { path: STARTER_SPEC, how: 'written' };
  }
  const manifest = await readManifest(dir);
  // Everything is decided before anything is written: a refusal above leaves the folder as it was.
  if (spec?.how === 'written') await create(dir, STARTER_SPEC, template('openapi.yaml'), report);

  if (existingConfig) {
    report.kept.push({ file: existingConfig, why: 'exists (it names the documents)' });
    spec ??= { path: existingConfig, how: 'in the config' };
  } else
    await create(
      dir,
      'contract-kit.config.ts',
      template('contract-kit.config.ts.template').replace('{{spec}}', spec!.path),
      report,
    );

  const ruleset = SPECTRAL_FILES.find((name) => existsSync(path.join(dir, name)));
  if (ruleset) report.kept.push({ file: ruleset, why: 'exists' });
  else await create(dir, '.spectral.yaml', template('spectral.yaml'), report);

  await packageJson(dir, manifest, options.version, report);

  const gitRoot = gitRootOf(dir);
  if (existsSync(path.join(dir, WORKFLOW))) report.kept.push({ file: WORKFLOW, why: 'exists' });
  else {
    await create(
      dir,
      WORKFLOW,
      template('workflow.yml').replace('{{branch}}', currentBranch(gitRoot ?? dir)),
      report,
    );
    if (gitRoot && path.resolve(gitRoot) !== path.resolve(dir))
      report.notes.push(
        `GitHub runs only the workflows in ${path.join(gitRoot, '.github', 'workflows')}: move ${WORKFLOW} there and give its job \`defaults: { run: { working-directory: ${posixPath(path.relative(gitRoot, dir))} } }\``,
      );
  }

  await gitignore(dir, report);
  return { ...report, spec };
}

/** OpenAPI 3 documents under `dir` (three levels deep at most), as paths from it, sorted. */
export function findSpecs(dir: string, depth = 3): string[] {
  const found: string[] = [];
  const walk = (folder: string, level: number) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (level < depth && !NOT_SEARCHED.has(entry.name)) walk(file, level + 1);
      } else if (/\.(ya?ml|json)$/i.test(entry.name) && isOpenApi(file))
        found.push(posixPath(path.relative(dir, file)));
    }
  };
  walk(dir, 1);
  return found.sort();
}

/** An OpenAPI 3.x document: its `openapi: 3.…` key near the top (YAML or JSON). */
function isOpenApi(file: string): boolean {
  const head = readFileSync(file, 'utf8').slice(0, 4096);
  return /^\s*["']?openapi["']?\s*:\s*["']?3\.\d/m.test(head) || /"openapi"\s*:\s*"3\.\d/.test(head);
}

function template(name: string): string {
  return readFileSync(path.join(TEMPLATES, name), 'utf8');
}

async function create(dir: string, file: string, content: string, report: InitReport): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  // `wx`: never replaces a file, even one made since the check above.
  await writeFile(path.join(dir, file), content, { flag: 'wx' });
  report.written.push(file);
}

interface Manifest {
  text: string;
  value: Record<string, unknown>;
}

/** The folder's package.json, read and parsed (undefined where there is none). */
async function readManifest(dir: string): Promise<Manifest | undefined> {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  const text = await readFile(file, 'utf8');
  try {
    return { text, value: JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    throw new InitError(
      `package.json does not parse (${(error as Error).message}); fix it, then run init again`,
    );
  }
}

/** The scripts and the devDependency, added to package.json where missing (a new one if there is none). */
async function packageJson(
  dir: string,
  existing: Manifest | undefined,
  version: string,
  report: InitReport,
): Promise<void> {
  const file = path.join(dir, 'package.json');
  if (!existing) {
    const manifest = {
      name:
        path
          .basename(path.resolve(dir))
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, '-')
          .replace(/^[._-]+|-+$/g, '') || 'api',
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: SCRIPTS,
      devDependencies: { 'contract-kit': `^${version}` },
    };
    await create(dir, 'package.json', `${JSON.stringify(manifest, null, 2)}\n`, report);
    return;
  }
  const { text, value: manifest } = existing;
  // The generated TypeScript is ES modules (import.meta, top-level await): tsc and tsx read a file
  // under "type": "commonjs" (npm 11's `npm init -y` writes it) as CommonJS and refuse them. The
  // project's own .js files may be CommonJS, so init says so rather than changing it.
  if (manifest.type !== 'module')
    report.kept.push({
      file: 'package.json "type"',
      why: `is ${manifest.type === undefined ? 'not set' : JSON.stringify(manifest.type)}, but the generated TypeScript is ES modules: \`npm pkg set type=module\` (or compile generated/ as ES modules)`,
    });
  const scripts = { ...((manifest.scripts as Record<string, string> | undefined) ?? {}) };
  const addedScripts: string[] = [];
  for (const [name, command] of Object.entries(SCRIPTS)) {
    if (scripts[name] === undefined) {
      scripts[name] = command;
      addedScripts.push(name);
    } else if (scripts[name] !== command)
      report.kept.push({
        file: `package.json scripts.${name}`,
        why: `exists ("${scripts[name]}"); \`npx contract-kit ${name}\` runs the toolkit's`,
      });
  }
  const dependencies = ['dependencies', 'devDependencies'].some(
    (key) => (manifest[key] as Record<string, string> | undefined)?.['contract-kit'] !== undefined,
  );
  if (addedScripts.length === 0 && dependencies) {
    report.kept.push({ file: 'package.json', why: 'has the scripts and contract-kit already' });
    return;
  }
  const updated: Record<string, unknown> = { ...manifest, scripts };
  if (!dependencies)
    updated.devDependencies = {
      ...((manifest.devDependencies as Record<string, string> | undefined) ?? {}),
      'contract-kit': `^${version}`,
    };
  // The file's own indentation and final newline are kept.
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  await writeFile(file, `${JSON.stringify(updated, null, indent)}${text.endsWith('\n') ? '\n' : ''}`);
  if (addedScripts.length > 0)
    report.added.push({ file: 'package.json', what: `scripts ${addedScripts.join(', ')}` });
  if (!dependencies)
    report.added.push({ file: 'package.json', what: `devDependencies contract-kit ^${version}` });
}

async function gitignore(dir: string, report: InitReport): Promise<void> {
  const file = path.join(dir, '.gitignore');
  if (!existsSync(file)) {
    await create(dir, '.gitignore', `${GITIGNORE_LINES.join('\n')}\n`, report);
    return;
  }
  const text = await readFile(file, 'utf8');
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const missing = GITIGNORE_LINES.filter(
    (line) => !present.has(line) && !present.has(line.replace(/\/$/, '')),
  );
  if (missing.length === 0) {
    report.kept.push({ file: '.gitignore', why: `has ${GITIGNORE_LINES.join(', ')} already` });
    return;
  }
  await writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${missing.join('\n')}\n`);
  report.added.push({ file: '.gitignore', what: missing.join(', ') });
}

/** The branch checked out in `dir` (read from .git/HEAD), for the workflow's push trigger; else main. */
/** The working tree's top folder that holds `dir` (where `.git` is), or undefined outside one. */
function gitRootOf(dir: string): string | undefined {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, '.git'))) return folder;
    if (path.dirname(folder) === folder) return undefined;
  }
}

function currentBranch(dir: string): string {
  try {
    return (
      /^ref: refs\/heads\/(\S+)/.exec(readFileSync(path.join(dir, '.git', 'HEAD'), 'utf8'))?.[1] ?? 'main'
    );
  } catch {
    return 'main';
  }
}
