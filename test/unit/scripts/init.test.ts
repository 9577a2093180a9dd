/**
 * `contract-kit init` (scripts/lib/init.ts) on real folders: an empty one, one run twice, an
 * existing repository with files of its own, one with several specs. Init writes only what is
 * missing, never a byte of what exists, and refuses before writing anything. The starter spec it
 * writes lints clean with the ruleset it writes, and generates. Files in temporary folders only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkConfig } from '../../../generators/config.js';
import { defaultPluginsFor, generate } from '../../../generators/pipeline.js';
import {
  GITIGNORE_LINES,
  initProject,
  InitError,
  SCRIPTS,
  STARTER_SPEC,
  WORKFLOW,
} from '../../../scripts/lib/init.js';
import { RedoclyLinter, SpectralLinter } from '../../../scripts/lib/lint.js';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function folder(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'init-'));
  folders.push(dir);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}

/** Every file under `dir`, path -> bytes as text. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else files[path.relative(dir, file)] = readFileSync(file, 'utf8');
    }
  };
  walk(dir);
  return files;
}

const SPEC = 'openapi: 3.1.0\ninfo: { title: Mine, version: 1.0.0 }\npaths: {}\n';

describe('init in an empty folder', () => {
  it('writes a starter spec, the config naming it, the ruleset, package.json, the workflow and .gitignore', async () => {
    const dir = await folder();
    const report = await initProject(dir, { version: '1.2.3' });
    expect(report.spec).toEqual({ path: STARTER_SPEC, how: 'written' });
    expect(report.written.sort()).toEqual(
      [
        STARTER_SPEC,
        'contract-kit.config.ts',
        '.spectral.yaml',
        'package.json',
        WORKFLOW,
        '.gitignore',
      ].sort(),
    );
    expect(report.kept).toEqual([]);
    const config = readFileSync(path.join(dir, 'contract-kit.config.ts'), 'utf8');
    expect(config).toContain("import { defineConfig } from 'contract-kit';");
    expect(config).toContain(`spec: '${STARTER_SPEC}',`);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(manifest.scripts).toEqual(SCRIPTS);
    expect(manifest.devDependencies).toEqual({ 'contract-kit': '^1.2.3' });
    expect(manifest.private).toBe(true);
    // ES modules, as the generated TypeScript is.
    expect(manifest.type).toBe('module');
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe(`${GITIGNORE_LINES.join('\n')}\n`);
    // The workflow runs the toolkit's gates by their command, after an install.
    const workflow = parse(readFileSync(path.join(dir, WORKFLOW), 'utf8'));
    const runs = workflow.jobs.contract.steps.flatMap((step: { run?: string }) => step.run ?? []);
    expect(runs).toEqual([
      'npm ci',
      'npx contract-kit lint',
      'npx contract-kit check:generated',
      'npx contract-kit check:breaking',
      'npx contract-kit test:contract',
    ]);
    expect(workflow.on.push.branches).toEqual(['main']);
  });

  it('writes a starter spec that lints clean with the ruleset it writes, and generates', async () => {
    const dir = await folder();
    await initProject(dir, { version: '1.0.0' });
    const spec = path.join(dir, STARTER_SPEC);
    const [spectral, redocly] = await Promise.all([
      SpectralLinter.load(path.join(dir, '.spectral.yaml')).then((linter) => linter.run([spec])),
      RedoclyLinter.load(dir).then((linter) => linter.run([spec])),
    ]);
    expect(
      [...spectral.findings, ...redocly.findings].filter((finding) => finding.severity === 'error'),
    ).toEqual([]);
    expect(spectral.findings).toEqual([]);
    const { ir } = await generate({
      spec,
      out: path.join(dir, 'generated'),
      command: 'npm run generate',
      write: false,
      released: false,
      plugins: defaultPluginsFor(),
      log: () => {},
    });
    expect(ir.operations.map((operation) => operation.id)).toEqual([
      'listNotes',
      'createNote',
      'getNote',
      'deleteNote',
    ]);
  }, 60_000);

  it('writes a config the toolkit reads, once contract-kit resolves', async () => {
    const dir = await folder({ 'openapi.yaml': SPEC });
    await initProject(dir, { version: '1.0.0' });
    // The config as written, its package import pointed at this checkout's toolkit.
    const text = readFileSync(path.join(dir, 'contract-kit.config.ts'), 'utf8');
    const documents = [...text.matchAll(/spec: '([^']+)',\s*output: '([^']+)'/g)];
    expect(documents.map((match) => [match[1], match[2]])).toEqual([['openapi.yaml', 'generated']]);
    const config = await checkConfig(
      { documents: documents.map((match) => ({ spec: match[1], output: match[2] })) },
      { file: path.join(dir, 'contract-kit.config.ts'), root: dir },
    );
    expect(config.documents[0].spec).toBe(path.join(dir, 'openapi.yaml'));
  });
});

describe('init run twice', () => {
  it('changes nothing the second time, and says it left each file alone', async () => {
    const dir = await folder({
      'api/openapi.json': JSON.stringify({ openapi: '3.0.3', info: {}, paths: {} }),
    });
    const first = await initProject(dir, { version: '1.0.0' });
    expect(first.spec).toEqual({ path: 'api/openapi.json', how: 'found' });
    const before = snapshot(dir);
    const second = await initProject(dir, { version: '1.0.0' });
    expect(snapshot(dir)).toEqual(before);
    expect(second.written).toEqual([]);
    expect(second.added).toEqual([]);
    expect(second.kept.map((entry) => entry.file)).toEqual([
      'contract-kit.config.ts',
      '.spectral.yaml',
      'package.json',
      WORKFLOW,
      '.gitignore',
    ]);
  });
});

describe('init in an existing repository', () => {
  it('keeps every file and script it finds, lists them, and adds only what is missing', async () => {
    const ownPackage =
      '{\n    "name": "shop",\n    "scripts": {\n        "lint": "eslint .",\n        "test": "vitest"\n    }\n}';
    const files = {
      'openapi.yaml': SPEC,
      'package.json': ownPackage,
      '.spectral.yml': 'extends: [spectral:oas, "@stoplight/spectral-owasp-ruleset"]\n',
      [WORKFLOW]: 'name: mine\n',
      '.gitignore': 'node_modules\n/dist/',
      'node_modules/some-package/openapi.yaml': SPEC,
      'generated/openapi/openapi.yaml': SPEC,
    };
    const dir = await folder(files);
    const report = await initProject(dir, { version: '2.0.0' });
    expect(report.spec).toEqual({ path: 'openapi.yaml', how: 'found' });
    expect(report.written).toEqual(['contract-kit.config.ts']);
    expect(report.kept.map((entry) => entry.file)).toEqual([
      '.spectral.yml',
      'package.json "type"',
      'package.json scripts.lint',
      WORKFLOW,
    ]);
    expect(report.kept[2].why).toContain('"eslint ."');
    // A package that is not ES modules is told how to become one (the generated code is), and left as it is.
    expect(report.kept[1].why).toBe(
      'is not set, but the generated TypeScript is ES modules: `npm pkg set type=module` (or compile generated/ as ES modules)',
    );
    // Files it keeps are byte for byte as they were.
    for (const file of ['openapi.yaml', '.spectral.yml', WORKFLOW])
      expect(readFileSync(path.join(dir, file), 'utf8'), file).toBe(files[file as keyof typeof files]);
    expect(existsSync(path.join(dir, '.spectral.yaml'))).toBe(false);
    // package.json: its own scripts and indentation kept, the toolkit's added, no final newline added.
    const text = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const manifest = JSON.parse(text);
    expect(manifest.scripts.lint).toBe('eslint .');
    expect(manifest.scripts.test).toBe('vitest');
    expect(manifest.scripts.generate).toBe('contract-kit generate');
    expect(manifest.devDependencies).toEqual({ 'contract-kit': '^2.0.0' });
    expect(text).toMatch(/^\{\n {4}"name": "shop",/);
    expect(text.endsWith('}')).toBe(true);
    expect(report.added).toEqual([
      {
        file: 'package.json',
        what: `scripts ${Object.keys(SCRIPTS)
          .filter((name) => name !== 'lint')
          .join(', ')}`,
      },
      { file: 'package.json', what: 'devDependencies contract-kit ^2.0.0' },
      { file: '.gitignore', what: '.cache/' },
    ]);
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n/dist/\n.cache/\n');
  });

  it('adds no devDependency where contract-kit is a dependency already', async () => {
    const dir = await folder({
      'openapi.yaml': SPEC,
      'package.json': JSON.stringify({ name: 'x', dependencies: { 'contract-kit': 'file:../kit.tgz' } }),
    });
    const report = await initProject(dir, { version: '1.0.0' });
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).devDependencies).toBeUndefined();
    expect(report.added.map((entry) => entry.what)).not.toContain('devDependencies contract-kit ^1.0.0');
  });

  it('names the documents it found and writes nothing when there are several', async () => {
    const dir = await folder({
      'spec/public.yaml': SPEC,
      'spec/admin.json': '{"openapi": "3.0.0"}',
      'README.md': 'x',
    });
    const before = snapshot(dir);
    await expect(initProject(dir, { version: '1.0.0' })).rejects.toThrow(
      new InitError(
        'found 2 OpenAPI documents (spec/admin.json, spec/public.yaml); name the one to start with: --spec PATH',
      ),
    );
    expect(snapshot(dir)).toEqual(before);
    // --spec chooses; the config then names it.
    const report = await initProject(dir, { version: '1.0.0', spec: 'spec/admin.json' });
    expect(report.spec).toEqual({ path: 'spec/admin.json', how: 'given' });
    expect(readFileSync(path.join(dir, 'contract-kit.config.ts'), 'utf8')).toContain(
      "spec: 'spec/admin.json',",
    );
  });

  it('refuses a --spec that does not exist, writing nothing', async () => {
    const dir = await folder();
    await expect(initProject(dir, { version: '1.0.0', spec: 'missing.yaml' })).rejects.toThrow(
      /--spec missing\.yaml: no such file/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('in a subfolder of a project, says that a config is above and where GitHub reads workflows', async () => {
    const root = await folder({
      '.git/HEAD': 'ref: refs/heads/trunk\n',
      'contract-kit.config.json': '{"documents": []}\n',
      'api/openapi.yaml': 'openapi: 3.1.0\ninfo: {title: A, version: "1"}\npaths: {}\n',
    });
    const api = path.join(root, 'api');
    const report = await initProject(api, { version: '1.2.3' });
    expect(report.notes).toEqual([
      `${path.join('..', 'contract-kit.config.json')} already sets up ${root}; this sets up ${api} as a project of its own (to use that one, run contract-kit from ${root} and remove what this wrote)`,
      `GitHub runs only the workflows in ${path.join(root, '.github', 'workflows')}: move ${WORKFLOW} there and give its job \`defaults: { run: { working-directory: api } }\``,
    ]);
    // The branch the workflow gates is the repository's, read at its top.
    expect(readFileSync(path.join(api, WORKFLOW), 'utf8')).toContain('trunk');
    const alone = await folder();
    expect((await initProject(alone, { version: '1.2.3' })).notes).toEqual([]);
  });

  it('looks for no spec where a config names the documents', async () => {
    const dir = await folder({
      'contract-kit.config.json': '{"documents":[{"spec":"a.yaml","output":"out"}]}',
      'a.yaml': SPEC,
      'b.yaml': SPEC,
    });
    const report = await initProject(dir, { version: '1.0.0' });
    expect(report.spec).toEqual({ path: 'contract-kit.config.json', how: 'in the config' });
    expect(report.kept[0]).toEqual({
      file: 'contract-kit.config.json',
      why: 'exists (it names the documents)',
    });
    expect(existsSync(path.join(dir, 'contract-kit.config.ts'))).toBe(false);
  });
});
