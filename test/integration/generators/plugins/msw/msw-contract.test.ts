/**
 * The mock keeps the contract, judged by the contract suites: for our specs, the fixtures and the
 * public specs of the test corpus (test/support/schema-corpus.ts), the msw plugin and the contract
 * suites are generated into .cache/msw-contract/<slug>/ and the suites run with the handlers as
 * their target (each suite's own setup starts msw's `setupServer`, in-process). The handlers are
 * the target there, so every problem with an answer is a target finding, and there must be none.
 * Suite findings (our bugs) must be none or listed below with a reason; spec findings are the
 * specs' own and are printed, not hidden.
 * On a spec with hundreds of operations a fixed sample of them runs (every Nth, the same each run).
 * Starts: one vitest run (a child process) of every spec's generated suites, a project per spec
 * whose suite files share a worker (test/support/msw-contract-suites.config.ts): a sixth less CPU
 * than a run per spec with a worker per file, and the specs run side by side; no socket is opened.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import type { Report } from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import { runContractSuite, type SuiteRun } from '../../../../../scripts/lib/contract-suite.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import type { MswContractProject } from '../../../../support/msw-contract-suites.config.js';
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

const CACHE = path.join(ROOT, '.cache', 'msw-contract');

interface Cases {
  operations: Array<{ id: string; method: string }>;
}

/** What vitest's json reporter writes, as far as it is read here. */
interface JsonResults {
  testResults: Array<{
    name: string;
    status: string;
    message: string;
    assertionResults: Array<{ fullName: string; title: string; status: string; failureMessages: string[] }>;
  }>;
}

/** Each spec's generated cases, or why generating it failed (that spec's test fails with it). */
const prepared = new Map<string, { cases: Cases } | { error: unknown }>();
let run: SuiteRun;
let results: JsonResults | undefined;

beforeAll(async () => {
  rmSync(CACHE, { recursive: true, force: true });
  const plan: MswContractProject[] = [];
  for (const { slug, spec } of SCHEMA_CORPUS) {
    const out = path.join(CACHE, slug);
    try {
      await generate({
        spec: path.join(ROOT, spec),
        out,
        command: 'test/integration/generators/plugins/msw/msw-contract.test.ts',
        write: true,
        log: () => {},
        plugins: builtInPlugins(['msw', 'contract-tests']),
        released: false,
      });
    } catch (error) {
      prepared.set(slug, { error });
      continue;
    }
    const cases = JSON.parse(readFileSync(path.join(out, 'contract-tests', 'cases.json'), 'utf8')) as Cases;
    prepared.set(slug, { cases });
    const findings = path.join(out, 'findings');
    mkdirSync(findings, { recursive: true });
    const pattern = sample(cases);
    plan.push({
      slug,
      config: path.join(out, 'contract-tests', 'vitest.config.ts'),
      msw: path.join(out, 'msw', 'index.ts'),
      report: path.join(out, 'report.json'),
      findings,
      ...(pattern ? { testNamePattern: pattern } : {}),
      env: { CONTRACT_RUNS: '5' },
    });
  }
  const planFile = path.join(CACHE, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  const resultsFile = path.join(CACHE, 'results.json');
  run = await runContractSuite(
    { MSW_CONTRACT_PLAN: planFile },
    {
      configPath: path.join(ROOT, 'test', 'support', 'msw-contract-suites.config.ts'),
      vitestArgs: ['--reporter=json', `--outputFile.json=${resultsFile}`],
      timeoutMs: 1_080_000,
    },
  );
  results = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as JsonResults)
    : undefined;
}, 1_200_000);

/** A spec's suite files in the run's results. */
const suiteFiles = (slug: string) =>
  (results?.testResults ?? []).filter((file) =>
    file.name.startsWith(`${path.join(CACHE, slug, 'contract-tests')}${path.sep}`),
  );

/** Whether a spec's report has suite findings (which fail its suites; known ones are allowed). */
const suiteFindings = (slug: string) => {
  const reportFile = path.join(CACHE, slug, 'report.json');
  return (
    existsSync(reportFile) &&
    (JSON.parse(readFileSync(reportFile, 'utf8')) as Report).findings.some(
      (finding) => finding.class === 'suite',
    )
  );
};

describe('the generated contract suites against the MSW handlers', () => {
  for (const { slug, spec } of SCHEMA_CORPUS)
    it(`${slug} (${spec}): no target finding`, () => {
      const generated = prepared.get(slug)!;
      if ('error' in generated) throw generated.error;
      const { cases } = generated;
      const reportFile = path.join(CACHE, slug, 'report.json');
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
      // The suites fail only on findings that fail a run: here, the known suite findings.
      const known = report.findings.some((finding) => finding.class === 'suite');
      const files = suiteFiles(slug);
      expect(files.length, run.output.slice(-3000)).toBeGreaterThan(0);
      if (!known)
        expect(
          files
            .filter((file) => file.status === 'failed')
            .map((file) => ({
              file: file.name,
              message: file.message,
              failed: file.assertionResults
                .filter((check) => check.status === 'failed')
                .map((check) => `${check.fullName}: ${check.failureMessages.join('\n').slice(0, 1000)}`),
            })),
        ).toEqual([]);
      // Checks ran: the positive case of at least one operation (a spec without paths has none).
      if (cases.operations.length && !known)
        expect(
          files.some((file) =>
            file.assertionResults.some(
              (check) =>
                check.status === 'passed' &&
                /a request from the examples gets a documented success/.test(check.fullName),
            ),
          ),
        ).toBe(true);
    });

  it('the run of the suites exits 0 when no suite failed', () => {
    // What no spec's results name (an error outside every test) still fails the run.
    const failedSpecs = SCHEMA_CORPUS.filter(
      ({ slug }) => suiteFindings(slug) || suiteFiles(slug).some((file) => file.status === 'failed'),
    );
    if (failedSpecs.length === 0) expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(results, run.output.slice(-3000)).toBeDefined();
  });
});
