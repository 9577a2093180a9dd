/**
 * The mock keeps the contract, judged by the contract suites: for our specs, the fixtures and the
 * public specs of the test corpus (test/support/schema-corpus.ts), the msw plugin and the contract
 * suites are generated into .cache/msw-contract/<slug>/ and the suites run with the handlers as
 * their target (`runContractSuite`'s `msw` option: each suite's own setup starts msw's
 * `setupServer`, in-process). The handlers are the target there, so every problem with an answer
 * is a target finding, and there must be none. Suite findings (our bugs) must be none or listed
 * below with a reason; spec findings are the specs' own and are printed, not hidden.
 * On a spec with hundreds of operations a fixed sample of them runs (every Nth, the same each run).
 * Starts: one vitest run of the generated suites per spec (a child process); no socket is opened.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import type { Report } from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import { runContractSuite } from '../../../../../scripts/lib/contract-suite.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { SCHEMA_CORPUS } from '../../../../support/schema-corpus.js';

/** Suite findings that are known (bugs of the contract suites, not of the handlers), by spec and check, with why. */
const KNOWN_SUITE_FINDINGS: Array<{ slug: string; check: string; why: string }> = [];

/** At most this many operations run per spec; a larger spec runs every Nth. */
const MAX_OPERATIONS = 40;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The `-t` pattern that keeps every Nth operation's checks (and the spec-wide ones), or undefined
 * when every operation runs. Each check's full name starts with its describe: `<id>: <METHOD> <path>`.
 */
function sample(cases: { operations: Array<{ id: string; method: string }> }): string | undefined {
  const { operations } = cases;
  if (operations.length <= MAX_OPERATIONS) return undefined;
  const step = Math.ceil(operations.length / MAX_OPERATIONS);
  const kept = operations.filter((_, index) => index % step === 0);
  return `^(?:${kept.map((operation) => `${escape(operation.id)}: ${operation.method.toUpperCase()} `).join('|')}|.*: examples )`;
}

const line = (finding: Report['findings'][number]) =>
  `${finding.check} ${finding.operations.join(', ')}: ${finding.message.split('\n')[0].slice(0, 300)}`;

describe('the generated contract suites against the MSW handlers', () => {
  for (const { slug, spec } of SCHEMA_CORPUS)
    it(`${slug} (${spec}): no target finding`, { timeout: 600_000 }, async () => {
      const out = path.join(ROOT, '.cache', 'msw-contract', slug);
      rmSync(out, { recursive: true, force: true });
      await generate({
        spec: path.join(ROOT, spec),
        out,
        command: 'test/integration/generators/plugins/msw/msw-contract.test.ts',
        write: true,
        log: () => {},
        plugins: builtInPlugins(['msw', 'contract-tests']),
        released: false,
      });
      const cases = JSON.parse(readFileSync(path.join(out, 'contract-tests', 'cases.json'), 'utf8')) as {
        operations: Array<{ id: string; method: string }>;
      };
      const reportFile = path.join(out, 'report.json');
      const pattern = sample(cases);
      const run = await runContractSuite(
        { CONTRACT_REPORT: reportFile, CONTRACT_RUNS: '5' },
        {
          configPath: path.join(out, 'contract-tests', 'vitest.config.ts'),
          msw: path.join(out, 'msw', 'index.ts'),
          ...(pattern ? { testNamePattern: pattern } : {}),
          timeoutMs: 540_000,
        },
      );
      expect(existsSync(reportFile), run.output.slice(-3000)).toBe(true);
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
      expect(report.target).toBe('msw');
      const spec_ = report.findings.filter((finding) => finding.class === 'spec');
      if (spec_.length)
        console.log(`${slug}: ${spec_.length} spec findings\n  ${spec_.map(line).join('\n  ')}`);
      expect(report.findings.filter((finding) => finding.class === 'target').map(line)).toEqual([]);
      expect(
        report.findings
          .filter(
            (finding) =>
              finding.class === 'suite' &&
              !KNOWN_SUITE_FINDINGS.some((known) => known.slug === slug && known.check === finding.check),
          )
          .map(line),
      ).toEqual([]);
      // A known finding that no longer occurs is taken off the list.
      for (const known of KNOWN_SUITE_FINDINGS.filter((entry) => entry.slug === slug))
        expect(
          report.findings.some((finding) => finding.class === 'suite' && finding.check === known.check),
          `known suite finding ${known.check} no longer occurs: take it off KNOWN_SUITE_FINDINGS`,
        ).toBe(true);
      // The handlers are the target, never a mock standing in for one.
      expect(report.counts.mock).toBe(0);
      // The run fails only on findings that fail a run: here, the known suite findings.
      const known = report.findings.filter((finding) => finding.class === 'suite').length > 0;
      if (!known) expect(run.code, run.output.slice(-3000)).toBe(0);
      // Checks ran: the positive case of at least one operation (a spec without paths has none).
      if (cases.operations.length && !known)
        expect(run.output).toMatch(/✓ .*a request from the examples gets a documented success/);
    });
});
