/**
 * A text/event-stream decoder following the WHATWG HTML "event stream interpretation": UTF-8
 * (a leading BOM dropped), lines ended by CRLF, LF or CR (a CR at the end of one chunk and an LF
 * at the start of the next are one line end), comments, `field: value` with one leading space
 * dropped, `data` lines joined by LF, an `id` with NUL ignored, `retry` only when all digits, and
 * an event dispatched on a blank line only when it has data. Written here so the client keeps no
 * runtime dependencies; tests hold it to `eventsource-parser` on random streams cut at random.
 */

/** One event as the server sent it. */
export interface ServerSentEvent<Data = string> {
  /** The `event` field; absent means the default type, "message". */
  event?: string | undefined;
  data: Data;
  /** The `id` field of this event, when it had one. */
  id?: string | undefined;
  /** The `retry` field (milliseconds) sent in this event's block, when there was one. */
  retry?: number | undefined;
}

export class EventStreamDecoder {
  #pending = '';
  #data: string[] = [];
  #event: string | undefined;
  #id: string | undefined;
  #retry: number | undefined;
  #first = true;
  #carriageReturn = false;
  /** The last event ID the stream has set (what a reconnection sends as Last-Event-ID). */
  lastEventId: string | undefined;
  /** The reconnection time the stream last asked for, in milliseconds. */
  retry: number | undefined;

  /** Decodes one chunk of text; returns the events it completes. */
  push(text: string): Array<ServerSentEvent<string>> {
    if (this.#first) {
      text = text.replace(/^\uFEFF/, '');
      this.#first = text === '' && this.#first;
    }
    if (this.#carriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.#carriageReturn = false;
    const events: Array<ServerSentEvent<string>> = [];
    let buffer = this.#pending + text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A CR as the last character may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && match.index === buffer.length - 1) this.#carriageReturn = true;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const event = this.#line(line);
      if (event) events.push(event);
    }
    this.#pending = buffer;
    return events;
  }

  /** The stream ended: an event without its closing blank line is discarded, as WHATWG says. */
  end(): void {
    this.#pending = '';
    this.#reset();
  }

  #line(line: string): ServerSentEvent<string> | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) {
          this.#id = value;
          this.lastEventId = value;
        }
        break;
      case 'retry':
        if (/^\d+$/.test(value)) {
          this.#retry = Number(value);
          this.retry = this.#retry;
        }
        break;
      default:
        break; // unknown fields are ignored
    }
    return undefined;
  }

  #dispatch(): ServerSentEvent<string> | undefined {
    const event =
      this.#data.length > 0
        ? {
            ...(this.#event ? { event: this.#event } : {}),
            data: this.#data.join('\n'),
            ...(this.#id !== undefined ? { id: this.#id } : {}),
            ...(this.#retry !== undefined ? { retry: this.#retry } : {}),
          }
        : undefined;
    this.#reset();
    return event;
  }

  #reset(): void {
    this.#data = [];
    this.#event = undefined;
    this.#id = undefined;
    this.#retry = undefined;
  }
}
