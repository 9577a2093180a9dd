/**
 * Webhooks through the real processes: the operator CLI on a real SQLite file (secret shown once,
 * never stored raw), and the service killed with SIGKILL while deliveries are in flight, which
 * loses no event: after a restart every acknowledged change's event arrives (duplicates allowed),
 * on SQLite and on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, freePort, startProcess, waitForHttp, type RunningProcess } from '../../scripts/lib/processes.js';
import { createKey } from '../../service/keys.js';
import { SqliteStore } from '../../service/store/sqlite.js';
import { hang, json, startTestServer, type TestServer } from '../support/http-server.js';
import { ENGINES, type EngineUnderTest } from '../support/engines.js';
import { CONSENT } from '../support/service.js';

const run = promisify(execFile);
let dir: string;
let receiver: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'webhooks-process-'));
  receiver = await startTestServer();
});
afterAll(async () => {
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

const cli = (database: string, ...args: string[]) => run(binPath('tsx'), ['service/webhooks/cli.ts', ...args], { env: { ...process.env, DATABASE_PATH: database } });

async function accountWithKey(database: string, accountId: string): Promise<string> {
  const store = new SqliteStore(database);
  const { rawKey } = await createKey(store, { environment: 'test', type: 'sk', scopes: ['nature:read', 'nature:write'], accountId, tier: 3 }, new Date().toISOString());
  await store.close();
  return rawKey;
}

describe('npm run webhooks', () => {
  it('adds an endpoint with the secret as the last line, keeps it only encrypted, lists, triggers, rotates and removes', async () => {
    const database = path.join(dir, 'cli.db');
    await accountWithKey(database, 'acct_cli');
    receiver.script(json(200, {}));
    const added = await cli(database, 'add', '--env', 'test', '--url', `${receiver.url}/cli`, '--account', 'acct_cli', '--events', 'assessment.completed');
    const secret = added.stdout.trim().split('\n').at(-1)!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const id = /added (we_\w+)/.exec(added.stdout)![1];
    const files = ['cli.db', 'cli.db-wal'].map((file) => { try { return readFileSync(path.join(dir, file)).toString('latin1'); } catch { return ''; } }).join('');
    expect(files).not.toContain(secret.slice('whsec_'.length));
    expect((await cli(database, 'list')).stdout).toMatch(new RegExp(`${id}  test  ${receiver.url}/cli  account=acct_cli  events=assessment.completed  enabled`));

    const triggered = await cli(database, 'trigger', 'assessment.completed', '--env', 'test', '--account', 'acct_cli');
    expect(triggered.stdout).toMatch(/queued assessment.completed evt_\w+ for 1 test endpoint/);
    expect(triggered.stdout).toMatch(new RegExp(`${id}: delivered \\(200\\)`));
    const request = receiver.requests.at(-1)!;
    expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: 'assessment.completed', livemode: false });
    const eventId = request.headers['webhook-id'] as string;
    expect((await cli(database, 'deliveries', id)).stdout).toMatch(new RegExp(`${eventId}  assessment.completed  succeeded  attempts=1  last=200`));

    const rotated = await cli(database, 'rotate-secret', id);
    const fresh = rotated.stdout.trim().split('\n').at(-1)!;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect((await cli(database, 'resend', eventId)).stdout).toMatch(`re-queued ${eventId} for ${id}`);

    await expect(cli(database, 'add', '--env', 'live', '--url', 'https://127.0.0.1/x', '--account', 'acct_cli')).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/refused live endpoint: 127.0.0.1 is a loopback address/) });
    expect((await cli(database, 'remove', id)).stdout).toMatch(`removed ${id}`);
    expect((await cli(database, 'list')).stdout).toMatch('no webhook endpoints');
  }, 240_000);
});

describe.each(ENGINES)('webhook durability on $name', ({ start: startEngine }) => {
  let engine: EngineUnderTest;
  beforeAll(async () => {
    engine = await startEngine();
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it('delivers every acknowledged change\'s event after SIGKILL during delivery and a restart', async () => {
    const { store, env: databaseEnv } = await engine.fresh();
    const { rawKey: key } = await createKey(store, { environment: 'test', type: 'sk', scopes: ['nature:read', 'nature:write'], accountId: 'acct_durable', tier: 3 }, new Date().toISOString());
    await store.close();
    // One encryption key for the CLI and both service processes, whatever the engine.
    const storeEnv = { ...databaseEnv, WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    receiver.script(hang); // every attempt before the kill is in flight, unanswered
    const added = await run(binPath('tsx'), ['service/webhooks/cli.ts', 'add', '--env', 'test', '--url', receiver.url, '--account', 'acct_durable'], { env: { ...process.env, ...storeEnv } });
    const secret = added.stdout.trim().split('\n').at(-1)!;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...storeEnv, PORT: String(port), LOG: 'off', WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_RETRY_DELAYS_MS: '100,200,400' };
    const start = async (): Promise<RunningProcess> => {
      const server = startProcess(binPath('tsx'), ['service/server.ts'], { env });
      await waitForHttp(`${base}/v1/health`, server);
      return server;
    };
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const first = await start();
    const expected: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const subject = await (await fetch(`${base}/v1/nature/subjects`, { method: 'POST', headers, body: JSON.stringify({ consent_artifact: CONSENT }) })).json();
      const deleted = await fetch(`${base}/v1/nature/subjects/${subject.id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
      expect(deleted.status).toBe(200);
      expected.push(subject.id);
    }
    const subject = await (await fetch(`${base}/v1/nature/subjects`, { method: 'POST', headers, body: JSON.stringify({ consent_artifact: CONSENT }) })).json();
    const assessment = await (await fetch(`${base}/v1/nature/subjects/${subject.id}/assessments`, { method: 'POST', headers, body: '{}' })).json();
    const completed = await fetch(`${base}/v1/nature/assessments/${assessment.id}`, { method: 'PATCH', headers, body: JSON.stringify({ answers: [{ item_id: 'n01', value: 3 }], status: 'completed' }) });
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
      const arrived = () => expected.filter((id) => receiver.requests.some((r) => r.body.includes(`"id":"${id}"`)));
      while (arrived().length < expected.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(arrived()).toEqual(expected);
      for (const request of receiver.requests) expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      // In order per endpoint: the subjects' deletions arrive in the order they were made.
      const order = receiver.requests.map((r) => JSON.parse(r.body).data.object.id).filter((id: string, index: number, all: string[]) => all.indexOf(id) === index);
      expect(order).toEqual(expected);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
