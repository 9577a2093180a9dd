/**
 * Responses other than one JSON media type: `Accept` negotiated against the media types the spec
 * declares for the success response (406 in the API's error format when none is acceptable; the
 * chosen type is the reply's Content-Type before the handler runs), and what a handler returns
 * written by that type: an async iterable as server-sent events (framed per WHATWG, written as
 * each event comes, with an optional heartbeat comment) or as NDJSON, bytes or a stream as a
 * binary body, a string as text, an object as multipart/form-data (multipart-answers.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteSpec, WireMedia } from './route-spec.js';
import { encodeFormData, encodeMultipartAnswer, type EncodedAnswer } from './multipart-answers.js';

/** One event a handler yields on a text/event-stream response (a bare value is the data). */
export interface SseEvent<Data = unknown> {
  data: Data;
  event?: string | undefined;
  id?: string | undefined;
  /** Milliseconds the client waits before reconnecting. */
  retry?: number | undefined;
}

export interface StreamOptions {
  /** Milliseconds between heartbeat comments on an event stream (none by default). */
  heartbeatMs?: number | undefined;
}

const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** Accept's media ranges with their q-values, best first (RFC 9110 §12.5.1). */
function acceptRanges(header: string): Array<{ range: string; q: number; order: number }> {
  return header
    .split(',')
    .map((item, order) => {
      const [range = '', ...params] = item.split(';').map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      return { range: range.toLowerCase(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((entry) => entry.range !== '' && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

/** Whether an Accept range (lower case, `type/subtype` with `*`) takes a media type. */
export function rangeMatches(range: string, type: string): boolean {
  const [rangeType, rangeSubtype] = range.split('/');
  const [mediaType, mediaSubtype] = essence(type).split('/');
  return (
    (rangeType === '*' || rangeType === mediaType) && (rangeSubtype === '*' || rangeSubtype === mediaSubtype)
  );
}

/**
 * The declared media type an Accept header picks: the best-q range's first match in the spec's
 * order; the preferred one when Accept is absent; undefined (406) when nothing matches.
 */
export function negotiate(declared: WireMedia[], accept: string | undefined): WireMedia | undefined {
  if (declared.length === 0) return undefined;
  if (!accept || accept.trim() === '') return declared[0];
  const ranges = acceptRanges(accept);
  const refused = (media: WireMedia) =>
    ranges.some(
      (entry) =>
        entry.q === 0 &&
        rangeMatches(entry.range, media.mediaType) &&
        entry.range === essence(media.mediaType),
    );
  for (const entry of ranges) {
    if (entry.q === 0) continue;
    const found = declared.find((media) => rangeMatches(entry.range, media.mediaType) && !refused(media));
    if (found) return found;
  }
  return undefined;
}

/** The media types of the route's success responses (2xx), preferred first. */
export function successMedia(route: RouteSpec): WireMedia[] {
  const statuses = Object.keys(route.responseMedia ?? {})
    .filter((status) => /^2/.test(status))
    .sort();
  return statuses.flatMap((status) => route.responseMedia![status]!);
}

/** A concrete Content-Type for a declared type (a wildcard becomes application/octet-stream). */
export function concreteType(media: WireMedia): string {
  return media.mediaType.includes('*') ? 'application/octet-stream' : media.mediaType;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === 'object' && Symbol.asyncIterator in value;
}

/** An object or array as JSON holds it: not bytes, a stream, a FormData or an iterator of events. */
function isPlainValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    Symbol.iterator in value &&
    !Buffer.isBuffer(value) &&
    typeof value !== 'string'
  );
}

/** One event in text/event-stream framing: every line of the data its own `data:` line; no line breaks in the other fields. */
export function sseFrame(item: unknown, dataIsJson: boolean): string {
  const event: SseEvent =
    item !== null && typeof item === 'object' && 'data' in item ? (item as SseEvent) : { data: item };
  const clean = (text: string) => text.replace(/[\r\n]/g, ' ');
  const lines: string[] = [];
  if (event.event !== undefined) lines.push(`event: ${clean(event.event)}`);
  if (event.id !== undefined) lines.push(`id: ${clean(String(event.id)).replace(/\0/g, '')}`);
  if (event.retry !== undefined && Number.isInteger(event.retry) && event.retry >= 0)
    lines.push(`retry: ${event.retry}`);
  const data = dataIsJson || typeof event.data !== 'string' ? JSON.stringify(event.data) : event.data;
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

/** A readable of framed events (and heartbeat comments); it stops the source when the client goes away. */
function eventStream(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  frame: (item: unknown) => string,
  heartbeatMs: number | undefined,
): Readable {
  const iterator = isAsyncIterable(source)
    ? source[Symbol.asyncIterator]()
    : (source as Iterable<unknown>)[Symbol.iterator]();
  let heartbeat: NodeJS.Timeout | undefined;
  const readable = new Readable({
    async read() {
      try {
        const next = await iterator.next();
        if (next.done) this.push(null);
        else this.push(frame(next.value));
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      clearInterval(heartbeat);
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
      callback(error);
    },
  });
  if (heartbeatMs && heartbeatMs > 0) {
    heartbeat = setInterval(() => readable.push(':\n\n'), heartbeatMs);
    heartbeat.unref();
  }
  readable.on('end', () => clearInterval(heartbeat));
  return readable;
}

/** The JSON media type the route declares for a status (its own, its class's, default), else application/json. */
function declaredJsonType(declared: RouteSpec['responseMedia'], status: number): string {
  const text = String(status);
  const media = [text, `${text[0]}XX`, `${text[0]}xx`, 'default']
    .map((key) => declared?.[key])
    .find((found) => found !== undefined);
  // A range (`application/*+json`) names no type to send under.
  const json = media?.find((candidate) => candidate.kind === 'json' && !candidate.mediaType.includes('*'));
  return json ? json.mediaType : 'application/json; charset=utf-8';
}

function sendEncoded(reply: FastifyReply, encoded: EncodedAnswer): FastifyReply {
  return reply.header('content-type', encoded.contentType).send(encoded.body);
}

/**
 * Sends what a handler returned by the negotiated media type. Returns the value for Fastify to
 * send as usual (JSON), or the reply after sending it.
 */
export function sendByMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: WireMedia | undefined,
  result: unknown,
  options: StreamOptions,
  declared: RouteSpec['responseMedia'] = {},
): unknown {
  if (!media || result === reply || reply.sent) return result;
  // The negotiated type is the success answer's: an object under another status (a handler's own
  // 404) is that status's JSON (the type the route declares for it), not the success type's
  // encoding of it. A type the handler set itself stays.
  if ((reply.statusCode < 200 || reply.statusCode > 299) && isPlainValue(result)) {
    const current = reply.getHeader('content-type');
    if (current === undefined || essence(String(current)) === essence(concreteType(media)))
      reply.header('content-type', declaredJsonType(declared, reply.statusCode));
    return result;
  }
  switch (media.kind) {
    case 'event-stream': {
      if (!isAsyncIterable(result) && !isIterable(result)) return result;
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no');
      const stream = eventStream(
        result,
        (item) => sseFrame(item, media.dataIsJson ?? false),
        options.heartbeatMs,
      );
      request.raw.on('close', () => stream.destroy());
      return reply.send(stream);
    }
    case 'ndjson': {
      if (!isAsyncIterable(result) && !isIterable(result)) return result;
      reply.header('content-type', concreteType(media));
      const stream = eventStream(result, (item) => `${JSON.stringify(item)}\n`, undefined);
      request.raw.on('close', () => stream.destroy());
      return reply.send(stream);
    }
    case 'binary':
      if (
        typeof result === 'string' ||
        Buffer.isBuffer(result) ||
        result instanceof Uint8Array ||
        result instanceof Readable
      ) {
        if (
          !reply.hasHeader('content-type') ||
          !/^[^*]+\/[^*]+$/.test(String(reply.getHeader('content-type')))
        )
          reply.header('content-type', concreteType(media));
        return reply.send(
          result instanceof Uint8Array && !Buffer.isBuffer(result)
            ? Buffer.from(result.buffer, result.byteOffset, result.byteLength)
            : result,
        );
      }
      return result;
    case 'multipart': {
      if (result instanceof FormData)
        return encodeFormData(result).then((encoded) => sendEncoded(reply, encoded));
      if (
        result === null ||
        typeof result !== 'object' ||
        Array.isArray(result) ||
        Buffer.isBuffer(result) ||
        result instanceof Uint8Array ||
        result instanceof Readable
      )
        return result; // bytes a handler encoded itself, under its own Content-Type
      return encodeMultipartAnswer(result as Record<string, unknown>, media.parts).then((encoded) =>
        sendEncoded(reply, encoded),
      );
    }
    case 'text':
      if (typeof result !== 'string') return result;
      reply.header('content-type', concreteType(media));
      return reply.send(result);
    case 'json':
      // Fastify sends a string as it is; a JSON string value must go out as JSON text.
      if (typeof result === 'string')
        return reply.header('content-type', concreteType(media)).send(JSON.stringify(result));
      return result;
    default:
      return result;
  }
}
