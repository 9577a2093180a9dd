/**
 * Receiving webhooks: `client.webhooks.unwrap(rawBody, headers)` verifies a Standard Webhooks
 * signature (HMAC-SHA256 over "id.timestamp.body" with the base64 key of the `whsec_` secret)
 * and returns the typed event (an event type this client does not know yet comes back as an
 * `UnknownWebhookEvent`, never an error: adding an event type must not break a receiver);
 * `verify` only checks. WebCrypto only, no dependencies, so it runs
 * in Node 20+, Deno, Bun, edge runtimes and browsers. Signatures are compared by
 * `crypto.subtle.verify`, in constant time. Pass the body exactly as received (before any JSON
 * parsing): a re-serialised body does not verify.
 */
import { ClientError } from './errors.js';
import type { LevelLogger } from './logging.js';

/** What the spec says about signing (its `x-webhooks`), and the event types it declares. */
export interface WebhookConfig {
  headers: { id: string; timestamp: string; signature: string };
  secretPrefix: string;
  toleranceSeconds: number;
  /** Environment variable read when no secret is passed. */
  secretEnv: string;
  eventTypes: string[];
  /** The body field naming the event type, when every event's schema fixes it to the event's name; then unknown types come back as UnknownWebhookEvent. */
  typeField: string | null;
}

/** Base of the errors a delivery that must not be trusted raises; answer it with a 4xx. */
export class WebhookVerificationError extends ClientError {
  override name = 'WebhookVerificationError';
}

/** Missing signature headers, or no signature made with the secret. */
export class WebhookSignatureError extends WebhookVerificationError {
  override name = 'WebhookSignatureError';
}

/** The timestamp is malformed or outside the tolerance (a replay, or a clock far off). */
export class WebhookTimestampError extends WebhookVerificationError {
  override name = 'WebhookTimestampError';
}

/** The body is signed but is not an event object (not JSON, not an object, no type). */
export class WebhookPayloadError extends WebhookVerificationError {
  override name = 'WebhookPayloadError';
}

/** Fetch `Headers`, or a plain object such as Node's `request.headers` (any letter case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface WebhookVerifyOptions {
  /** The endpoint's `whsec_…` secret; defaults to the client's, then to the environment variable. */
  secret?: string | undefined;
  /** The receiver's clock, for tests (default: now). */
  now?: Date | undefined;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

/** The bytes of a base64 text, or undefined (return type inferred: an ArrayBuffer-backed array WebCrypto takes). */
function base64Bytes(text: string) {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function readEnv(name: string): string | undefined {
  const scope = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return scope.process?.env?.[name];
}

/**
 * A verified event of a type this client was not generated with (the API added it later). Check
 * for it with `instanceof` (or `event.unknown`) before narrowing the known events by `type`.
 */
export class UnknownWebhookEvent {
  readonly unknown = true as const;
  constructor(
    /** The event's type as sent. */
    readonly type: string,
    /** The parsed event, as sent. */
    readonly payload: Record<string, unknown>,
  ) {}
}

export class Webhooks<Event> {
  readonly #config: WebhookConfig;
  readonly #secret: string | undefined;
  readonly #logger: LevelLogger | undefined;

  constructor(config: WebhookConfig, secret?: string, logger?: LevelLogger) {
    this.#config = config;
    this.#secret = secret;
    this.#logger = logger;
  }

  /** Checks the signature and timestamp of a delivery; throws a WebhookVerificationError when it must not be trusted. */
  async verify(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    options: WebhookVerifyOptions = {},
  ): Promise<void> {
    const { headers: names, secretPrefix, toleranceSeconds } = this.#config;
    const secret = options.secret ?? this.#secret ?? readEnv(this.#config.secretEnv);
    if (!secret)
      throw new ClientError(
        `No webhook secret: pass { secret } or set the ${this.#config.secretEnv} environment variable.`,
      );
    const key = base64Bytes(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret);
    if (!key || key.length === 0)
      throw new ClientError(`The webhook secret is not ${secretPrefix} followed by base64.`);

    const id = header(headers, names.id);
    const timestamp = header(headers, names.timestamp);
    const signatures = header(headers, names.signature);
    if (!id || !timestamp || !signatures)
      throw new WebhookSignatureError(
        `Missing ${[!id && names.id, !timestamp && names.timestamp, !signatures && names.signature].filter(Boolean).join(', ')} header.`,
      );
    if (!/^\d{1,15}$/.test(timestamp))
      throw new WebhookTimestampError(`The ${names.timestamp} header is not Unix seconds.`);
    const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
    if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds)
      throw new WebhookTimestampError(
        `The ${names.timestamp} is more than ${toleranceSeconds} s from this clock: a replay, or a clock that is off.`,
      );

    const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    const signed = new Uint8Array(prefix.length + body.length);
    signed.set(prefix);
    signed.set(body, prefix.length);
    const hmac = await globalThis.crypto.subtle.importKey(
      'raw',
      key,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const candidate of signatures.split(' ')) {
      const [version, value] = candidate.split(',', 2);
      const signature = version === 'v1' && value ? base64Bytes(value) : undefined;
      if (signature && (await globalThis.crypto.subtle.verify('HMAC', hmac, signature, signed))) return;
    }
    throw new WebhookSignatureError(
      'No signature matches the secret: a forged or altered delivery, or the wrong secret.',
    );
  }

  /**
   * Verifies the delivery, then returns its event: typed when the client knows its type, an
   * `UnknownWebhookEvent` (verified all the same) when the API added the type after this client.
   */
  async unwrap(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    options: WebhookVerifyOptions = {},
  ): Promise<Event | UnknownWebhookEvent> {
    await this.verify(rawBody, headers, options);
    let event: unknown;
    try {
      event = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
    } catch {
      throw new WebhookPayloadError('The body is not JSON.');
    }
    if (!event || typeof event !== 'object' || Array.isArray(event))
      throw new WebhookPayloadError('The body is not an event object.');
    const { typeField } = this.#config;
    if (typeField === null) return event as Event;
    const type = (event as Record<string, unknown>)[typeField];
    if (typeof type !== 'string') throw new WebhookPayloadError(`The event has no ${typeField}.`);
    if (!this.#config.eventTypes.includes(type)) {
      this.#logger?.log(
        'info',
        `Webhook event type ${JSON.stringify(type).slice(0, 100)} is newer than this client; returned as UnknownWebhookEvent (regenerate the client to type it).`,
      );
      return new UnknownWebhookEvent(type, event as Record<string, unknown>);
    }
    return event as Event;
  }
}
