import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const TIERS = ['unit', 'integration', 'e2e'];
// A test file outside the tiers would be collected by no project, so never run: refuse to start.
const untiered = readdirSync(fileURLToPath(new URL('test', import.meta.url)), {
  recursive: true,
  encoding: 'utf8',
})
  .map((file) => file.split('\\').join('/'))
  .filter(
    (file) =>
      file.endsWith('.test.ts') &&
      !file.includes('__snapshots__/') &&
      !file.startsWith('fixtures/') &&
      !TIERS.some((tier) => file.startsWith(`${tier}/`)),
  );
if (untiered.length > 0) {
  throw new Error(
    `test files outside test/unit, test/integration and test/e2e would never run; move them into their tier (README, "Tests in tiers"): ${untiered.map((file) => `test/${file}`).join(', ')}`,
  );
}

/**
 * The files that take longest, started first so they do not run alone at the end of a run (vitest
 * orders by the durations it remembers, and in a fresh clone, CI's case, by file size). Only the
 * order depends on this list.
 */
const LONGEST_FIRST = [
  // e2e, longest first (a loaded CI run of 2026-11-29, eighth session: 130 s down to 27 s)
  'test/e2e/toolkit/package.test.ts',
  'test/e2e/generators/public-specs.test.ts',
  'test/e2e/scripts/roundtrip.test.ts',
  'test/e2e/generators/plugins/contract-tests/sabotage.test.ts',
  'test/e2e/scripts/corpus.test.ts',
  'test/e2e/generators/plugins/contract-tests/public-specs.test.ts',
  'test/e2e/generators/plugins/contract-tests/sandbox-runs.test.ts',
  'test/e2e/generators/plugins/contract-tests/checks.test.ts',
  'test/e2e/generators/plugins/python/sdk.test.ts',
  'test/e2e/generators/plugins/contract-tests/service-engines.test.ts',
  // integration (the same run: 79 s down to 16 s)
  'test/integration/generators/plugins/msw/msw-contract.test.ts',
  'test/integration/scripts/dev-loop.test.ts',
  'test/integration/generators/cli.test.ts',
  'test/integration/scripts/contract-kit-cli.test.ts',
  'test/integration/generators/plugins/zod/zod-ajv.test.ts',
  'test/integration/scripts/check-breaking.test.ts',
  'test/integration/generators/plugins/mock-data/mock-data.test.ts',
  'test/integration/service/accounts-cli.test.ts',
  'test/integration/scripts/mock.test.ts',
  'test/integration/generators/incremental-generation.test.ts',
  'test/integration/service/dashboard/api/sessions.test.ts',
  'test/integration/scripts/check-generated.test.ts',
  'test/integration/generators/plugins/msw/msw-corpus.test.ts',
  // unit
  'test/unit/spec/rules/house-rules.test.ts',
  'test/unit/spec/rules/dashboard-overrides.test.ts',
  'test/unit/generators/breaking/optic.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(
        relative(file.project.config.root, file.moduleId).split('\\').join('/'),
      );
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b)); // stable: the rest keeps vitest's order
  }
}

const EXCLUDE = ['**/node_modules/**', 'test/**/__snapshots__/**'];

/** What both integration projects share: the tier's files, time limits and PostgreSQL. */
const INTEGRATION = {
  include: ['test/integration/**/*.test.ts'],
  // Real services, stores on both engines, CLIs and Prism start inside tests; beside e2e on a
  // loaded 2-core CI machine, three CLI runs in a row have taken over 60 s.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits for a process or a page, which a loaded CI machine slows (vitest's 1 s is too short).
  expect: { poll: { timeout: 20_000 } },
  // One PostgreSQL for the run; each test makes its own databases on it.
  globalSetup: ['test/support/postgres-setup.ts'],
  sequence: { groupOrder: 1 },
};

/**
 * Integration files that need a process of their own, because they change what every module of the
 * process sees: a page's globals (window and document, which make the generated client act as in a
 * browser), or the generators' worker threads, which this file counts from none.
 */
const INTEGRATION_OWN_PROCESS = [
  'test/integration/generators/document-worker.test.ts',
  'test/integration/generators/plugins/tanstack-query/react.test.ts',
  'test/integration/generators/plugins/tanstack-query/vue.test.ts',
  'test/integration/generators/plugins/tanstack-query/docs.test.ts',
];

/**
 * Three tiers, one vitest project each (`npm run test:unit`, `test:integration`, `test:e2e`; `npm
 * test` runs them all). What each may start is in README.md ("Tests in tiers").
 */
export default defineConfig({
  test: {
    // Golden files include generated test suites; they are compared as text, never run.
    exclude: EXCLUDE,
    // New dashboard passwords hash at scrypt's minimum cost in every test process and the services
    // they start (service/dashboard/api/passwords.ts): 2 ms a sign-in, not 70.
    env: { PASSWORD_HASH_MIN_COST: '1' },
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Pure functions and in-process generation: a slow one is a bug, not a reason to wait.
          testTimeout: 10_000,
          hookTimeout: 60_000,
          // Starting a process or opening a socket throws here (no processes, no network).
          setupFiles: ['test/support/unit-guard.ts'],
          // CPU-bound: one file per core (vitest's default leaves one core idle).
          maxWorkers: 2,
          // Files of a worker share its loaded modules (Spectral, Redocly, ts-morph load once, not per file).
          isolate: false,
          // In one `vitest run` of several tiers, each tier runs after the one before, with its own workers.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...INTEGRATION,
          name: 'integration',
          exclude: [...EXCLUDE, ...INTEGRATION_OWN_PROCESS],
          // Files of a worker share its loaded modules: a fresh process per file cost about a third
          // of the tier's CPU (issue 44), loading the service, the generators and Fastify again.
          isolate: false,
          // Mostly CPU in the test's own process (the service runs in it): two, beside test:contract.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          ...INTEGRATION,
          name: 'integration-own-process',
          include: INTEGRATION_OWN_PROCESS,
          // Vitest runs the projects of one group in one pool of workers, so they name the same number.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Chromium, packed packages, Python SDKs and whole contract runs.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 20_000 } },
          globalSetup: ['test/support/postgres-setup.ts'],
          // Mostly waiting on the processes they start, which do the work.
          maxWorkers: 3,
          // Files of a worker share its loaded modules, as in the other tiers (no e2e file changes a
          // global it does not restore).
          isolate: false,
          // Concurrent cases inside a file (sabotage, the Prism proxy): each runs a service and a suite
          // (three processes), so two at a time keep a 2-core machine busy without starving the rest.
          maxConcurrency: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
