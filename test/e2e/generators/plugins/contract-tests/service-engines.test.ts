/**
 * The reference service passes every generated check on both store engines, SQLite and an
 * embedded PostgreSQL, every stage (API, bad input, events), with every key configured: a second
 * account's key (the cross-tenant checks), scoped keys and a revoked key. Read from the JSON report: no finding of any class
 * but spec (none expected either), and none of the checks skipped for want of configuration.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import { runContractSuite, startServiceTarget } from '../../../../../scripts/lib/contract.js';
import { ENGINES, type EngineUnderTest } from '../../../../support/engines.js';

// The suites' vitest transforms their modules once for both engines (runContractSuite's moduleCache).
let moduleCache: string;
beforeAll(async () => {
  moduleCache = await mkdtemp(path.join(tmpdir(), 'contract-engines-modules-'));
});
afterAll(async () => {
  if (moduleCache) await rm(moduleCache, { recursive: true, force: true });
});

describe.each(ENGINES)('the reference service on $name', ({ start }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it('passes every contract check, cross-tenant ones included (another account’s key given)', async () => {
    const target = await startServiceTarget('service/server.ts', {}, await engine.fresh());
    const reportFile = path.join(tmpdir(), `contract-report-${process.pid}-${Date.now()}.json`);
    try {
      expect(target.env.CONTRACT_OTHER_ACCOUNT_KEY).toMatch(/^test_sk_/);
      const run = await runContractSuite({ ...target.env, CONTRACT_REPORT: reportFile }, { moduleCache });
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as Report;
      expect(report.findings, run.output.slice(-4000)).toEqual([]);
      expect(run.code, run.output.slice(-4000)).toBe(0);
      expect(run.output).not.toMatch(/not applicable: no (key of another account|revoked key|key lacking)/);
      expect(run.output).toMatch(/✓ .*createSubject: with another account's key/);
    } finally {
      await target.server.stop();
      await rm(reportFile, { force: true });
    }
  }, 600_000);
});
