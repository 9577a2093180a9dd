/**
 * The webhook encryption key file, created on first use beside the database, when several
 * processes start at once on one database (a cluster on one SQLite file, the CLI beside the
 * service). Starts 8 Node processes (a bundle: entry-bundle.ts) on a fresh folder; every one must use the one key the file
 * holds. Before the key file was published atomically, a process could read it half-written and
 * stop with "the webhook encryption key must be 32 bytes" (the load-balancer e2e test did, once).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledArgs } from '../../../../scripts/lib/entry-bundle.js';
import { startProcess } from '../../../../scripts/lib/processes.js';
import { SecretBox } from '../../../../service/webhooks/secrets.js';

const folder = mkdtempSync(path.join(tmpdir(), 'key-race-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the webhook encryption key file', () => {
  it('is created once, whole, when 8 processes race to create it, and every process uses it', async () => {
    const racer = await bundledArgs('test/support/seal-with-key-file.ts');
    const startAt = String(Date.now() + 4_000); // past Node's start-up, so they call at the same moment
    const racers = Array.from({ length: 8 }, () =>
      startProcess(process.execPath, racer, {
        env: {
          DATABASE_PATH: path.join(folder, 'service.db'),
          START_AT: startAt,
          WEBHOOK_ENCRYPTION_KEY: '',
        },
      }),
    );
    const codes = await Promise.all(
      racers.map((racer) => new Promise<number | null>((resolve) => racer.child.once('exit', resolve))),
    );
    expect(racers.map((racer, i) => `${codes[i]} ${codes[i] === 0 ? '' : racer.output()}`)).toEqual(
      racers.map(() => '0 '),
    );

    const keyFile = path.join(folder, 'webhook-encryption.key');
    expect(readdirSync(folder)).toEqual(['webhook-encryption.key']); // no draft left behind
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const box = new SecretBox(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64'));
    for (const racer of racers) expect(box.open(racer.output().trim(), 'we_race')).toBe('whsec_race');
  }, 60_000);
});
