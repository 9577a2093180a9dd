/**
 * The checks of issue 22 on a target that passes them all (test/support/projects-server.ts, a
 * correct multi-tenant implementation of test/fixtures/contract/projects-3.1.yaml, served in this
 * file's process, a fresh one per case): the generated suites are green on it with the other
 * account's key configured, and one planted bug per check turns them red with a target-class
 * finding of that check, naming the operation (read from the JSON report, CONTRACT_REPORT). Each
 * planted run is limited to the checks that can see the bug (vitest -t, in the API suite) so the
 * file stays quick; the baseline runs everything.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import { generate } from '../../../../../generators/pipeline.js';
import { runContractSuite } from '../../../../../scripts/lib/contract.js';
import { startProjectsServer } from '../../../../support/projects-server.js';

const SPEC = 'test/fixtures/contract/projects-3.1.yaml';
const KEY = `key_test_${'a1'.repeat(8)}`;
const OTHER = `key_other_${'b2'.repeat(8)}`;
const REVOKED = `key_test_${'c3'.repeat(8)}`;

let dir: string;
// The suites' vitest transforms their modules once for all the runs (runContractSuite's moduleCache).
let moduleCache: string;
beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  dir = await mkdtemp(path.resolve('.cache', 'contract-checks-'));
  moduleCache = path.join(dir, 'module-cache');
  await generate({
    spec: SPEC,
    out: dir,
    command: `npm run generate -- --spec ${SPEC} --out ${dir}`,
    write: true,
    skip: ['sdks', 'python'],
    log: () => {},
  });
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The fixture server with `sabotage` planted, the suites run against it (checks matching `only`,
 * and then in the API suite alone: the bad-input stage is off, CONTRACT_BAD_INPUT, so its file
 * would only load to say so), and the report.
 */
async function runAgainst(
  sabotage: string,
  only?: string,
  env: Record<string, string> = {},
): Promise<{ code: number; output: string; report: Report }> {
  const server = await startProjectsServer({
    sabotage: sabotage ? [sabotage] : [],
    keys: { [KEY]: 'acct_one', [OTHER]: 'acct_two' },
    revoked: [REVOKED],
  });
  const reportFile = path.join(dir, `report-${sabotage || 'baseline'}.json`);
  try {
    const run = await runContractSuite(
      {
        CONTRACT_TARGET_NAME: `projects fixture${sabotage ? ` (${sabotage})` : ''}`,
        CONTRACT_BASE_URL: server.url,
        CONTRACT_API_KEY: KEY,
        CONTRACT_OTHER_ACCOUNT_KEY: OTHER,
        CONTRACT_REVOKED_KEY: REVOKED,
        CONTRACT_BAD_INPUT: 'false',
        CONTRACT_RUNS: '10',
        CONTRACT_REPORT: reportFile,
        ...env,
      },
      {
        configPath: path.join(dir, 'contract-tests', 'vitest.config.ts'),
        moduleCache,
        ...(only ? { testNamePattern: only, files: ['api.contract'] } : {}),
      },
    );
    return { ...run, report: JSON.parse(await readFile(reportFile, 'utf8')) as Report };
  } finally {
    await server.close();
  }
}

describe('the projects fixture, implemented correctly', () => {
  it('passes every generated check, the cross-tenant ones included (other account key given)', async () => {
    const { code, output, report } = await runAgainst('');
    expect(
      report.findings.filter((finding) => finding.class !== 'spec'),
      output.slice(-4000),
    ).toEqual([]);
    expect(code, output.slice(-4000)).toBe(0);
    // Nothing was skipped for want of configuration: the tenancy checks did run.
    expect(output).toMatch(/✓ .*createProject: with another account's key/);
    expect(output).toMatch(/✓ .*createProject: after deleteProject, every operation/);
    expect(output).not.toMatch(/not applicable: no key of another account/);
  }, 300_000);
});

describe('on GitHub Actions', () => {
  it('annotates the spec line of each finding, as an error when it fails the run', async () => {
    const { output, report } = await runAgainst('no-allow', '405', { GITHUB_ACTIONS: 'true' });
    const finding = report.findings.find((candidate) => candidate.check === 'unsupported_method')!;
    expect(output).toContain(
      `::error file=${SPEC},line=${finding.line},title=contract target%3A unsupported_method (${finding.count}x)::`,
    );
  }, 180_000);
});

describe.each([
  {
    sabotage: 'no-allow',
    only: '405',
    check: 'unsupported_method',
    operation: /^(PUT|DELETE|PATCH|POST) \/projects/,
  },
  {
    sabotage: 'options-extra-method',
    only: 'OPTIONS',
    check: 'options_allow',
    operation: /^OPTIONS \/projects/,
  },
  {
    sabotage: 'text-content-type',
    only: 'getProject',
    check: 'content_type_conformance',
    operation: /^getProject$/,
  },
  {
    sabotage: 'ignore-missing-header',
    only: 'required header',
    check: 'missing_required_header',
    operation: /^deleteProject$/,
  },
  {
    sabotage: 'accept-unknown-key',
    only: 'credentials',
    check: 'ignored_auth',
    operation: /^(listProjects|createProject|getProject|deleteProject|listTasks|createTask|getTask)$/,
  },
  {
    sabotage: 'cross-tenant-read',
    only: "another account's key",
    check: 'cross_tenant',
    operation: /^getProject$/,
  },
  { sabotage: 'no-cascade', only: 'after deleteProject', check: 'use_after_free', operation: /^getTask$/ },
  { sabotage: 'leak-on-refusal', only: 'refused creates', check: 'leakage', operation: /^createProject$/ },
  {
    sabotage: 'idempotency-race',
    only: 'parallel',
    check: 'idempotency_concurrency',
    operation: /^createProject$/,
  },
  {
    sabotage: 'refuse-enum-value',
    only: 'coverage',
    check: 'positive_data_acceptance',
    operation: /^createProject$/,
    message: /coverage: body kind: enum value "launch"/,
  },
  {
    sabotage: 'refuse-max-length',
    only: 'coverage',
    check: 'positive_data_acceptance',
    operation: /^createProject$/,
    message: /coverage: body name: length 20 \(maxLength\)/,
  },
  {
    sabotage: '429-no-headers',
    only: 'a request from the examples',
    check: 'rate_limit_conformance',
    operation: /^\w+$/,
    message: /required header X-RateLimit-(Limit|Remaining) is missing \(a 429 the suite waited out\)/,
  },
])('a planted bug: $sabotage', ({ sabotage, only, check, operation, message }) => {
  it(`turns the suites red with a target finding of ${check}, naming the operation`, async () => {
    const { code, output, report } = await runAgainst(sabotage, only);
    expect(code, output.slice(-3000)).not.toBe(0);
    const found = report.findings.filter((finding) => finding.class === 'target' && finding.check === check);
    expect(found, JSON.stringify(report.findings, null, 1).slice(0, 3000)).not.toEqual([]);
    expect(found.flatMap((finding) => finding.operations)).toContainEqual(expect.stringMatching(operation));
    if (message)
      expect(found.map((finding) => finding.message)).toContainEqual(expect.stringMatching(message));
    // Every finding says where in the spec, and how to reproduce it.
    for (const finding of found)
      expect(
        finding.file === SPEC && typeof finding.line === 'number' && finding.line > 0,
        JSON.stringify(finding),
      ).toBe(true);
    expect(found.some((finding) => finding.curl?.startsWith('curl -i -X '))).toBe(true);
    expect(
      report.counts.suite,
      JSON.stringify(report.findings.filter((finding) => finding.class === 'suite')),
    ).toBe(0);
  }, 180_000);
});
