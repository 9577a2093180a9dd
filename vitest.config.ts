import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Golden files include generated test suites; they are compared as text, never run.
    exclude: ['**/node_modules/**', 'test/golden/__snapshots__/**'],
    // Real Prism, Spectral and Chromium processes start inside tests: give them time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
