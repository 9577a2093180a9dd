/**
 * `npm run dev`, driven as a designer's editor would drive it: saves in place, saves that replace
 * the file by renaming (sed -i, JetBrains safe-write), vim's backup-then-write, delete and
 * re-create, edits of a $ref'd file of a split spec, broken $refs and broken YAML. Each save must
 * start a cycle; each report must name only files whose bytes changed; errors name file:line:col.
 */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../generators/core/files.js';
import { configuredDocuments, generate, regenerateCommand } from '../../../generators/pipeline.js';
import { DevLoop, type CycleReport, type DevOptions } from '../../../scripts/lib/dev-loop.js';
import { HOME_STEPS } from '../../../scripts/lib/home-steps.js';
import { freePort, contractKitArgs } from '../../../scripts/lib/processes.js';

const SPEC_TEXT = await readFile('spec/openapi.yaml', 'utf8');
const dirs: string[] = [];
const loops: DevLoop[] = [];

interface Driven {
  loop: DevLoop;
  dir: string;
  spec: string;
  out: string;
  lines: string[];
  reports: CycleReport[];
  /** Runs the save, then waits for the first cycle report after it that satisfies `until`. */
  save: (write: () => Promise<void>, until?: (report: CycleReport) => boolean) => Promise<CycleReport>;
}

async function drive(
  files: Record<string, string>,
  options: Partial<DevOptions> = {},
  prepare?: (dir: string) => Promise<void>,
): Promise<Driven> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dev-loop-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const spec = path.join(dir, Object.keys(files)[0]);
  const out = path.join(dir, 'out');
  await prepare?.(dir);
  const lines: string[] = [];
  const reports: CycleReport[] = [];
  const loop = new DevLoop({
    spec,
    out,
    docsFile: path.join(dir, 'docs', 'index.html'),
    mockPort: await freePort(),
    feedbackOnly: true,
    log: (line) => lines.push(line),
    ...options,
  });
  loops.push(loop);
  loop.onCycle((report) => reports.push(report));
  await loop.start();
  const save = async (write: () => Promise<void>, until: (report: CycleReport) => boolean = () => true) => {
    // From a quiet loop: the last save's docs and mock reload are done, and its cycles are not counted as this one's.
    await loop.idle();
    const from = reports.length;
    await write();
    const started = Date.now();
    for (;;) {
      const found = reports.slice(from).find(until);
      if (found) return found;
      // A cycle is seconds; a loaded CI machine (three test tiers on two cores) makes it tens.
      if (Date.now() - started > 90_000)
        throw new Error(
          `no matching cycle after the save (${reports.length - from} other cycles):\n${lines.slice(-30).join('\n')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { loop, dir, spec, out, lines, reports, save };
}

/** sed -i and JetBrains: write a temporary file beside the target, then rename it over the target. */
async function renameReplace(file: string, text: string): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.tmp${Math.random().toString(36).slice(2)}`,
  );
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** vim (writebackup): rename the original to a backup, write a new file, delete the backup. */
async function vimSave(file: string, text: string): Promise<void> {
  await rename(file, `${file}~`);
  await writeFile(file, text);
  await unlink(`${file}~`);
}

/** The line and column (from 1) where `needle` starts in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of await listFiles(dir)) files.set(file, await readFile(path.join(dir, file), 'utf8'));
  return files;
}

/** The files whose bytes differ between two snapshots, as the report would list them. */
function difference(before: Map<string, string>, after: Map<string, string>) {
  return {
    added: [...after.keys()].filter((file) => !before.has(file)).sort(),
    changed: [...after.keys()]
      .filter((file) => before.has(file) && before.get(file) !== after.get(file))
      .sort(),
    removed: [...before.keys()].filter((file) => !after.has(file)).sort(),
  };
}

const summaryEdit = (n: number) =>
  SPEC_TEXT.replace('summary: List subjects', `summary: List subjects (edit ${n})`);
/** A cycle that regenerated a summary edit (the summary is in the mock's copy of the spec). */
const edited = (_n: number) => (report: CycleReport) =>
  !report.broken && report.changed.includes(path.join('mock', 'openapi.json'));

afterAll(async () => {
  await Promise.all(loops.map((loop) => loop.stop()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('npm run dev on our spec, serving the docs and the mock', () => {
  let driven: Driven;
  let mockUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    mockUrl = `http://127.0.0.1:${port}`;
    driven = await drive({ 'openapi.yaml': SPEC_TEXT }, { mockPort: port, feedbackOnly: false });
  }, 240_000);

  it('regenerates on a one-line edit, lists exactly the files whose bytes changed, and reloads the mock', async () => {
    await driven.loop.idle();
    const before = await snapshot(driven.out);
    const at = SPEC_TEXT.indexOf('      summary: A subject with a completed assessment\n');
    const text =
      SPEC_TEXT.slice(0, at) + SPEC_TEXT.slice(at).replace('cohort: spring_pilot', 'cohort: autumn_pilot');
    const cycle = await driven.save(() => writeFile(driven.spec, text));
    expect(cycle.broken).toBeUndefined();
    const truth = difference(before, await snapshot(driven.out));
    expect({
      added: cycle.added.sort(),
      changed: cycle.changed.sort(),
      removed: cycle.removed.sort(),
    }).toEqual(truth);
    expect(cycle.changed).toContain(path.join('mock', 'openapi.json'));
    expect(cycle.changed.some((file) => file.startsWith('sdks'))).toBe(false);
    expect(driven.lines.some((line) => /^regenerate\s+\d+ ms\s+changed /.test(line))).toBe(true);
    expect(driven.lines.some((line) => /^lint\s+\d+ ms\s+0 error\(s\)/.test(line))).toBe(true);
    await expect
      .poll(async () => (await (await fetch(`${mockUrl}/v1/nature/subjects/any`)).json()).metadata, {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual({ cohort: 'autumn_pilot' });
    await expect
      .poll(() => driven.lines.some((line) => /^docs\s+\d+ ms/.test(line)), { timeout: 60_000 })
      .toBe(true);
  }, 240_000);
});

describe('npm run dev started on a spec that does not parse', () => {
  it('starts the mock on the first save that generates, and times the docs and the mock by their work', async () => {
    // Before, only the first cycle started the mock: started broken over the output of an earlier
    // run, the loop said it was "still serving" while nothing listened, and the fix changed no file
    // of mock/, so nothing started it.
    const port = await freePort();
    const good = await readFile('test/fixtures/specs/paging-3.1.yaml', 'utf8');
    const broken = 'openapi: 3.1.0\ninfo: [\n';
    const driven = await drive(
      { 'openapi.yaml': broken },
      { mockPort: port, feedbackOnly: false },
      async (dir) => {
        const spec = path.join(dir, 'openapi.yaml');
        const out = path.join(dir, 'out');
        await writeFile(spec, good);
        const command = regenerateCommand(spec, out, await configuredDocuments());
        await generate({ spec, out, command, write: true, log: () => {} });
        await writeFile(spec, broken);
      },
    );
    expect(driven.reports.at(-1)?.broken).toMatch(/YAML does not parse/);
    // After lint's lines: the reason is the last thing on the screen.
    // Nothing generated in this loop yet: nothing is served (the walk on a stale exclude read "still serving").
    expect(driven.lines.at(-1)).toMatch(
      /^dev: \S+ does not generate yet, so nothing is served; the first save that does starts everything: /,
    );
    const fixed = await driven.save(
      () => writeFile(driven.spec, good),
      (report) => !report.broken,
    );
    expect([...fixed.added, ...fixed.changed, ...fixed.removed]).toEqual([]);
    expect(driven.lines).toContain(`dev: ${driven.spec} generates again`);
    const status = async () =>
      (await fetch(`http://127.0.0.1:${port}/offset-items`).catch(() => undefined))?.status;
    await expect.poll(status, { timeout: 60_000, interval: 250 }).toBe(200);
    await driven.loop.idle();
    // Each took seconds; printed as 0 ms before (the time was taken before the await).
    for (const step of ['docs', 'mock'])
      expect(
        Number(driven.lines.find((line) => line.startsWith(`${step} `))?.match(/(\d+) ms/)?.[1]),
      ).toBeGreaterThan(0);
  }, 240_000);
});

// The saves below are about seeing saves and reporting broken ones, which the docs build and the
// mock reload do not change: a loop without them (each cost a Redocly build and a Prism start).
describe('npm run dev on our spec', () => {
  let driven: Driven;
  beforeAll(async () => {
    driven = await drive({ 'openapi.yaml': SPEC_TEXT });
  }, 240_000);

  it('keeps seeing saves after rename-replace saves (sed -i, JetBrains safe-write)', async () => {
    for (const n of [1, 2, 3]) {
      const cycle = await driven.save(() => renameReplace(driven.spec, summaryEdit(n)), edited(n));
      expect(cycle.broken).toBeUndefined();
      expect(await readFile(path.join(driven.out, 'mock', 'openapi.json'), 'utf8')).toContain(
        `List subjects (edit ${n})`,
      );
    }
  }, 240_000);

  it("keeps seeing saves after vim's backup-and-write saves", async () => {
    for (const n of [4, 5]) {
      await driven.save(() => vimSave(driven.spec, summaryEdit(n)), edited(n));
      expect(await readFile(path.join(driven.out, 'mock', 'openapi.json'), 'utf8')).toContain(
        `List subjects (edit ${n})`,
      );
    }
  }, 240_000);

  it('keeps seeing saves after the spec is deleted and created again (git checkout)', async () => {
    await driven.save(async () => {
      await unlink(driven.spec);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writeFile(driven.spec, summaryEdit(6));
    }, edited(6));
    await driven.save(() => writeFile(driven.spec, summaryEdit(7)), edited(7));
    expect(await readFile(path.join(driven.out, 'mock', 'openapi.json'), 'utf8')).toContain(
      'List subjects (edit 7)',
    );
  }, 240_000);

  it('names file:line:col and the missing target of a broken $ref, lints the broken save, and keeps the last good output', async () => {
    await driven.loop.idle();
    const good = await snapshot(driven.out);
    const broken = SPEC_TEXT.replace(
      "consent_artifact: { $ref: '#/components/schemas/ConsentArtifact' }",
      "consent_artifact: { $ref: '#/components/schemas/ConsentRecord' }",
    );
    expect(broken).not.toBe(SPEC_TEXT);
    const { line, column } = positionOf(broken, "'#/components/schemas/ConsentRecord'");
    const cycle = await driven.save(
      () => writeFile(driven.spec, broken),
      (report) => Boolean(report.broken),
    );
    expect(cycle.broken).toBe(
      `${driven.spec}:${line}:${column}: '#/components/schemas/ConsentRecord' does not exist (at #/components/schemas/SubjectCreate/properties/consent_artifact/$ref)`,
    );
    expect(driven.lines).toContain(`dev: broken save, still serving the last good output: ${cycle.broken}`);
    // Lint ran on the broken save and points at the same place.
    const invalidRef = cycle.findings.find((finding) => finding.rule === 'invalid-ref');
    expect(invalidRef).toMatchObject({
      line,
      column,
      message: "'#/components/schemas/ConsentRecord' does not exist",
    });
    expect(difference(good, await snapshot(driven.out))).toEqual({ added: [], changed: [], removed: [] });
  }, 240_000);

  it('names file:line:col of YAML that does not parse', async () => {
    const cycle = await driven.save(
      () => writeFile(driven.spec, 'openapi: 3.1.0\ninfo:\n  title: [broken\n'),
      (report) => Boolean(report.broken),
    );
    expect(cycle.broken).toMatch(
      new RegExp(`^${driven.spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: YAML does not parse: `),
    );
    expect(cycle.findings.some((finding) => finding.severity === 'error')).toBe(true);
  }, 240_000);
});

describe('npm run dev on a split spec', () => {
  it('watches the $ref’d files and sees rename-replace saves of them', async () => {
    const [root, schemas] = await Promise.all(
      ['openapi.yaml', 'schemas.yaml'].map((name) =>
        readFile(path.join('test/fixtures/split', name), 'utf8'),
      ),
    );
    const driven = await drive({ 'openapi.yaml': root, 'schemas.yaml': schemas });
    const modelFile = path.join(driven.out, 'types', 'openapi.ts');
    expect(await readFile(modelFile, 'utf8')).not.toContain('pinned');
    for (const [n, save] of [
      [1, renameReplace],
      [2, vimSave],
      [3, (file: string, text: string) => writeFile(file, text)],
    ] as const) {
      const text = schemas.replace(
        'text: { type: string }',
        `text: { type: string }\n    pinned${n}: { type: boolean }`,
      );
      const cycle = await driven.save(
        () => save(path.join(driven.dir, 'schemas.yaml'), text),
        (report) => report.changed.includes(path.join('types', 'openapi.ts')),
      );
      expect(cycle.broken).toBeUndefined();
      expect(await readFile(modelFile, 'utf8')).toContain(`pinned${n}`);
    }
    // The file that was saved, not the spec (a ruleset's save read "dev: openapi.yaml changed").
    expect(driven.lines).toContain(
      `dev: ${path.relative(process.cwd(), path.join(driven.dir, 'schemas.yaml'))} changed`,
    );
    // A $ref to a schema the file does not have: file:line:col of the $ref and what is missing.
    const brokenRoot = root.replace("'./schemas.yaml#/Note'", "'./schemas.yaml#/Nope'");
    const { line, column } = positionOf(brokenRoot, "{ $ref: './schemas.yaml#/Nope' }");
    const cycle = await driven.save(
      () => writeFile(driven.spec, brokenRoot),
      (report) => Boolean(report.broken),
    );
    expect(cycle.broken).toMatch(
      new RegExp(
        `^${path.relative(process.cwd(), driven.spec).replace(/\./g, '\\.')}:${line}:${column}: '\\./schemas\\.yaml#/Nope' does not exist`,
      ),
    );
  }, 300_000);
});

describe('npm run dev and its config file', () => {
  it('says that an edit of the config takes a restart, once per save', async () => {
    const widgets = await readFile('test/fixtures/specs/widgets-3.0.yaml', 'utf8');
    let config = '';
    const driven = await drive(
      { 'openapi.yaml': widgets, 'contract-kit.config.ts': '// the config\n' },
      {},
      async (dir) => {
        config = path.join(dir, 'contract-kit.config.ts');
      },
    );
    // drive() gave no configFile: a second loop on the same folder, told where its config is.
    await driven.loop.stop();
    const lines: string[] = [];
    const loop = new DevLoop({
      spec: driven.spec,
      out: driven.out,
      docsFile: path.join(driven.dir, 'docs', 'index.html'),
      mockPort: await freePort(),
      feedbackOnly: true,
      configFile: config,
      log: (line) => lines.push(line),
    });
    loops.push(loop);
    await loop.start();
    await renameReplace(config, '// the config, edited\n');
    const said = `dev: ${path.relative(process.cwd(), config)} changed; dev reads the config and its plugin files once, when it starts: stop it (Ctrl-C) and start it again to use the change`;
    for (let waited = 0; !lines.includes(said) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((line) => line === said)).toHaveLength(1);
  }, 240_000);
});

describe('npm run dev on a document without the mock-document plugin', () => {
  it('says the mock is not served and why, instead of a failure with no reason', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'dev-no-mock-'));
    dirs.push(project);
    await cp('test/fixtures/specs/widgets-3.0.yaml', path.join(project, 'openapi.yaml'));
    await writeFile(
      path.join(project, 'contract-kit.config.json'),
      JSON.stringify({ documents: [{ spec: 'openapi.yaml', output: 'generated', plugins: ['types'] }] }),
    );
    const child = spawn(process.execPath, contractKitArgs('dev'), {
      cwd: project,
      env: { ...process.env, MOCK_PORT: String(await freePort()), NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      for (let waited = 0; !/^mock .*$/m.test(output) && waited < 120_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toMatch(
        /^mock +\d+ ms +not served: no generated\/mock\/openapi\.json, which the mock-document plugin writes; add it to the document's plugins for a mock \(`contract-kit mock` makes its own\)$/m,
      );
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('close', resolve));
    }
  }, 180_000);
});

describe('npm run dev next to a full `npm run generate` output', () => {
  it('starting leaves the output byte for byte as generate made it; an edit names the SDKs stale with the command, and unimplemented operations one line each', async () => {
    const driven = await drive(
      { 'openapi.yaml': SPEC_TEXT },
      { implementedOperations: HOME_STEPS.serviceHandlers },
      async (dir) => {
        const spec = path.join(dir, 'openapi.yaml');
        const out = path.join(dir, 'out');
        // What `npm run generate -- --sdks` writes: the openapi-generator SDKs too, which the loop does not refresh.
        await generate({
          spec,
          out,
          command: regenerateCommand(spec, out, await configuredDocuments()),
          write: true,
          include: ['sdks'],
          log: () => {},
        });
        await cp(out, path.join(dir, 'generated-by-generate'), { recursive: true });
      },
    );
    const [start] = driven.reports;
    expect({ added: start.added, changed: start.changed, removed: start.removed }).toEqual({
      added: [],
      changed: [],
      removed: [],
    });
    expect(
      difference(await snapshot(path.join(driven.dir, 'generated-by-generate')), await snapshot(driven.out)),
    ).toEqual({ added: [], changed: [], removed: [] });
    expect(start.stale).toEqual([]);
    expect(start.unimplemented).toEqual([]);

    // A new operation: the loop names it (the service has no handler), and the SDKs as stale.
    const text = SPEC_TEXT.replace(
      '  /v1/nature/subjects:\n',
      `  /v1/nature/foos:\n    post:\n      operationId: createFoo\n      summary: Create a foo\n      responses:\n        '204': { description: Created. }\n  /v1/nature/subjects:\n`,
    );
    expect(text).not.toBe(SPEC_TEXT);
    const cycle = await driven.save(
      () => writeFile(driven.spec, text),
      (report) => !report.broken,
    );
    expect(cycle.unimplemented).toEqual(['createFoo']);
    expect(driven.lines).toContain('createFoo: no handler in service/handlers.ts; the service answers 501');
    expect(cycle.stale.map((output) => output.root)).toEqual(['sdks/']);
    const command = regenerateCommand(driven.spec, driven.out, await configuredDocuments());
    expect(
      driven.lines.some(
        (line) =>
          line.startsWith(`stale: ${path.join(driven.out, 'sdks/')}`) &&
          line.includes(`\`${command}\` refreshes it`),
      ),
    ).toBe(true);
    expect(cycle.changed.some((file) => file.startsWith('sdks'))).toBe(false);
    expect(cycle.removed).toEqual([]);

    // Still stale on the next cycle (nothing refreshed the SDKs), and not after a full generate.
    const next = await driven.save(
      () => writeFile(driven.spec, text.replace('summary: Create a foo', 'summary: Create a foo, again')),
      (report) => !report.broken,
    );
    expect(next.stale.map((output) => output.root)).toEqual(['sdks/']);
    await driven.loop.stop();
    const full = await generate({
      spec: driven.spec,
      out: driven.out,
      command,
      write: true,
      include: ['sdks'],
      log: () => {},
    });
    expect(full.stale).toEqual([]);
    expect(
      JSON.parse(await readFile(path.join(driven.out, 'provenance.json'), 'utf8')).stale,
    ).toBeUndefined();
  }, 300_000);
});

describe('npm run generate and npm run lint on a broken $ref', () => {
  it('print file:line:col and the missing target, without a stack trace', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dev-broken-'));
    dirs.push(dir);
    const spec = path.join(dir, 'openapi.yaml');
    const broken = SPEC_TEXT.replace(
      "consent_artifact: { $ref: '#/components/schemas/ConsentArtifact' }",
      "consent_artifact: { $ref: '#/components/schemas/ConsentRecord' }",
    );
    await writeFile(spec, broken);
    const { line, column } = positionOf(broken, "'#/components/schemas/ConsentRecord'");
    const run = (command: string, ...args: string[]) =>
      promisify(execFile)(process.execPath, contractKitArgs(command, ...args), {
        env: { ...process.env, NO_COLOR: '1' },
      }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const [generated, linted] = await Promise.all([
      run('generate', '--spec', spec, '--out', path.join(dir, 'out'), '--skip-sdks'),
      run('lint', spec),
    ]);
    expect(generated.code).toBe(1);
    expect(generated.stderr.trim()).toBe(
      `error: ${spec}:${line}:${column}: '#/components/schemas/ConsentRecord' does not exist (at #/components/schemas/SubjectCreate/properties/consent_artifact/$ref)`,
    );
    expect(linted.code).toBe(1);
    const where = path.relative(process.cwd(), spec);
    // Both linters find it; it is printed once, naming both rules.
    expect(linted.stdout).toContain(
      `${where}:${line}:${column} error invalid-ref (also redocly no-unresolved-refs) '#/components/schemas/ConsentRecord' does not exist`,
    );
    expect(linted.stdout).not.toMatch(/ error no-unresolved-refs /);
    expect(`${generated.stderr}${linted.stderr}`).not.toMatch(/\n\s+at /);
  }, 240_000);
});
