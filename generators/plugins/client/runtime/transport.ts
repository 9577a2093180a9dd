/**
 * One attempt of a call on the wire. Its AbortController is tied to the caller's `signal` and to
 * the timeout, and lives until the body has been read: a server that sends headers and then
 * stalls the body times out like one that never answers. A streamed body (event streams, NDJSON,
 * downloads) stops the whole-call timer once the headers are in and takes an idle timeout
 * instead: each chunk must arrive within it.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, ClientError } from './errors.js';

export class Attempt {
  readonly controller = new AbortController();
  readonly startedAt = Date.now();
  #timedOut = false;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = () => this.controller.abort();

  constructor(
    readonly timeoutMs: number,
    signal?: AbortSignal,
  ) {
    this.#signal = signal;
    if (signal?.aborted) this.controller.abort();
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.controller.abort();
    }, timeoutMs);
  }

  get elapsedMs(): number {
    return Date.now() - this.startedAt;
  }

  /** The body is a stream the caller reads at its own pace: the whole-call timer stops, the caller's signal stays linked. */
  stopTimer(): void {
    clearTimeout(this.#timer);
  }

  /** The attempt is over (body read, or failed): nothing of it keeps running. */
  finish(): void {
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }

  /** What an error thrown while this attempt ran means to the caller. */
  failure(error: unknown): ClientError {
    if (this.#signal?.aborted) return new APIUserAbortError();
    if (this.#timedOut) return new APIConnectionTimeoutError(this.timeoutMs);
    if (error instanceof ClientError) return error;
    return new APIConnectionError(`Connection error: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  }
}

/**
 * The response with a body that fails with APIConnectionTimeoutError when no chunk arrives for
 * `idleMs` (the connection is then closed), and with APIUserAbortError when the attempt is
 * aborted. The attempt finishes once the body ends, fails or is cancelled.
 */
export function withIdleTimeout(response: Response, idleMs: number, attempt: Attempt): Response {
  if (!response.body || [204, 205, 304].includes(response.status)) return response;
  const reader = response.body.getReader();
  const signal = attempt.controller.signal;
  /** The idle timer of the read in flight (the stream asks for one chunk at a time). */
  let timer: ReturnType<typeof setTimeout> | undefined;
  // An abort (`break` out of a stream, `stream.abort()`, the caller's signal) ends the read in
  // flight at once: its idle timer would otherwise keep a finished script alive for `idleMs`.
  const onAbort = () => {
    clearTimeout(timer);
    void reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const end = () => {
    signal.removeEventListener('abort', onAbort);
    attempt.finish();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(out) {
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new APIConnectionTimeoutError(idleMs, 'No data arrived on the stream')),
          idleMs,
        );
      });
      try {
        const result = await Promise.race([reader.read(), idle]);
        // A read ended by the abort above is not the end of the body: what arrived is not all there is.
        if (signal.aborted) throw new APIUserAbortError();
        if (result.done) {
          end();
          out.close();
        } else out.enqueue(result.value);
      } catch (error) {
        end();
        void reader.cancel().catch(() => undefined);
        out.error(signal.aborted ? new APIUserAbortError() : error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      end();
      return reader.cancel(reason);
    },
  });
  const wrapped = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(wrapped, 'url', { value: response.url });
  return wrapped;
}

/** Whether a replaced fetch answered with something a Response is made of (a test double may not). */
export function isResponseLike(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    typeof candidate.ok === 'boolean' &&
    typeof candidate.headers?.get === 'function'
  );
}

/** An AbortController that aborts when `signal` does. */
export function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}
