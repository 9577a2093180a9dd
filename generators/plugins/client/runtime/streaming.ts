/**
 * Streamed responses: `text/event-stream` as typed events and NDJSON (application/x-ndjson,
 * application/jsonl) as typed records, each a `Stream` you iterate with `for await`. The body is
 * read as it arrives, never held whole. `break` or `stream.abort()` ends the request, as does the
 * call's `signal`; an event stream whose operation accepts `Last-Event-ID` reconnects after a
 * dropped connection, resuming from the last event ID it saw.
 */
import { APIConnectionError, APIError, APIUserAbortError } from './errors.js';
import { EventStreamDecoder, type ServerSentEvent } from './sse.js';

/** Opens (or reopens) the response a stream reads; given the Last-Event-ID to resume from. */
export type Reconnect = (lastEventId: string) => Promise<Response>;

async function* chunksOf(response: Response, signal: AbortSignal): AsyncGenerator<string> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        if (signal.aborted) throw new APIUserAbortError();
        if (error instanceof APIError) throw error; // the idle timeout, as itself
        throw new APIConnectionError(`The stream broke off: ${(error as Error)?.message ?? String(error)}`, {
          cause: error,
        });
      }
      if (signal.aborted) throw new APIUserAbortError();
      if (result.done) break;
      yield decoder.decode(result.value, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    signal.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}

/** A streamed response: iterate it once with `for await`. */
export class Stream<Item> implements AsyncIterable<Item> {
  /** Aborts the request; a `for await` over the stream then ends with APIUserAbortError. */
  readonly controller: AbortController;
  #started = false;

  constructor(
    private readonly iterate: (signal: AbortSignal) => AsyncGenerator<Item>,
    controller: AbortController,
    /** The response the stream reads (the first one, when it reconnected). */
    readonly response: Response,
  ) {
    this.controller = controller;
  }

  abort(): void {
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    if (this.#started) throw new Error('A stream can be iterated once.');
    this.#started = true;
    let finished = false;
    try {
      yield* this.iterate(this.controller.signal);
      finished = true;
    } finally {
      // Leaving the loop early (break, an exception) closes the connection.
      if (!finished) this.controller.abort();
    }
  }

  /** Every item, once the stream has ended. */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }

  /**
   * Server-sent events from a response. `parse` turns an event's data into its type (JSON.parse
   * for JSON data). With `reconnect`, a connection that drops mid-stream after an event with an
   * ID is reopened (after the server's `retry`, default 1 s) up to `maxReconnects` times in a row.
   */
  static fromSSE<Data>(
    response: Response,
    controller: AbortController,
    parse: (data: string) => Data,
    options: { reconnect?: Reconnect | undefined; maxReconnects?: number | undefined } = {},
  ): Stream<ServerSentEvent<Data>> {
    async function* events(signal: AbortSignal): AsyncGenerator<ServerSentEvent<Data>> {
      const decoder = new EventStreamDecoder();
      let current = response;
      let failures = 0;
      for (;;) {
        try {
          for await (const text of chunksOf(current, signal)) {
            for (const event of decoder.push(text)) {
              failures = 0;
              yield { ...event, data: parseData(event.data) };
            }
          }
          decoder.end();
          return;
        } catch (error) {
          const canResume =
            options.reconnect &&
            error instanceof APIConnectionError &&
            decoder.lastEventId !== undefined &&
            failures < (options.maxReconnects ?? 3);
          if (!canResume) throw error;
          failures += 1;
          decoder.end();
          await wait(decoder.retry ?? 1000, signal);
          current = await options.reconnect!(decoder.lastEventId!);
        }
      }
    }
    const parseData = (data: string): Data => {
      try {
        return parse(data);
      } catch {
        throw new APIError(
          response.status,
          data.slice(0, 200),
          "An event's data was not the JSON the spec declares.",
          response.headers,
        );
      }
    };
    return new Stream(events, controller, response);
  }

  /** NDJSON records: one JSON value per line (blank lines skipped). */
  static fromNDJSON<Record>(response: Response, controller: AbortController): Stream<Record> {
    async function* records(signal: AbortSignal): AsyncGenerator<Record> {
      let pending = '';
      const parse = (line: string): Record => {
        try {
          return JSON.parse(line) as Record;
        } catch {
          throw new APIError(
            response.status,
            line.slice(0, 200),
            'A line of the stream was not JSON.',
            response.headers,
          );
        }
      };
      for await (const text of chunksOf(response, signal)) {
        pending += text;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (line.trim() !== '') yield parse(line.replace(/\r$/, ''));
      }
      if (pending.trim() !== '') yield parse(pending);
    }
    return new Stream(records, controller, response);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
