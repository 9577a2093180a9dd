/**
 * One instance of the reference service for the multi-instance and load-balancer tests: `npm run
 * serve` as it runs from the environment (DATABASE_URL, PORT, TRUST_PROXY, LOG, its webhook
 * dispatcher), with the rate limiter's clock frozen at RATE_CLOCK_MS so a bucket never refills
 * during a test and "exactly 60" can be asserted across processes.
 */
import { serveFromEnvironment } from '../../service/serve.js';

const frozen = Number(process.env.RATE_CLOCK_MS);
if (!Number.isFinite(frozen)) throw new Error('RATE_CLOCK_MS must be set (milliseconds)');
await serveFromEnvironment('instance', { rateLimitClock: () => frozen });
