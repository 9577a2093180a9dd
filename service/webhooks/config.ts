/**
 * Delivery settings: the spec's `x-webhooks` (through the generated server facts), with the
 * environment overrides tests need. One place reads them.
 */
import { WEBHOOKS } from '../../generated/server/index.js';

export interface WebhookSettings {
  /** Delay before each retry, in ms, un-jittered; after the last one fails the endpoint is disabled. */
  retryDelaysMs: number[];
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number;
  maxPayloadBytes: number;
  secretPrefix: string;
  headers: { id: string; timestamp: string; signature: string };
  eventTypes: string[];
}

function spec() {
  if (!WEBHOOKS) throw new Error('the spec declares no webhooks (x-webhooks); nothing to deliver');
  return WEBHOOKS;
}

/** `WEBHOOK_RETRY_DELAYS_MS=100,200,400` replaces the schedule; `WEBHOOK_TIMEOUT_MS` the 10 s timeout (tests). */
export function webhookSettings(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const facts = spec();
  const delays = env.WEBHOOK_RETRY_DELAYS_MS?.trim();
  const retryDelaysMs = delays
    ? delays.split(',').map((part) => Number(part.trim()))
    : facts.retryScheduleSeconds.map((seconds) => seconds * 1000);
  if (retryDelaysMs.some((delay) => !Number.isFinite(delay) || delay < 0))
    throw new Error(
      `WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. 100,200,400; got ${JSON.stringify(delays)}`,
    );
  const timeoutMs = env.WEBHOOK_TIMEOUT_MS
    ? Number(env.WEBHOOK_TIMEOUT_MS)
    : (facts.timeoutSeconds ?? 10) * 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error(
      `WEBHOOK_TIMEOUT_MS must be a positive number of milliseconds; got ${JSON.stringify(env.WEBHOOK_TIMEOUT_MS)}`,
    );
  return {
    retryDelaysMs,
    timeoutMs,
    maxPayloadBytes: facts.maxPayloadBytes ?? 65536,
    secretPrefix: facts.secretPrefix,
    headers: facts.headers,
    eventTypes: facts.eventTypes,
  };
}

/** A delay jittered by up to ±10 % (x-webhooks), so endpoints that failed together are not retried together. */
export function jittered(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs * (0.9 + 0.2 * random()));
}
