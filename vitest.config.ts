import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const TIERS = ['unit', 'integration', 'e2e'];
// A test file outside the tiers would be collected by no project, so never run: refuse to start.
const untiered = readdirSync(fileURLToPath(new URL('test', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.test.ts') && !file.includes('__snapshots__/') && !file.startsWith('fixtures/') && !TIERS.some((tier) => file.startsWith(`${tier}/`)));
if (untiered.length > 0) {
  throw new Error(`test files outside test/unit, test/integration and test/e2e would never run; move them into their tier (README, "Tests in tiers"): ${untiered.map((file) => `test/${file}`).join(', ')}`);
}

/**
 * Three tiers, one vitest project each (`npm run test:unit`, `test:integration`, `test:e2e`; `npm
 * test` runs them all). What each may start is in README.md ("Tests in tiers").
 */
export default defineConfig({
  test: {
    // Golden files include generated test suites; they are compared as text, never run.
    exclude: ['**/node_modules/**', 'test/**/__snapshots__/**'],
    pool: 'forks',
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
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Real services, stores on both engines, CLIs and Prism start inside tests.
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
        },
      },
    ],
  },
});
