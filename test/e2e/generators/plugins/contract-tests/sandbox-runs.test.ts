/**
 * Safe on a real target: the suites run three times in a row (SANDBOX_RUNS, e.g. 10 by hand)
 * against one sandbox, with a fresh
 * tier-0 key made by `npm run keys` (no extra keys, so the scope and revoked-key checks are listed
 * as not applicable), and stay green every time. The tier-0 limits (60/min per key, 100/min per
 * account, 60/min per address without a key) are hit and waited out; everything created is
 * deleted, so later runs page over no more than earlier ones. The service's rate-limit clock and
 * the suites' pacing clock both run TIME_SCALE times faster, so the run takes minutes, not hours.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runContractSuite } from '../../../../../scripts/lib/contract.js';
import { bundledArgs } from '../../../../../scripts/lib/entry-bundle.js';
import { freePort, startProcess, waitForHttp } from '../../../../../scripts/lib/processes.js';
import { scratchFolders } from '../../../../support/scratch.js';

const scratch = scratchFolders();
// The suites' vitest transforms their modules once for all the runs (runContractSuite's moduleCache).
const moduleCache = scratch.make('contract-sandbox-modules-');

// 30x: a run still outpaces the refill in its bursts and waits (about 3-5 s of real time a run
// here), where 10x waited 11-13 s a run for the same proof.
const TIME_SCALE = Number(process.env.SANDBOX_TIME_SCALE ?? 30);
// Three runs prove what ten did: the second and third start on what the first left and paged over,
// under limits already drawn down; each run costs a whole suite (about 30 s here).
const RUNS = Number(process.env.SANDBOX_RUNS ?? 3);

async function makeKey(database: string): Promise<string> {
  const keysCli = await bundledArgs(
    'service/keys-cli.ts',
    'create',
    '--env',
    'test',
    '--type',
    'sk',
    '--scopes',
    'nature:read,nature:write',
    '--account',
    'acct_sandbox_runs',
  );
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      keysCli,
      { env: { ...process.env, DATABASE_PATH: database } },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`npm run keys failed: ${stderr}`));
        resolve(stdout.trim().split('\n').at(-1)!.trim());
      },
    );
  });
}

it(`stays green ${RUNS} runs in a row against one sandbox with a fresh tier-0 key, waiting out the limits and leaving nothing behind`, async () => {
  const database = path.join(scratch.make('contract-sandbox-'), 'service.db');
  const key = await makeKey(database);
  expect(key).toMatch(/^test_sk_[A-Za-z0-9]{32}$/);
  const port = await freePort();
  const server = startProcess(process.execPath, await bundledArgs('test/support/time-scaled-server.ts'), {
    env: { DATABASE_PATH: database, PORT: String(port), RATE_LIMIT_TIME_SCALE: String(TIME_SCALE) },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/v1/health`, server);
    let waited = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await runContractSuite(
        {
          CONTRACT_TARGET_NAME: `sandbox run ${run}`,
          CONTRACT_BASE_URL: baseUrl,
          CONTRACT_API_KEY: key,
          CONTRACT_TIME_SCALE: String(TIME_SCALE),
          CONTRACT_RUNS: '5',
          CONTRACT_SEED: String(run),
        },
        { moduleCache },
      );
      expect(
        result.code,
        `run ${run}:\n${result.output
          .split('\n')
          .filter((line) => /FAIL|Error|→/.test(line))
          .slice(0, 40)
          .join('\n')}`,
      ).toBe(0);
      const summary =
        /cleanup: deleted (\d+), already gone \d+, removed with their parent or kept \d+(?:; left on the target[^;]*)?; (\d+) requests, (\d+) repeated after 429, ([\d.]+) s waited/.exec(
          result.output,
        );
      expect(summary, `run ${run} printed no cleanup summary`).not.toBeNull();
      expect(Number(summary![1])).toBeGreaterThan(0);
      console.log(`sandbox run ${run}: ${summary![0]}`);
      waited += Number(summary![4]);
    }
    // The limits were really reached (the suites waited for tokens), or this test proved nothing about pacing.
    expect(waited).toBeGreaterThan(0);
    let left = await fetch(`${baseUrl}/v1/nature/subjects?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    while (left.status === 429) {
      await new Promise((resolve) =>
        setTimeout(resolve, (Number(left.headers.get('retry-after')) * 1000) / TIME_SCALE),
      );
      left = await fetch(`${baseUrl}/v1/nature/subjects?limit=100`, {
        headers: { authorization: `Bearer ${key}` },
      });
    }
    expect(left.status).toBe(200);
    expect(((await left.json()) as { data: unknown[] }).data).toEqual([]);
  } finally {
    await server.stop();
  }
}, 1_800_000);
