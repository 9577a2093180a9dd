/**
 * Optic 1.0.9 (`optic diff --check`, its breaking-changes standard) as the floor: on every fixture
 * pair that Optic calls breaking and the expert calls breaking, check:breaking must say breaking
 * too. Optic needs ~3 s per pair here, so its verdicts on all pairs are recorded in
 * `fixtures/optic-verdicts.json` (keyed by a digest of each pair, so a changed pair fails until it
 * is recorded again); every run re-asks Optic live on a sample, and the real CLI on one pair.
 * Refresh: `OPTIC_RECORD=1 npx vitest run test/breaking/optic.test.ts` (asks Optic about new or changed pairs).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES, pair, verdictOf, type Case } from './cases.js';
import { opticJudge } from './optic.js';

const RECORD = new URL('./fixtures/optic-verdicts.json', import.meta.url);
type Recorded = Record<string, { digest: string; breaking: boolean; messages: string[] }>;
const digestOf = (entry: Case) => createHash('sha256').update(JSON.stringify(pair(entry))).digest('hex').slice(0, 16);
const recorded = (): Recorded => JSON.parse(readFileSync(RECORD, 'utf8'));

describe('Optic 1.0.9 as the floor', () => {
  if (process.env.OPTIC_RECORD) {
    it('records Optic verdicts on every new or changed pair', async () => {
      const judge = await opticJudge();
      const previous = recorded();
      const out: Recorded = {};
      for (const entry of CASES) {
        if (previous[entry.name]?.digest === digestOf(entry)) {
          out[entry.name] = previous[entry.name];
          continue;
        }
        const { base, head } = pair(entry);
        const verdict = await judge(base, head);
        out[entry.name] = { digest: digestOf(entry), breaking: verdict.breaking, messages: verdict.messages.slice(0, 3) };
      }
      writeFileSync(RECORD, `${JSON.stringify(out, null, 2)}\n`);
    }, 1_200_000);
  }

  it('has a current Optic verdict for every pair', () => {
    const record = recorded();
    const stale = CASES.filter((entry) => record[entry.name]?.digest !== digestOf(entry)).map((entry) => entry.name);
    expect(stale, 'pairs changed or added since Optic was asked: OPTIC_RECORD=1 npx vitest run test/breaking/optic.test.ts').toEqual([]);
  });

  it('says breaking wherever Optic and the expert both do, and is right more often than Optic', () => {
    const record = recorded();
    const oursBreaking = new Map(CASES.map((entry) => {
      const { base, head } = pair(entry);
      return [entry, verdictOf(base, head).breaking];
    }));
    const below = CASES.filter((entry) => entry.breaking && record[entry.name]?.breaking && !oursBreaking.get(entry));
    expect(below.map((entry) => entry.name)).toEqual([]);
    const ours = CASES.filter((entry) => oursBreaking.get(entry) === entry.breaking).length;
    const optic = CASES.filter((entry) => record[entry.name]?.breaking === entry.breaking).length;
    console.log(`accuracy on ${CASES.length} pairs: check:breaking ${ours}/${CASES.length}, Optic 1.0.9 ${optic}/${CASES.length}`);
    expect(ours).toBeGreaterThan(optic);
  });

  // A spread of pairs: one Optic flags, one it misses, one it rightly passes.
  const sample = ['an operation is removed', 'a query parameter is removed', 'an error response status is added'].map((name) => CASES.find((entry) => entry.name === name)!);
  it.each(sample.map((entry) => [entry.name, entry] as const))('the recording matches Optic live: %s', async (_name, entry) => {
    const judge = await opticJudge();
    const { base, head } = pair(entry);
    expect((await judge(base, head)).breaking).toBe(recorded()[entry.name].breaking);
  }, 120_000);

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
          execFile(cli, ['diff', 'base.json', file, '--check'], { cwd: work, env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', CI: '1' } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr })),
        );
      const breaking = await run('head.json');
      expect(breaking.code, breaking.output).toBe(1);
      expect(recorded()[entry.name].breaking).toBe(true);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
