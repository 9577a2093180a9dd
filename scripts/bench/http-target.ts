/**
 * One HTTP target for the benchmark, in its own process (so load generation does not share its
 * event loop): `service` (the reference service, full path: auth, rate limit, store) or `bare`
 * (plain Fastify answering the same route with a constant body), or a layer between the two for
 * http-layers.ts: `bare-hooks`, `bare-schemas`. The service's store is
 * DATABASE_URL (PostgreSQL) or BENCH_DATABASE (a SQLite file; in memory by default). It creates
 * BENCH_KEY_COUNT keys (default 1) of one tier-3 account; with BENCH_KEYS (comma-separated) it uses
 * those instead (a second instance on one database). Prints one JSON line when ready.
 */
import Fastify from 'fastify';
import { createKey } from '../../service/keys.js';
import { startService } from '../../service/start-service.js';
import { openStore } from '../../service/store/open.js';

const [kind, port] = [process.argv[2], Number(process.argv[3])];
const SUBJECT = {
  id: 'subj_bench000000000000000000',
  object: 'subject',
  livemode: false,
  created_at: '2026-01-01T00:00:00Z',
  consent_artifact: {
    consent_text_version: '2026-01',
    consented_at: '2026-01-01T00:00:00Z',
    ui_snapshot_hash: `sha256:${'ab'.repeat(32)}`,
  },
  metadata: {},
  latest_scores: null,
};

/** bare-hooks: bare plus hooks and headers like the service's; bare-schemas: that plus parameter validation and serialisation from schemas. */
const LAYERED = ['bare', 'bare-hooks', 'bare-schemas'];

if (LAYERED.includes(kind)) {
  const app = Fastify();
  if (kind !== 'bare') {
    // What the service adds around a route, with constants: the API's headers, the Host check, a key check that sets the budget headers.
    const digest = `sha256:${'0'.repeat(64)}`;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers({
        'x-request-id': request.id,
        'x-spec-digest': digest,
        'access-control-allow-origin': '*',
      });
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.headers.host === undefined) reply.code(400);
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.headers.authorization) reply.code(401);
      reply.header('x-ratelimit-limit', 3000).header('x-ratelimit-remaining', 2999);
      done();
    });
  }
  const schema =
    kind === 'bare-schemas'
      ? {
          params: {
            type: 'object',
            properties: { subject_id: { type: 'string', pattern: '^subj_[A-Za-z0-9]+$' } },
            required: ['subject_id'],
          },
          response: {
            200: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                object: { type: 'string' },
                livemode: { type: 'boolean' },
                created_at: { type: 'string' },
                consent_artifact: {
                  type: 'object',
                  properties: {
                    consent_text_version: { type: 'string' },
                    consented_at: { type: 'string' },
                    ui_snapshot_hash: { type: 'string' },
                  },
                },
                metadata: { type: 'object', additionalProperties: { type: 'string' } },
                latest_scores: {
                  anyOf: [
                    { type: 'object', properties: { mn: { type: 'number' }, mi: { type: 'number' } } },
                    { type: 'null' },
                  ],
                },
              },
            },
          },
        }
      : undefined;
  app.get('/v1/nature/subjects/:subject_id', schema ? { schema } : {}, async () => SUBJECT);
  await app.listen({ host: '127.0.0.1', port });
  console.log(
    JSON.stringify({
      path: `/v1/nature/subjects/${SUBJECT.id}`,
      headers: kind === 'bare' ? {} : { authorization: 'Bearer test_sk_layers' },
    }),
  );
} else {
  const store = await openStore(
    process.env.DATABASE_URL ? process.env : { DATABASE_PATH: process.env.BENCH_DATABASE ?? ':memory:' },
  );
  const newKey = async () =>
    (
      await createKey(
        store,
        {
          environment: 'test',
          type: 'sk',
          scopes: ['nature:read', 'nature:write'],
          accountId: 'acct_bench',
          tier: 3,
        },
        new Date().toISOString(),
      )
    ).rawKey;
  let keys = process.env.BENCH_KEYS?.split(',');
  if (!keys) {
    keys = [];
    for (let i = 0; i < Number(process.env.BENCH_KEY_COUNT ?? 1); i += 1) keys.push(await newKey()); // one after another: the first creates the account
  }
  const rawKey = keys[0];
  // As served (its webhook dispatcher beside it). The limiter runs on every request; its clock
  // runs a million times fast so the buckets never run dry: at 1000x, tier 3's 3,000 a minute per
  // key refilled 50,000 a second, which a fast machine outran (8 % of the service's answers were
  // 429s on 2026-11-30, at 55,000 requests a second). Counted from the start, to stay an exact integer.
  const started = Date.now();
  await startService({ store, port, rateLimitClock: () => started + (Date.now() - started) * 1_000_000 });
  const created = await fetch(`http://127.0.0.1:${port}/v1/nature/subjects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ consent_artifact: SUBJECT.consent_artifact }),
  }).then((response) => response.json());
  console.log(
    JSON.stringify({
      path: `/v1/nature/subjects/${created.id}`,
      headers: { authorization: `Bearer ${rawKey}` },
      keys,
      consent: SUBJECT.consent_artifact,
    }),
  );
}
