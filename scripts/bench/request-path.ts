/**
 * The service's own work for one `GET` of a subject, without HTTP or Fastify: the security hook
 * (key, account, rate limits, scopes, usage) and the handler (the read and the view), called in a
 * loop in process, on an in-memory SQLite store. `npx tsx scripts/bench/request-path.ts [OTHER]`
 * measures this checkout and, when given, another checkout's root (e.g. `git worktree add
 * /tmp/base main`), in alternating rounds in one process so both see the same machine load.
 * Prints microseconds of CPU per request, the median of the rounds with its range (each call is
 * awaited, so both checkouts pay one microtask per call more than Fastify makes them). A diagnosis:
 * under HTTP load on two shared cores, differences of a few microseconds are within the noise of
 * `npm run bench -- http`, and this path is where the service differs from bare Fastify.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ROUNDS = 9;
const PER_ROUND = Number(process.env.REQUEST_PATH_ITERATIONS ?? 50_000);
const roots = [
  path.resolve(import.meta.dirname, '../..'),
  ...(process.argv[2] ? [path.resolve(process.argv[2])] : []),
];

type OneRequest = () => Promise<void>;

/** One checkout's security hook and handler on a store of its own, as one request. */
async function requestOf(root: string): Promise<OneRequest> {
  const load = <T>(file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;
  const { createKey } = await load<typeof import('../../service/keys.js')>('service/keys.ts');
  const { createSecurityHook } =
    await load<typeof import('../../service/security.js')>('service/security.ts');
  const { RateLimiter } = await load<typeof import('../../service/rate-limit.js')>('service/rate-limit.ts');
  const { createHandlers } = await load<typeof import('../../service/handlers.js')>('service/handlers.ts');
  const { CursorCodec } = await load<typeof import('../../service/cursor.js')>('service/cursor.ts');
  const { SqliteStore } =
    await load<typeof import('../../service/store/sqlite.js')>('service/store/sqlite.ts');
  const { ROUTES } =
    await load<typeof import('../../generated/server/index.js')>('generated/server/index.ts');
  const store = new SqliteStore(':memory:');
  const scope = { accountId: 'acct_path', environment: 'test' as const };
  const { rawKey } = await createKey(
    store,
    { environment: 'test', type: 'sk', scopes: ['nature:read'], accountId: scope.accountId, tier: 3 },
    '2026-11-27T10:00:00Z',
  );
  await store.insertSubject(scope, {
    id: 'subj_path',
    createdAt: '2026-11-27T10:00:00Z',
    consentArtifact: { consent_text_version: '2026-01' },
    metadata: {},
  });
  const refused = (_reply: unknown, _request: unknown, status: number, code: string) => {
    throw new Error(`refused: ${status} ${code}`);
  };
  // The rate clock runs fast, as in the HTTP bench, so the buckets never run dry.
  const authenticate = createSecurityHook(
    store,
    new RateLimiter(() => Date.now() * 1e6),
    refused as never,
    () => undefined,
  );
  const handlers = createHandlers({ store, cursors: new CursorCodec('x'.repeat(48)), now: Date.now });
  const route = ROUTES.find((candidate) => candidate.operationId === 'retrieveSubject')!;
  const retrieveSubject = handlers.retrieveSubject as unknown as (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => unknown;
  const reply = { header: () => reply, headers: () => reply } as unknown as FastifyReply;
  return async () => {
    const request = {
      headers: { authorization: `Bearer ${rawKey}` },
      ip: '127.0.0.1',
      id: 'req_path',
      params: { subject_id: 'subj_path' },
    } as unknown as FastifyRequest;
    await authenticate(request, reply, route);
    if (!(await retrieveSubject(request, reply))) throw new Error('no subject');
  };
}

async function microsPerRequest(one: OneRequest, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) await one();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

const paths = await Promise.all(roots.map(requestOf));
for (const one of paths) await microsPerRequest(one, PER_ROUND); // warm-up: JIT, caches
const rounds: number[][] = roots.map(() => []);
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? paths.keys() : [...paths.keys()].reverse();
  for (const index of order) rounds[index].push(await microsPerRequest(paths[index], PER_ROUND));
}
roots.forEach((root, index) => {
  const sorted = [...rounds[index]].sort((a, b) => a - b);
  console.log(
    `${root}: median ${sorted[Math.floor(ROUNDS / 2)].toFixed(2)} µs per request (min ${sorted[0].toFixed(2)}, max ${sorted[ROUNDS - 1].toFixed(2)})`,
  );
});
process.exit(0);
