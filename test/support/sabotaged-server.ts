/**
 * The reference service with one thing broken on purpose (SABOTAGE), for proving that the
 * contract suite notices: `wrong-type` (a subject field of the wrong type), `drop-header` (a
 * rate-limit header missing), `ok-for-404` (200 where the spec says 404), `other-spec` (built
 * from another spec: a different digest).
 */
import { buildApp } from '../../service/app.js';
import { SqliteStore } from '../../service/store/sqlite.js';

const store = new SqliteStore(process.env.DATABASE_PATH!);
const app = await buildApp({ store });
const sabotage = process.env.SABOTAGE;
app.addHook('onSend', async (request, reply, payload) => {
  if (sabotage === 'drop-header') reply.removeHeader('x-ratelimit-remaining');
  if (sabotage === 'ok-for-404' && reply.statusCode === 404) reply.code(200);
  if (sabotage === 'other-spec') reply.header('x-spec-digest', `sha256:${'0'.repeat(64)}`);
  if (sabotage === 'wrong-type' && typeof payload === 'string' && payload.includes('"object":"subject"')) return payload.replace('"livemode":false', '"livemode":"no"');
  return payload;
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
