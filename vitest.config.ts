import { defineConfig } from 'vitest/config';

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
