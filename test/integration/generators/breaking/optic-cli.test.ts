/**
 * The in-process Optic judge (test/support/breaking/optic.ts, used by the unit tier's
 * test/unit/generators/breaking/optic.test.ts) agrees with the real `optic diff --check` CLI on one
 * fixture pair, and the recorded verdict for that pair says the same.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES, pair } from '../../../support/breaking/cases.js';

const RECORD = new URL('../../../fixtures/breaking/optic-verdicts.json', import.meta.url);
type Recorded = Record<string, { digest: string; breaking: boolean; messages: string[] }>;
const recorded = (): Recorded => JSON.parse(readFileSync(RECORD, 'utf8'));

describe('Optic 1.0.9 as the floor', () => {
  it('the in-process judge agrees with the optic CLI (exit code of optic diff --check)', async () => {
    const entry = CASES.find((candidate) => candidate.rule === 'request-parameter-required-added')!;
    const { base, head } = pair(entry);
    const work = await mkdtemp(path.join(tmpdir(), 'optic-cli-'));
    try {
      await writeFile(path.join(work, 'base.json'), JSON.stringify(base));
      await writeFile(path.join(work, 'head.json'), JSON.stringify(head));
      const cli = path.resolve('node_modules/.bin/optic');
      const run = (file: string) =>
        new Promise<{ code: number; output: string }>((resolve) =>
          execFile(
            cli,
            ['diff', 'base.json', file, '--check'],
            { cwd: work, env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', CI: '1' } },
            (error, stdout, stderr) =>
              resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
          ),
        );
      const breaking = await run('head.json');
      expect(breaking.code, breaking.output).toBe(1);
      expect(recorded()[entry.name].breaking).toBe(true);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
