/**
 * Webhooks through the real processes: the service killed with SIGKILL while deliveries are in
 * flight loses no event: after a restart every acknowledged change's event arrives (duplicates
 * allowed, in order per endpoint), on SQLite and on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startProcess,
  waitForHttp,
  type RunningProcess,
} from '../../../../scripts/lib/processes.js';
import { bundledArgs } from '../../../../scripts/lib/entry-bundle.js';
import { createKey } from '../../../../service/keys.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';
import { hang, json, startTestServer, type TestServer } from '../../../support/http-server.js';
import { CONSENT } from '../../../support/service.js';

const run = promisify(execFile);
let receiver: TestServer;
beforeAll(async () => {
  receiver = await startTestServer();
});
afterAll(async () => {
  await receiver.close();
});

describe.each(ENGINES)('webhook durability on $name', ({ start: startEngine }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await startEngine();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it("delivers every acknowledged change's event after SIGKILL during delivery and a restart", async () => {
    const { store, env: databaseEnv } = await engine.fresh();
    const { rawKey: key } = await createKey(
      store,
      {
        environment: 'test',
        type: 'sk',
        scopes: ['nature:read', 'nature:write'],
        accountId: 'acct_durable',
        tier: 3,
      },
      new Date().toISOString(),
    );
    await store.close();
    // One encryption key for the CLI and both service processes, whatever the engine.
    const storeEnv = { ...databaseEnv, WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    receiver.script(hang); // every attempt before the kill is in flight, unanswered
    const added = await run(
      process.execPath,
      await bundledArgs(
        'service/webhooks/cli.ts',
        'add',
        '--env',
        'test',
        '--url',
        receiver.url,
        '--account',
        'acct_durable',
      ),
      { env: { ...process.env, ...storeEnv } },
    );
    const secret = added.stdout.trim().split('\n').at(-1)!;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...storeEnv,
      PORT: String(port),
      LOG: 'off',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_RETRY_DELAYS_MS: '100,200,400',
    };
    const server = await bundledArgs('service/server.ts');
    const start = async (): Promise<RunningProcess> => {
      const running = startProcess(process.execPath, server, { env });
      await waitForHttp(`${base}/v1/health`, running);
      return running;
    };
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const first = await start();
    const expected: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const subject = await (
        await fetch(`${base}/v1/nature/subjects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ consent_artifact: CONSENT }),
        })
      ).json();
      const deleted = await fetch(`${base}/v1/nature/subjects/${subject.id}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      });
      expect(deleted.status).toBe(200);
      expected.push(subject.id);
    }
    const subject = await (
      await fetch(`${base}/v1/nature/subjects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ consent_artifact: CONSENT }),
      })
    ).json();
    const assessment = await (
      await fetch(`${base}/v1/nature/subjects/${subject.id}/assessments`, {
        method: 'POST',
        headers,
        body: '{}',
      })
    ).json();
    const completed = await fetch(`${base}/v1/nature/assessments/${assessment.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ answers: [{ item_id: 'n01', value: 3 }], status: 'completed' }),
    });
    expect(completed.status).toBe(200);
    expected.push(assessment.id);
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the dispatcher put an attempt in flight
    expect(receiver.requests.length).toBeGreaterThan(0);
    process.kill(-first.child.pid!, 'SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    receiver.script(json(200, {}));
    const second = await start();
    try {
      const deadline = Date.now() + 30_000;
      const arrived = () =>
        expected.filter((id) => receiver.requests.some((r) => r.body.includes(`"id":"${id}"`)));
      while (arrived().length < expected.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(arrived()).toEqual(expected);
      for (const request of receiver.requests)
        expect(() =>
          new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
        ).not.toThrow();
      // In order per endpoint: the subjects' deletions arrive in the order they were made.
      const order = receiver.requests
        .map((r) => JSON.parse(r.body).data.object.id)
        .filter((id: string, index: number, all: string[]) => all.indexOf(id) === index);
      expect(order).toEqual(expected);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
