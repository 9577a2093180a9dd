/**
 * Every request the suites make goes through one paced `fetch`: it honours `Retry-After` on a 429
 * (and repeats the identical request), and when the rate-limit headers say a bucket is empty it
 * waits for one token before the next request with the same credential. A low-tier key makes a
 * run slower, never red. Observers see each answer (the cleanup registry records what was created).
 */

export interface RateLimitHeaders {
  limit?: string | undefined;
  remaining?: string | undefined;
  retryAfter?: string | undefined;
}

export interface Observed {
  method: string;
  url: URL;
  status: number;
  /** The parsed JSON body, when there is one. */
  body: unknown;
  /** The request's headers (whose credentials made it). */
  requestHeaders: Headers;
}

/** A 429 the transport saw (and will repeat the request after): checked against the spec like any answer. */
export interface RateLimited {
  method: string;
  url: URL;
  status: number;
  headers: Headers;
  text: string;
  /** The request's headers, to tell whose credentials were limited. */
  requestHeaders: Headers;
}

/** How much waiting the rate limits cost this run (printed at the end). */
export interface PacingStats {
  requests: number;
  retriedAfter429: number;
  waitedMs: number;
  /** Connection attempts refused while the target was away (waited for, up to 30 s each). */
  connectionsRefused: number;
  /** Requests sent again once after their connection closed with no answer. */
  connectionsDropped: number;
}

export interface TransportOptions {
  /**
   * Runs the pacing clock this many times faster than the wall clock (CONTRACT_TIME_SCALE), for
   * testing the pacing against a target whose rate-limit clock runs equally fast. 1 for real targets.
   */
  timeScale?: number | undefined;
  fetch?: typeof fetch | undefined;
}

/** 429s in a row for one request before the suite gives up and shows the 429. */
const MAX_RATE_LIMIT_RETRIES = 12;
/**
 * How long a refused connection is tried again: a target restarting (a crashed mock brought back
 * by its supervisor, a deploy) is waited for, since the request never reached it. A connection
 * closed with no answer is tried once more, on a new connection, as browsers do: a kept-alive
 * connection the target times out just as a request goes out on it is a race of HTTP/1.1 itself,
 * and a busy machine makes it likely. A request dropped twice is not repeated again: that
 * answer-less request is what the check reports.
 */
const CONNECT_WAIT_MS = 30_000;

/** Seconds from a Retry-After value (delta seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

export class PacedTransport {
  readonly stats: PacingStats = {
    requests: 0,
    retriedAfter429: 0,
    waitedMs: 0,
    connectionsRefused: 0,
    connectionsDropped: 0,
  };
  private readonly notBefore = new Map<string, number>();
  private readonly observers: Array<(observed: Observed) => void> = [];
  private readonly rateLimitObservers: Array<(answer: RateLimited) => void> = [];
  private readonly timeScale: number;
  private readonly inner: typeof fetch;
  private readonly started = Date.now();

  constructor(
    private readonly headers: RateLimitHeaders,
    options: TransportOptions = {},
  ) {
    this.timeScale = options.timeScale && options.timeScale > 0 ? options.timeScale : 1;
    this.inner = options.fetch ?? ((...args) => fetch(...args));
  }

  /** The pacing clock (milliseconds; the wall clock unless scaled). */
  private now(): number {
    return this.started + (Date.now() - this.started) * this.timeScale;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms / this.timeScale));
  }

  observe(observer: (observed: Observed) => void): void {
    this.observers.push(observer);
  }

  /** Sees every 429, including those the transport waits out and repeats. */
  observeRateLimited(observer: (answer: RateLimited) => void): void {
    this.rateLimitObservers.push(observer);
  }

  /** A `fetch` with pacing, for the raw checks and for the generated client alike. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const bucket = this.bucketOf(init.headers);
    for (let attempt = 0; ; attempt += 1) {
      await this.waitFor(bucket);
      this.stats.requests += 1;
      const response = await this.connect(url, init);
      this.learn(bucket, response);
      if (response.status === 429 && this.rateLimitObservers.length) {
        const answer: RateLimited = {
          method: (init.method ?? 'GET').toUpperCase(),
          url,
          status: 429,
          headers: response.headers,
          text: await response
            .clone()
            .text()
            .catch(() => ''),
          requestHeaders: new Headers(init.headers),
        };
        for (const observer of this.rateLimitObservers) observer(answer);
      }
      if (response.status === 429 && attempt < MAX_RATE_LIMIT_RETRIES) {
        const seconds = retryAfterSeconds(
          response.headers.get(this.headers.retryAfter ?? 'retry-after'),
          this.now(),
        );
        // Without Retry-After the 429 is shown as it is: the contract requires the header.
        if (seconds !== undefined) {
          this.stats.retriedAfter429 += 1;
          this.notBefore.set(bucket, this.now() + seconds * 1000);
          await response.arrayBuffer().catch(() => undefined);
          continue;
        }
      }
      if (this.observers.length)
        await this.notify((init.method ?? 'GET').toUpperCase(), url, response, new Headers(init.headers));
      return response;
    }
  };

  private async connect(url: URL, init: RequestInit): Promise<Response> {
    const deadline = Date.now() + CONNECT_WAIT_MS;
    let dropped = false;
    for (;;) {
      try {
        return await this.inner(url, init);
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        // A body sent once cannot be sent again when it was a stream.
        if (
          (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') &&
          !dropped &&
          !(init.body instanceof ReadableStream)
        ) {
          dropped = true;
          this.stats.connectionsDropped += 1;
          continue;
        }
        if (code !== 'ECONNREFUSED' || Date.now() > deadline) throw error;
        this.stats.connectionsRefused += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** Requests are paced per credential: the key (by its last characters only) or none. */
  private bucketOf(headers: RequestInit['headers']): string {
    const authorization = new Headers(headers).get('authorization');
    return authorization ? `key:${authorization.slice(-12)}` : 'anonymous';
  }

  private async waitFor(bucket: string): Promise<void> {
    const wait = (this.notBefore.get(bucket) ?? 0) - this.now();
    if (wait > 0) {
      this.stats.waitedMs += wait;
      await this.sleep(wait);
    }
  }

  /** An empty bucket (remaining 0 of a per-minute limit) refills one request in 60/limit seconds. */
  private learn(bucket: string, response: Response): void {
    const remaining = Number(response.headers.get(this.headers.remaining ?? 'x-ratelimit-remaining') ?? NaN);
    const limit = Number(response.headers.get(this.headers.limit ?? 'x-ratelimit-limit') ?? NaN);
    if (remaining === 0 && limit > 0)
      this.notBefore.set(
        bucket,
        Math.max(this.notBefore.get(bucket) ?? 0, this.now() + Math.ceil(60_000 / limit)),
      );
  }

  private async notify(method: string, url: URL, response: Response, requestHeaders: Headers): Promise<void> {
    let body: unknown;
    if (/json/.test(response.headers.get('content-type') ?? ''))
      body = await response
        .clone()
        .json()
        .catch(() => undefined);
    for (const observer of this.observers)
      observer({ method, url, status: response.status, body, requestHeaders });
  }
}
