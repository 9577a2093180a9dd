/**
 * The dispatcher: runs in the service process, apart from request handling. It claims due
 * deliveries from the store's queue under a lease (so another dispatcher, or this one after a
 * crash, takes over what was not finished: at least once), sends each as one signed POST with a
 * timeout, and records the outcome: done, retry later on the schedule, or failed (and the endpoint
 * disabled) when the schedule is spent. At most `concurrency` requests are in flight, one per
 * endpoint, so one slow endpoint holds one slot and its own queue only.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { randomToken } from '../ids.js';
import type { ClaimedWebhookDelivery, Store, WebhookAttemptOutcome } from '../store/store.js';
import { jittered, webhookSettings, type WebhookSettings } from './config.js';
import { secretBox, type SecretBox } from './secrets.js';
import { signatureHeader } from './signing.js';
import { parseEndpointUrl, resolveEndpoint } from './ssrf.js';

export interface DispatcherOptions {
  store: Store;
  settings?: WebhookSettings;
  box?: SecretBox;
  /** Wall clock (signing timestamps, leases, schedule). */
  now?: () => number;
  /** Most requests in flight at once. */
  concurrency?: number;
  /** How often the queue is looked at when nothing calls notify(). */
  pollMs?: number;
  log?: (line: string) => void;
}

/** What one HTTP attempt came to. */
type Attempt = { status: number } | { error: string };

export class WebhookDispatcher {
  readonly owner = `dispatcher_${randomToken(12)}`;
  private readonly store: Store;
  private readonly settings: WebhookSettings;
  private readonly box: SecretBox;
  private readonly now: () => number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ticking = false;
  private again = false;

  constructor(options: DispatcherOptions) {
    this.store = options.store;
    this.settings = options.settings ?? webhookSettings();
    this.box = options.box ?? secretBox();
    this.now = options.now ?? Date.now;
    this.concurrency = options.concurrency ?? 16;
    this.pollMs = options.pollMs ?? 250;
    this.log = options.log ?? (() => undefined);
  }

  /** A claim outlives one attempt (timeout) and the write of its outcome. */
  private get leaseMs(): number {
    return this.settings.timeoutMs * 2 + 1000;
  }

  start(): this {
    this.running = true;
    this.notify();
    return this;
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    while (this.inFlight.size > 0 || this.ticking)
      await Promise.race([...this.inFlight, new Promise((resolve) => setTimeout(resolve, 10))]);
  }

  /** Something may be due now (an event was committed, an attempt finished). */
  notify(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick(): Promise<void> {
    this.ticking = true;
    try {
      do {
        this.again = false;
        const free = this.concurrency - this.inFlight.size;
        if (free <= 0 || !this.running) break;
        const now = this.now();
        const claimed = await this.store.claimWebhookDeliveries(this.owner, now, now + this.leaseMs, free);
        for (const item of claimed) {
          const attempt: Promise<void> = this.attempt(item)
            .catch((error) =>
              this.log(`webhooks: ${item.event.id} -> ${item.endpoint.id}: ${(error as Error).message}`),
            )
            .finally(() => {
              this.inFlight.delete(attempt);
              this.notify();
            });
          this.inFlight.add(attempt);
        }
        if (claimed.length === free) this.again = true; // there may be more
      } while (this.again && this.running);
    } catch (error) {
      this.log(`webhooks: claiming failed: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
      if (this.running) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.tick(), this.pollMs);
        this.timer.unref();
      }
    }
  }

  private async attempt({ delivery, event, endpoint }: ClaimedWebhookDelivery): Promise<void> {
    const started = this.now();
    let outcome: WebhookAttemptOutcome;
    if (Buffer.byteLength(event.payload) > this.settings.maxPayloadBytes) {
      outcome = {
        kind: 'failed',
        status: null,
        error: `the event is larger than ${this.settings.maxPayloadBytes} bytes; not sent`,
        disableEndpoint: false,
      };
    } else {
      const secrets = [this.box.open(endpoint.secretCiphertext, endpoint.id)];
      if (endpoint.previousSecretCiphertext && (endpoint.previousSecretExpiresAtMs ?? 0) > started)
        secrets.push(this.box.open(endpoint.previousSecretCiphertext, endpoint.id));
      const timestamp = Math.floor(started / 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'assessment-service-webhooks/1',
        [this.settings.headers.id]: event.id,
        [this.settings.headers.timestamp]: String(timestamp),
        [this.settings.headers.signature]: signatureHeader(
          secrets,
          this.settings.secretPrefix,
          event.id,
          timestamp,
          event.payload,
        ),
      };
      const result = await this.post(endpoint.url, endpoint.environment, headers, event.payload);
      if ('status' in result && result.status >= 200 && result.status < 300)
        outcome = { kind: 'succeeded', status: result.status };
      else {
        const status = 'status' in result ? result.status : null;
        const error = 'error' in result ? result.error : `HTTP ${status}`;
        const delay = this.settings.retryDelaysMs[delivery.attempts];
        outcome =
          delay === undefined
            ? {
                kind: 'failed',
                status,
                error: `failed on every attempt of the retry schedule (last: ${error})`,
                disableEndpoint: true,
              }
            : { kind: 'retry', status, error, nextAttemptAtMs: this.now() + jittered(delay) };
      }
    }
    const recorded = await this.store.completeWebhookDelivery(delivery.seq, this.owner, started, outcome);
    const said =
      outcome.kind === 'succeeded'
        ? `${outcome.status}`
        : outcome.kind === 'retry'
          ? `${outcome.error}; retry in ${outcome.nextAttemptAtMs - this.now()} ms`
          : `${outcome.error}${outcome.disableEndpoint ? '; endpoint disabled' : ''}`;
    this.log(
      `webhooks: ${event.type} ${event.id} -> ${endpoint.id} attempt ${delivery.attempts + 1}: ${said}${recorded ? '' : ' (lease lost; not recorded)'}`,
    );
  }

  /** One POST to the address checked against the SSRF rules, never following redirects. */
  private async post(
    rawUrl: string,
    environment: 'test' | 'live',
    headers: Record<string, string>,
    body: string,
  ): Promise<Attempt> {
    let url: URL;
    let address: { address: string; family: number };
    try {
      url = parseEndpointUrl(rawUrl, environment);
      [address] = await resolveEndpoint(url, environment);
    } catch (error) {
      return { error: `refused: ${(error as Error).message}` };
    }
    // Connect to the address that was checked, not to whatever a second lookup returns.
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          address,
        ]);
      else callback(null, address.address, address.family);
    };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Attempt>((resolve) => {
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: pinned,
          agent: false,
          timeout: this.settings.timeoutMs,
        },
        (response) => {
          response.resume(); // the body is not read
          resolve({ status: response.statusCode ?? 0 });
          response.on('error', () => undefined);
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      );
      request.on('timeout', () =>
        request.destroy(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
      );
      request.on('error', (error) => resolve({ error: error.message }));
      request.on('close', () => clearTimeout(timer));
      request.end(body);
    });
  }
}
