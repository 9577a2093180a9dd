/**
 * The meters and "last used" are written behind (service/store/write-behind.ts) by the service
 * process (`npm run serve`, service/server.ts), on both engines: a SIGTERM loses none of them (the
 * store is closed, which writes them), a SIGKILL loses at most what was counted in the last
 * USAGE_FLUSH_MS (spec/DECISIONS.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  binPath,
  freePort,
  startProcess,
  waitForHttp,
  type RunningProcess,
} from '../../../scripts/lib/processes.js';
import { createKey } from '../../../service/keys.js';
import { openStore } from '../../../service/store/open.js';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';

const FLUSH_MS = 1_000;

async function startServer(env: Record<string, string>, port: number): Promise<RunningProcess> {
  const server = startProcess(binPath('tsx'), ['service/server.ts'], {
    env: { ...env, PORT: String(port), LOG: 'off', USAGE_FLUSH_MS: String(FLUSH_MS) },
  });
  await waitForHttp(`http://127.0.0.1:${port}/v1/health`, server);
  return server;
}

async function stopWith(server: RunningProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-server.child.pid!, signal);
  await exited;
}

describe.each(ENGINES)('meters written behind, on $name', ({ start }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it('loses no count on SIGTERM, and at most the last interval on SIGKILL', async () => {
    const { store, env } = await engine.fresh();
    const key = (
      await createKey(
        store,
        { environment: 'live', type: 'sk', scopes: ['nature:read'], accountId: 'acct_metered', tier: 3 },
        new Date().toISOString(),
      )
    ).rawKey;
    await store.close();
    const port = await freePort();
    const get = async (n: number) => {
      for (let i = 0; i < n; i += 1)
        expect(
          (
            await fetch(`http://127.0.0.1:${port}/v1/nature/subjects`, {
              headers: { authorization: `Bearer ${key}` },
            })
          ).status,
        ).toBe(200);
    };
    const counts = async () => {
      const reader = await openStore(env);
      try {
        const month = new Date().toISOString().slice(0, 7);
        const days = await reader.dailyUsage('acct_metered', month);
        const [keyRecord] = await reader.listAccountKeys('acct_metered', 'live');
        return {
          month: await reader.usage('acct_metered', month),
          days: days.reduce((sum, day) => sum + day.requests, 0),
          lastUsedAt: keyRecord.lastUsedAt,
        };
      } finally {
        await reader.close();
      }
    };

    const first = await startServer(env, port);
    await get(12);
    await stopWith(first, 'SIGTERM'); // well within one interval of the last request: only the close writes them
    const afterTerm = await counts();
    expect(afterTerm.month).toBe(12);
    expect(afterTerm.days).toBe(12);
    expect(afterTerm.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);

    const second = await startServer(env, port);
    await get(10);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 2.5)); // these are written by now
    await get(6);
    await stopWith(second, 'SIGKILL'); // no shutdown: the last interval's counts may be lost
    const afterKill = await counts();
    expect(afterKill.month).toBeGreaterThanOrEqual(22);
    expect(afterKill.month).toBeLessThanOrEqual(28);
    expect(afterKill.days).toBe(afterKill.month);
  }, 120_000);
});
