/**
 * The events stage's configuration, the way a team pointing the suites at its own target meets
 * it: no registration configured (the stage says it did not run and which variable to set), a
 * register command that prints no secret (one clear error), and a receiver registered beforehand
 * (CONTRACT_WEBHOOK_SECRET at CONTRACT_WEBHOOK_PORT). The stage's checks themselves, and the bugs
 * they catch, are in sabotage.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runContractSuite,
  startServiceTarget,
  type ServiceTarget,
} from '../../../../../scripts/lib/contract.js';
import { bundledArgs } from '../../../../../scripts/lib/entry-bundle.js';
import { freePort } from '../../../../../scripts/lib/processes.js';

const run = promisify(execFile);

describe("the contract suites' events stage", () => {
  let target: ServiceTarget;
  let unconfigured: Record<string, string>;
  beforeAll(async () => {
    target = await startServiceTarget();
    unconfigured = Object.fromEntries(
      Object.entries(target.env).filter(([name]) => !name.startsWith('CONTRACT_WEBHOOK_')),
    );
  }, 120_000);
  afterAll(async () => {
    await target?.server.stop();
  });

  it('reports itself not run, with the variable to set, when no receiver registration is configured', async () => {
    const result = await runContractSuite(unconfigured, { files: ['events'] });
    expect(result.code, result.output.slice(-2000)).toBe(0);
    expect(result.output).toMatch(
      /events stage not run on reference service: no receiver registration configured: set CONTRACT_WEBHOOK_REGISTER/,
    );
    expect(result.output).toMatch(
      /a 500 to its first delivery is retried .* \[not applicable: no receiver registration configured/,
    );
    expect(result.output).not.toMatch(/✓ .*events: /);
  }, 120_000);

  it('stops with one clear message when the register command prints no secret', async () => {
    const result = await runContractSuite(
      { ...unconfigured, CONTRACT_WEBHOOK_REGISTER: 'echo "registered $CONTRACT_WEBHOOK_URL"' },
      { files: ['events'] },
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(
      /CONTRACT_WEBHOOK_REGISTER must print the endpoint's secret \(whsec_…\) as its last line/,
    );
  }, 120_000);

  it('uses a receiver registered beforehand: CONTRACT_WEBHOOK_SECRET with CONTRACT_WEBHOOK_PORT', async () => {
    const port = await freePort();
    const added = await run(
      process.execPath,
      await bundledArgs(
        'service/webhooks/cli.ts',
        'add',
        '--env',
        'test',
        '--url',
        `http://127.0.0.1:${port}/contract`,
        '--account',
        'acct_contract',
      ),
      { env: { ...process.env, DATABASE_PATH: target.env.DATABASE_PATH } },
    );
    const secret = added.stdout.trim().split('\n').at(-1)!;
    const result = await runContractSuite(
      { ...unconfigured, CONTRACT_WEBHOOK_SECRET: secret, CONTRACT_WEBHOOK_PORT: String(port) },
      { files: ['events'] },
    );
    expect(result.code, result.output.slice(-2000)).toBe(0);
    expect(result.output.match(/✓ .*events: /g)).toHaveLength(3);
  }, 120_000);
});
