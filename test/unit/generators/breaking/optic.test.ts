/**
 * Optic 1.0.9 (`optic diff --check`, its breaking-changes standard) as the floor: on every fixture
 * pair that Optic calls breaking and the expert calls breaking, check:breaking must say breaking
 * too. Optic needs ~3 s per pair here, so its verdicts on all pairs are recorded in
 * `test/fixtures/breaking/optic-verdicts.json` (keyed by a digest of each pair, so a changed pair fails until it
 * is recorded again); every run re-asks Optic (in process) live on a sample; the real CLI on one pair is
 * test/integration/generators/breaking/optic-cli.test.ts.
 * Refresh: `OPTIC_RECORD=1 npx vitest run test/unit/generators/breaking/optic.test.ts` (asks Optic about new or changed pairs).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASES, pair, verdictOf, type Case } from '../../../support/breaking/cases.js';
import { opticJudge } from '../../../support/breaking/optic.js';

const RECORD = new URL('../../../fixtures/breaking/optic-verdicts.json', import.meta.url);
type Recorded = Record<string, { digest: string; breaking: boolean; messages: string[] }>;
const digestOf = (entry: Case) =>
  createHash('sha256')
    .update(JSON.stringify(pair(entry)))
    .digest('hex')
    .slice(0, 16);
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
        out[entry.name] = {
          digest: digestOf(entry),
          breaking: verdict.breaking,
          messages: verdict.messages.slice(0, 3),
        };
      }
      writeFileSync(RECORD, `${JSON.stringify(out, null, 2)}\n`);
    }, 1_200_000);
  }

  it('has a current Optic verdict for every pair', () => {
    const record = recorded();
    const stale = CASES.filter((entry) => record[entry.name]?.digest !== digestOf(entry)).map(
      (entry) => entry.name,
    );
    expect(
      stale,
      'pairs changed or added since Optic was asked: OPTIC_RECORD=1 npx vitest run test/unit/generators/breaking/optic.test.ts',
    ).toEqual([]);
  });

  it('says breaking wherever Optic and the expert both do, and is right more often than Optic', () => {
    const record = recorded();
    const oursBreaking = new Map(
      CASES.map((entry) => {
        const { base, head } = pair(entry);
        return [entry, verdictOf(base, head).breaking];
      }),
    );
    const below = CASES.filter(
      (entry) => entry.breaking && record[entry.name]?.breaking && !oursBreaking.get(entry),
    );
    expect(below.map((entry) => entry.name)).toEqual([]);
    const ours = CASES.filter((entry) => oursBreaking.get(entry) === entry.breaking).length;
    const optic = CASES.filter((entry) => record[entry.name]?.breaking === entry.breaking).length;
    console.log(
      `accuracy on ${CASES.length} pairs: check:breaking ${ours}/${CASES.length}, Optic 1.0.9 ${optic}/${CASES.length}`,
    );
    expect(ours).toBeGreaterThan(optic);
  }, 60_000); // classifies every pair: seconds of CPU, more on a busy machine

  // A spread of pairs: one Optic flags, one it misses, one it rightly passes.
  const sample = [
    'an operation is removed',
    'a query parameter is removed',
    'an error response status is added',
  ].map((name) => CASES.find((entry) => entry.name === name)!);
  it.each(sample.map((entry) => [entry.name, entry] as const))(
    'the recording matches Optic live: %s',
    async (_name, entry) => {
      const judge = await opticJudge();
      const { base, head } = pair(entry);
      expect((await judge(base, head)).breaking).toBe(recorded()[entry.name].breaking);
    },
    120_000,
  );
});
