/**
 * The generated Python SDK: its own test suite runs, and the end-to-end tests (stdlib unittest,
 * Debian's python3 with python3-urllib3/-dateutil/-six) pass against the reference service.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceTarget, type ServiceTarget } from '../../scripts/lib/contract.js';

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const SDK = path.resolve('generated/sdks/python');

function python(args: string[], env: Record<string, string> = {}, cwd = SDK): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(PYTHON, args, { cwd, env: { ...process.env, PYTHONPATH: SDK, PYTHONDONTWRITEBYTECODE: '1', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
}

let target: ServiceTarget;
beforeAll(async () => {
  target = await startServiceTarget();
}, 60_000);
afterAll(async () => {
  await target?.server.stop();
});

describe('Python SDK', () => {
  it('imports and runs its own test suite', async () => {
    const result = await python(['-m', 'unittest', 'discover', '-s', 'test', '-t', '.']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran \d+ tests/);
    expect(result.output).toMatch(/\nOK/);
  }, 60_000);

  it('passes the end-to-end tests against the reference service and a rate-limiting server', async () => {
    const result = await python(['-m', 'unittest', '-v', 'test_sdk_e2e'], { SERVICE_URL: target.env.CONTRACT_BASE_URL, API_KEY: target.env.CONTRACT_API_KEY }, path.resolve('test/sdks/python'));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/test_waits_retry_after_and_repeats_the_identical_request_once .* ok/);
    expect(result.output).toMatch(/test_creates_pages_and_submits .* ok/);
  }, 60_000);
});
