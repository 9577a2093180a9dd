/**
 * The drift gate: `check:generated` fails on a hand edit in generated/, names what generate removes
 * and what it does not, and passes after regenerating; a spec it cannot generate is exit 2, not
 * drift. Starts: the contract-kit command line.
 */
import { execFile } from 'node:child_process';
import { appendFile, copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractKitArgs } from '../../../scripts/lib/processes.js';

let copy: string;
beforeAll(async () => {
  copy = path.join(await mkdtemp(path.join(tmpdir(), 'drift-')), 'generated');
  await cp(path.resolve('generated'), copy, { recursive: true });
});
afterAll(async () => {
  await rm(path.dirname(copy), { recursive: true, force: true });
});

const runIn = (cwd: string, command: string, ...args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) =>
    execFile(process.execPath, contractKitArgs(command, ...args), { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
const run = (command: string, ...args: string[]) => runIn(process.cwd(), command, ...args);

describe('check:generated', () => {
  it('fails with a readable diff on a hand edit, and passes after regenerating', async () => {
    await appendFile(path.join(copy, 'client', 'src', 'index.ts'), 'export const handEdited = true;\n');
    // A file the last generation recorded and no longer makes (a plugin's, of any type), and one of the user's.
    const provenance = path.join(copy, 'provenance.json');
    const record = JSON.parse(await readFile(provenance, 'utf8')) as { files: string[] };
    await writeFile(
      provenance,
      JSON.stringify({ ...record, files: [...record.files, 'client/src/old.go'] }, null, 2),
    );
    await writeFile(path.join(copy, 'client', 'src', 'old.go'), 'package old\n');
    await writeFile(path.join(copy, 'client', 'src', 'mine.ts'), 'export {};\n');
    const drifted = await run('check:generated', '--out', copy);
    expect(drifted.code).toBe(1);
    expect(drifted.output).toContain(`differs: ${copy}/client/src/index.ts`);
    expect(drifted.output).toContain('+export const handEdited = true;');
    expect(drifted.output).toContain(
      `extra:   ${copy}/client/src/old.go (no longer produced by the spec: generate removes it)`,
    );
    expect(drifted.output).toContain(
      `extra:   ${copy}/client/src/mine.ts (not produced by the spec, and not generate's to remove: delete it, or have git ignore it)`,
    );
    expect(drifted.output).toMatch(
      /Run `npm run generate`, delete the 1 extra file\(s\) generate did not make and commit/,
    );
    await run('generate', '--out', copy);
    expect(existsSync(path.join(copy, 'client', 'src', 'old.go'))).toBe(false);
    expect(existsSync(path.join(copy, 'client', 'src', 'mine.ts'))).toBe(true);
    await rm(path.join(copy, 'client', 'src', 'mine.ts'));
    const regenerated = await run('check:generated', '--out', copy);
    expect(regenerated.code, regenerated.output).toBe(0);
    // Three generations in child processes: 38 s in CI beside two other tiers, more on a busier machine.
  }, 180_000);

  it("says a plugin whose output two generations disagree on can never match, instead of 'run generate'", async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'drift-clock-'));
    try {
      await mkdir(path.join(project, 'plugins'));
      await copyFile(path.resolve('test/fixtures/specs/widgets-3.0.yaml'), path.join(project, 'api.yaml'));
      const toolkit = JSON.stringify(path.resolve('generators/index.ts'));
      await writeFile(
        path.join(project, 'plugins', 'clock.ts'),
        `import { definePlugin } from ${toolkit};
export default definePlugin({
  name: 'clock',
  description: 'writes when it ran',
  proves: 'none: a test of the drift gate',
  generate: () => ({ files: [{ path: 'clock/now.txt', content: \`\${process.hrtime.bigint()}\\n\` }] }),
});
`,
      );
      await writeFile(
        path.join(project, 'contract-kit.config.ts'),
        `import { defineConfig } from ${toolkit};
export default defineConfig({ documents: [{ spec: 'api.yaml', output: 'generated', plugins: ['./plugins/clock.ts'] }] });
`,
      );
      expect((await runIn(project, 'generate')).code).toBe(0);
      const drifted = await runIn(project, 'check:generated');
      expect(drifted.code, drifted.output).toBe(1);
      expect(drifted.output).toContain('differs: generated/clock/now.txt');
      expect(drifted.output).toContain(
        'check:generated: generated/ can never match api.yaml: two generations of it differ in generated/clock/now.txt. The plugin writing it depends on more than the spec and its options',
      );
      expect(drifted.output).not.toContain('Run `npm run generate` and commit');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits 2 with one line, not a stack, when it cannot generate the spec', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'drift-broken-'));
    try {
      await writeFile(
        path.join(project, 'contract-kit.config.json'),
        JSON.stringify({ documents: [{ spec: 'api.yaml', output: 'generated' }] }),
      );
      await writeFile(
        path.join(project, 'api.yaml'),
        'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {/a: [\n',
      );
      const broken = await runIn(project, 'check:generated');
      expect(broken.code, broken.output).toBe(2);
      expect(broken.output.trim().split('\n')).toHaveLength(1);
      expect(broken.output).toMatch(
        /^check:generated: api\.yaml:\d+:\d+: .*\(the check could not generate it\)$/m,
      );
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }, 60_000);
});
