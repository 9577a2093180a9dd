/**
 * One instance of the reference service for the multi-instance tests: service/server.ts's app
 * and store (DATABASE_URL), with the rate limiter's clock frozen at RATE_CLOCK_MS so a bucket
 * never refills during a test and "exactly 60" can be asserted across processes.
 */
import { buildApp } from '../../service/app.js';
import { openStore } from '../../service/store/open.js';

const frozen = Number(process.env.RATE_CLOCK_MS);
if (!Number.isFinite(frozen)) throw new Error('RATE_CLOCK_MS must be set (milliseconds)');
const store = await openStore();
const app = await buildApp({ store, rateLimitClock: () => frozen });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
