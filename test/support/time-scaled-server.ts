/**
 * The reference service as `npm run serve` runs it, except that its rate limiter's clock runs
 * RATE_LIMIT_TIME_SCALE times faster than the wall clock. With the contract suites' pacing clock
 * scaled the same (CONTRACT_TIME_SCALE), a tier-0 key behaves exactly as on a real deployment,
 * 429s and Retry-After included, in a fraction of the time.
 */
import { buildApp } from '../../service/app.js';
import { SqliteStore } from '../../service/store/sqlite.js';

const scale = Number(process.env.RATE_LIMIT_TIME_SCALE ?? 1);
const started = Date.now();
const store = new SqliteStore(process.env.DATABASE_PATH!);
const app = await buildApp({ store, rateLimitClock: () => started + (Date.now() - started) * scale });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
