/** scripts/lib/process-kind.ts: the kinds `scripts/cpu-by-process.ts` adds CPU time up by. Starts no process. */
import { describe, expect, it } from 'vitest';
import { processKind } from '../../../scripts/lib/process-kind.js';

describe('processKind', () => {
  it.each([
    [
      '/usr/bin/node --require /w/node_modules/tsx/dist/preflight.cjs --import file:///w/node_modules/tsx/dist/loader.mjs /w/scripts/lib/corpus/worker.ts {"name":"api/x.json"}',
      'tsx scripts/lib/corpus/worker.ts',
    ],
    [
      '/usr/bin/node --import file:///w/node_modules/tsx/dist/loader.mjs test/support/sabotaged-server.ts',
      'tsx test/support/sabotaged-server.ts',
    ],
    ['/usr/bin/node --conditions node /w/node_modules/vitest/dist/workers/forks.js', 'vitest worker'],
    [
      'node /w/node_modules/.bin/vitest run --config /w/.cache/x/contract-tests/vitest.config.ts',
      'vitest (generated suites)',
    ],
    ['node /w/node_modules/.bin/vitest run --project e2e', 'vitest'],
    ['node /w/node_modules/.bin/tsc -b a.json b.json --pretty false', 'tsc'],
    ['node /w/node_modules/@stoplight/prism-cli/dist/index.js mock spec.yaml', 'prism'],
    ['/usr/bin/python3 -S -E -B -c import x', 'python'],
    ['node /w/node_modules/pyright/index.js --outputjson', 'pyright'],
    ['/tmp/chromium --headless=old --no-sandbox', 'chromium'],
    ['/usr/lib/postgresql/bin/postgres -D /tmp/pg', 'postgres'],
    ['node /w/node_modules/npm/bin/npm-cli.js ci', 'npm'],
    // An argument naming another tool does not decide: the runner's script does.
    [
      '/usr/bin/node --import file:///w/node_modules/tsx/dist/loader.mjs test/support/python-media-sdk.ts',
      'tsx test/support/python-media-sdk.ts',
    ],
    ['(kworker/0:1)', '(kworker/0:1)'],
  ])('%s → %s', (command, kind) => {
    expect(processKind(command)).toBe(kind);
  });
});
