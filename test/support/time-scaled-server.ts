/**
 * The reference service as `npm run serve` runs it, except that its rate limiter's clock runs
 * RATE_LIMIT_TIME_SCALE times faster than the wall clock. With the contract suites' pacing clock
 * scaled the same (CONTRACT_TIME_SCALE), a tier-0 key behaves exactly as on a real deployment,
 * 429s and Retry-After included, in a fraction of the time.
 */
import { serveFromEnvironment } from '../../service/serve.js';

const scale = Number(process.env.RATE_LIMIT_TIME_SCALE ?? 1);
const started = Date.now();
await serveFromEnvironment('time-scaled', { rateLimitClock: () => started + (Date.now() - started) * scale });
