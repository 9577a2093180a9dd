/**
 * The operator's webhook CLI (`npm run webhooks`) on a real SQLite file: the secret shown once and
 * never stored raw, list, trigger (delivered to a real receiver, signature checked with
 * `standardwebhooks`), deliveries, rotate, resend, remove. Delivery surviving SIGKILL is
 * test/e2e/service/webhooks/durability.test.ts.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledArgs } from '../../../../scripts/lib/entry-bundle.js';
import { createKey } from '../../../../service/keys.js';
import { SqliteStore } from '../../../../service/store/sqlite.js';
import { json, startTestServer, type TestServer } from '../../../support/http-server.js';

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

// The CLI's code as one bundle (entry-bundle.ts); accounts-cli.test.ts starts it as `npm run webhooks` does (tsx).
const cli = async (database: string, ...args: string[]) =>
  run(process.execPath, await bundledArgs('service/webhooks/cli.ts', ...args), {
    env: { ...process.env, DATABASE_PATH: database },
  });

async function accountWithKey(database: string, accountId: string): Promise<string> {
  const store = new SqliteStore(database);
  const { rawKey } = await createKey(
    store,
    { environment: 'test', type: 'sk', scopes: ['nature:read', 'nature:write'], accountId, tier: 3 },
    new Date().toISOString(),
  );
  await store.close();
  return rawKey;
}

describe('npm run webhooks', () => {
  it('adds an endpoint with the secret as the last line, keeps it only encrypted, lists, triggers, rotates and removes', async () => {
    const database = path.join(dir, 'cli.db');
    await accountWithKey(database, 'acct_cli');
    receiver.script(json(200, {}));
    const added = await cli(
      database,
      'add',
      '--env',
      'test',
      '--url',
      `${receiver.url}/cli`,
      '--account',
      'acct_cli',
      '--events',
      'assessment.completed',
    );
    const secret = added.stdout.trim().split('\n').at(-1)!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const id = /added (we_\w+)/.exec(added.stdout)![1];
    const files = ['cli.db', 'cli.db-wal']
      .map((file) => {
        try {
          return readFileSync(path.join(dir, file)).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    expect(files).not.toContain(secret.slice('whsec_'.length));
    expect((await cli(database, 'list')).stdout).toMatch(
      new RegExp(`${id}  test  ${receiver.url}/cli  account=acct_cli  events=assessment.completed  enabled`),
    );

    const triggered = await cli(
      database,
      'trigger',
      'assessment.completed',
      '--env',
      'test',
      '--account',
      'acct_cli',
    );
    expect(triggered.stdout).toMatch(/queued assessment.completed evt_\w+ for 1 test endpoint/);
    expect(triggered.stdout).toMatch(new RegExp(`${id}: delivered \\(200\\)`));
    const request = receiver.requests.at(-1)!;
    expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject(
      { type: 'assessment.completed', livemode: false },
    );
    const eventId = request.headers['webhook-id'] as string;
    expect((await cli(database, 'deliveries', id)).stdout).toMatch(
      new RegExp(`${eventId}  assessment.completed  succeeded  attempts=1  last=200`),
    );

    const rotated = await cli(database, 'rotate-secret', id);
    const fresh = rotated.stdout.trim().split('\n').at(-1)!;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect((await cli(database, 'resend', eventId)).stdout).toMatch(`re-queued ${eventId} for ${id}`);

    await expect(
      cli(database, 'add', '--env', 'live', '--url', 'https://127.0.0.1/x', '--account', 'acct_cli'),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/refused live endpoint: 127.0.0.1 is a loopback address/),
    });
    expect((await cli(database, 'remove', id)).stdout).toMatch(`removed ${id}`);
    expect((await cli(database, 'list')).stdout).toMatch('no webhook endpoints');
  }, 240_000);
});
