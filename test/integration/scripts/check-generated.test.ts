/** The drift gate: `check:generated` fails on a hand edit in generated/, and passes after regenerating. */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
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

const run = (command: string, ...args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) =>
    execFile(process.execPath, contractKitArgs(command, ...args), (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );

describe('check:generated', () => {
  it('fails with a readable diff on a hand edit, and passes after regenerating', async () => {
    await appendFile(path.join(copy, 'client', 'src', 'index.ts'), 'export const handEdited = true;\n');
    const drifted = await run('check:generated', '--out', copy);
    expect(drifted.code).toBe(1);
    expect(drifted.output).toContain(`differs: ${copy}/client/src/index.ts`);
    expect(drifted.output).toContain('+export const handEdited = true;');
    expect(drifted.output).toMatch(/Run `npm run generate` and commit/);
    await run('generate', '--out', copy);
    expect((await run('check:generated', '--out', copy)).code).toBe(0);
    // Three generations in child processes: 38 s in CI beside two other tiers, more on a busier machine.
  }, 180_000);
});
