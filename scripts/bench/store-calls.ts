/**
 * The store calls of three request paths in a loop, in process, without HTTP: what one request
 * costs the store. `npx tsx scripts/bench/store-calls.ts [OTHER/service/store/open.ts]` measures
 * this checkout's store and, when given, another checkout's (e.g. `git worktree add /tmp/base
 * main`), in alternating rounds in one process (each going first every other round) so both see
 * the same machine load. SQLite by default (a file in a temporary folder, synchronous=FULL);
 * DATABASE_URL for PostgreSQL.
 *
 * Paths: GET one subject with a sandbox key, as `npm run bench -- http` does (key, account, rate
 * limit, the read); a list page of 10 (the same, then a keyset page); GET with a live key (also the
 * monthly and daily meter: counted in memory and written every USAGE_FLUSH_MS since issue 26; two
 * commits per request before). Prints microseconds per request, the
 * median of the rounds. Indicative only on a shared machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Store } from '../../service/store/store.js';

const ROUNDS = 9;
const iterations = Number(process.env.STORE_CALLS_ITERATIONS ?? 2000);
const here = path.resolve(import.meta.dirname, '../../service/store/open.ts');
const modules = [here, ...(process.argv[2] ? [path.resolve(process.argv[2])] : [])];
const now = '2026-11-21T10:00:00Z';
const keys = { test: Buffer.alloc(32, 9), live: Buffer.alloc(32, 10) };
const dir = await mkdtemp(path.join(tmpdir(), 'store-calls-'));

async function open(modulePath: string, index: number): Promise<Store> {
  const { openStore } = (await import(pathToFileURL(modulePath).href)) as {
    openStore: (env: NodeJS.ProcessEnv) => Promise<Store>;
  };
  const store = await openStore(
    process.env.DATABASE_URL
      ? { DATABASE_URL: process.env.DATABASE_URL }
      : { DATABASE_PATH: path.join(dir, `calls-${index}.db`) },
  );
  const account = `acct_calls${index}`;
  await store.createAccount(account, 3, now);
  for (const environment of ['test', 'live'] as const) {
    const hash = Buffer.concat([keys[environment].subarray(1), Buffer.from([index])]);
    await store.insertKey({
      id: `key_calls${index}_${environment}`,
      accountId: account,
      environment,
      type: 'sk',
      scopes: ['nature:read'],
      hash,
      last4: 'abcd',
      name: null,
      createdAt: now,
      revokedAt: null,
    });
    for (let i = 0; i < 50; i += 1) {
      await store.insertSubject(
        { accountId: account, environment },
        {
          id: `subj_${index}${environment}${String(i).padStart(4, '0')}`,
          createdAt: now,
          consentArtifact: { consent_text_version: '2026-01' },
          metadata: { n: String(i) },
        },
      );
    }
  }
  return store;
}

/** The paths of one store: what service/security.ts, app.ts and the handler ask it for. */
function paths(store: Store, index: number): Record<string, () => Promise<void>> {
  const authenticate = async (environment: 'test' | 'live') => {
    const hash = Buffer.concat([keys[environment].subarray(1), Buffer.from([index])]);
    // The key with its account in one read where the store has it (issue 26), else two reads as before.
    const key =
      'findKeyWithAccount' in store
        ? (await store.findKeyWithAccount(hash.toString('latin1')))!.key
        : (await (store as Store).findKeyByHash(hash))!;
    if (!('findKeyWithAccount' in store)) await (store as Store).findAccount(key.accountId);
    await store.takeTokens(
      [
        { name: `key:${key.id}`, perMinute: 1e9 },
        { name: `account:${key.accountId}`, perMinute: 1e9 },
      ],
      Date.now(),
    );
    if (environment === 'live') {
      await store.meter(key.accountId, '2026-11');
      await store.meterDay(key.accountId, '2026-11-21');
    }
    return { accountId: key.accountId, environment };
  };
  return {
    'GET one subject (sandbox key)': async () => {
      const scope = await authenticate('test');
      await store.findSubject(scope, `subj_${index}test0025`);
    },
    'list a page of 10 (sandbox key)': async () => {
      const scope = await authenticate('test');
      const first = await store.pageSubjects(scope, { limit: 10, boundary: null });
      await store.pageSubjects(scope, { limit: 10, boundary: { after: first.older! } });
    },
    'GET one subject (live key: metered)': async () => {
      const scope = await authenticate('live');
      await store.findSubject(scope, `subj_${index}live0025`);
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const stores = await Promise.all(modules.map(open));
try {
  for (const name of Object.keys(paths(stores[0], 0))) {
    const runs = stores.map((store, index) => paths(store, index)[name]);
    const count = name.includes('live') ? Math.ceil(iterations / 10) : iterations; // fewer: against a checkout before issue 26 each is two commits waiting on the disk
    for (const run of runs) for (let i = 0; i < 100; i += 1) await run(); // warm-up
    const rounds: number[][] = runs.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [...runs.entries()] : [...runs.entries()].reverse(); // neither store always goes first
      for (const [index, run] of order) {
        const started = process.hrtime.bigint();
        for (let i = 0; i < count; i += 1) await run();
        rounds[index].push(Number(process.hrtime.bigint() - started) / 1000 / count);
      }
    }
    const [mine, other] = rounds.map(median);
    const versus =
      other === undefined ? '' : `; other: ${other.toFixed(1)} µs (this/other ${(mine / other).toFixed(2)})`;
    console.log(
      `${stores[0].engine} ${name}: ${mine.toFixed(1)} µs per request${versus} (median of ${ROUNDS} rounds of ${count})`,
    );
  }
} finally {
  await Promise.all(stores.map((store) => store.close()));
  await rm(dir, { recursive: true, force: true });
}
