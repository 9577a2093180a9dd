/**
 * The operator's side of accounts, on a SQLite file (each CLI once as its npm script starts it, with
 * tsx; otherwise its code as one bundle, entry-bundle.ts): the tier is
 * an account fact changed only by `accounts set-tier`, loudly; the keys CLI refuses `--tier`; the
 * outbox shows the mails the dashboard would send; a running service sees the new tier at once.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../service/store/sqlite.js';
import { bundledArgs } from '../../../scripts/lib/entry-bundle.js';
import { tsxArgs } from '../../../scripts/lib/processes.js';

let dir: string;
let database: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'accounts-cli-'));
  database = path.join(dir, 'service.db');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const execute = (nodeArgs: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      nodeArgs,
      { env: { ...process.env, DATABASE_PATH: database, DATABASE_URL: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
/** As `npm run keys` (and the others) start it: Node with tsx's loader (the tsx binary, without its own Node in between). */
const runAsTyped = (script: string, ...args: string[]) => execute(tsxArgs(script, ...args));
const run = async (script: string, ...args: string[]) => execute(await bundledArgs(script, ...args));

describe('the operator CLIs on arguments they do not take', () => {
  it.each([
    ['keys', 'service/keys-cli.ts'],
    ['accounts', 'service/accounts-cli.ts'],
    ['webhooks', 'service/webhooks/cli.ts'],
  ])(
    '%s: --help prints the usage; an unknown option is one line and the usage, exit 2, no stack trace',
    async (name, script) => {
      const help = await runAsTyped(script, '--help');
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^usage: npm run ${name} -- `));
      const unknown = await runAsTyped(script, 'list', '--bogus');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr.split('\n')[0]).toBe(`${name}: Unknown option '--bogus'.`);
      expect(unknown.stderr).toContain(`usage: npm run ${name} -- `);
      expect(unknown.stderr).not.toMatch(/^\s+at /m);
    },
  );
});

describe('the operator CLIs on values the contracts refuse', () => {
  it('refuse an account ID or key name the dashboard could not show (control characters, over 100 characters, odd IDs), exit 2, nothing created', async () => {
    // Before: accepted, and the dashboard API then answered names its own schema forbids.
    const cases: Array<[string, string[], RegExp]> = [
      [
        'service/keys-cli.ts',
        ['create', '--env', 'test', '--type', 'sk', '--scopes', 'nature:read', '--name', 'N'.repeat(101)],
        /^keys: --name: a key's name has at most 100 characters; this one has 101$/m,
      ],
      [
        'service/keys-cli.ts',
        [
          'create',
          '--env',
          'test',
          '--type',
          'sk',
          '--scopes',
          'nature:read',
          '--name',
          'tab\there\u001b[2J',
        ],
        /^keys: --name: a key's name has no control characters/m,
      ],
      [
        'service/keys-cli.ts',
        ['create', '--env', 'test', '--type', 'sk', '--scopes', 'nature:read', '--account', ''],
        /^keys: --account must be letters, digits, _ and - \(at most 64\); got ""$/m,
      ],
      [
        'service/accounts-cli.ts',
        ['create', '--id', 'bad id!'],
        /^accounts: --id must be letters, digits, _ and - \(at most 64\); got "bad id!"$/m,
      ],
    ];
    for (const [script, args, message] of cases) {
      const result = await run(script, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain('\u001b');
    }
    expect((await run('service/keys-cli.ts', 'list')).stdout).not.toMatch(/N{101}|tab/);
  }, 60_000);
});

describe('npm run accounts', () => {
  it('creates an account with a user, changes its tier loudly, refuses keys --tier, and lists the outbox', async () => {
    const created = await run(
      'service/accounts-cli.ts',
      'create',
      '--id',
      'acct_ops',
      '--tier',
      '1',
      '--email',
      'ops@example.com',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(
      'created account acct_ops, tier 1 (Indie: 300 requests/min per key, 500 per account)',
    );

    const key = await run(
      'service/keys-cli.ts',
      'create',
      '--env',
      'test',
      '--type',
      'sk',
      '--scopes',
      'nature:read',
      '--account',
      'acct_ops',
    );
    expect(key.code, key.stderr).toBe(0);
    const refused = await run(
      'service/keys-cli.ts',
      'create',
      '--env',
      'test',
      '--type',
      'sk',
      '--scopes',
      'nature:read',
      '--account',
      'acct_ops',
      '--tier',
      '3',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('npm run accounts -- set-tier acct_ops 3');

    const changed = await run('service/accounts-cli.ts', 'set-tier', 'acct_ops', '2');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('acct_ops: TIER CHANGED 1 → 2, effective on the next request');
    expect(changed.stdout).toContain('was: tier 1 (Indie: 300 requests/min per key, 500 per account)');
    expect(changed.stdout).toContain('now: tier 2 (Platform: 1000 requests/min per key, 2000 per account)');
    expect((await run('service/accounts-cli.ts', 'set-tier', 'acct_ops', '9')).code).toBe(2);
    expect((await run('service/accounts-cli.ts', 'set-tier', 'acct_nobody', '1')).stderr).toContain(
      'no account acct_nobody',
    );

    const store = new SqliteStore(database);
    try {
      expect((await store.findAccount('acct_ops'))?.tier).toBe(2); // the refused --tier 3 changed nothing
      expect(
        (await store.listBillingRecords('acct_ops'))
          .filter((record) => record.kind === 'plan_change')
          .map((record) => record.payload),
      ).toEqual([{ from_tier: 1, to_tier: 2 }]);
    } finally {
      await store.close();
    }

    // An account without a dashboard user is listed too (before: only accounts with users were).
    expect((await run('service/accounts-cli.ts', 'create', '--id', 'acct_bare', '--tier', '1')).code).toBe(0);
    const listed = await run('service/accounts-cli.ts', 'list');
    expect(listed.stdout).toMatch(
      /^acct_ops {2}tier 2 \(Platform\) {2}ops@example\.com \(unverified\) {2}since /m,
    );
    expect(listed.stdout).toMatch(/^acct_bare {2}tier 1 \(Indie\) {2}no dashboard user {2}since /m);
    const mail = await run('service/accounts-cli.ts', 'mail');
    expect(mail.stdout).toMatch(
      /to ops@example\.com {2}"Reset your password"\n {2}.*\/dashboard\/reset-password#token=[A-Za-z0-9_-]+/,
    );
    // A dozen CLI processes one after another: 30 s in CI beside two other tiers.
  }, 150_000);
});
