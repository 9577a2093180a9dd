/**
 * Durability: acknowledged writes survive the service process being killed with SIGKILL right
 * after the acknowledgement, on the same database (a SQLite file, or PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../service/keys.js';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../../scripts/lib/processes.js';
import { bundledArgs } from '../../../scripts/lib/entry-bundle.js';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';
import { CONSENT } from '../../support/service.js';

async function startServer(env: Record<string, string>, port: number): Promise<RunningProcess> {
  // The service's code as one bundle (entry-bundle.ts): a SIGKILL of its group is the same either way.
  const server = startProcess(process.execPath, await bundledArgs('service/server.ts'), {
    env: { ...env, PORT: String(port), LOG: 'off' },
  });
  await waitForHttp(`http://127.0.0.1:${port}/v1/health`, server);
  return server;
}

describe.each(ENGINES)('durability on $name', ({ start }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await start();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it('keeps every acknowledged write after SIGKILL and a restart on the same database', async () => {
    const { store, env } = await engine.fresh();
    const key = (
      await createKey(
        store,
        {
          environment: 'test',
          type: 'sk',
          scopes: ['nature:read', 'nature:write'],
          accountId: 'acct_durable',
          tier: 3,
        },
        new Date().toISOString(),
      )
    ).rawKey;
    await store.close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const first = await startServer(env, port);
    const acknowledged: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await fetch(`${base}/v1/nature/subjects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ consent_artifact: CONSENT, metadata: { n: String(i) } }),
      });
      expect(response.status).toBe(201);
      acknowledged.push((await response.json()).id);
    }
    const assessment = await (
      await fetch(`${base}/v1/nature/subjects/${acknowledged[0]}/assessments`, {
        method: 'POST',
        headers,
        body: '{}',
      })
    ).json();
    const submit = await fetch(`${base}/v1/nature/assessments/${assessment.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ answers: [{ item_id: 'n01', value: 5 }], status: 'completed' }),
    });
    expect(submit.status).toBe(200);
    const completed = assessment.id;
    process.kill(-first.child.pid!, 'SIGKILL'); // no shutdown, no flush: straight after the last acknowledgement
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer(env, port);
    try {
      for (const id of acknowledged) {
        const response = await fetch(`${base}/v1/nature/subjects/${id}`, { headers });
        expect(response.status, id).toBe(200);
      }
      const after = await (await fetch(`${base}/v1/nature/assessments/${completed}`, { headers })).json();
      expect(after.status).toBe('completed');
      const listed = await (await fetch(`${base}/v1/nature/subjects?limit=100`, { headers })).json();
      expect(listed.data).toHaveLength(40);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
