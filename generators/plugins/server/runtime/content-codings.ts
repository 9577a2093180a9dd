/**
 * Request bodies in a content coding the operation declares: a `Content-Encoding` header parameter
 * (here.com positioning's gzip, "the data in the body is gzip-encoded"). A body the stubs parse
 * (JSON, a form, text) is decoded before it is parsed, and Fastify's body limit counts the decoded
 * bytes (a small body that inflates past it is refused with 413, as a large one is). Binary bodies
 * reach the handler as sent, with the header saying their coding, as the SDKs send them. A multipart
 * body in a coding is refused with 415: its parser reads the socket, not a decoded stream. So is a
 * parsed body in a coding the parameter does not take, or one not known here; where the operation
 * declares no such parameter, a JSON body in any coding is refused as before (parseJsonBody).
 */
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { bodyFor } from './bodies.js';
import { headerParameter, type RouteSpec, type WireBody } from './route-spec.js';

/** The codings a body may arrive in (RFC 9110 §8.4.1), by name; `x-gzip` is gzip. */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Requests whose body was decoded here: the JSON parser takes them as identity. */
const decoded = new WeakSet<FastifyRequest>();

export function wasDecoded(request: FastifyRequest): boolean {
  return decoded.has(request);
}

/** The codings the operation's `Content-Encoding` parameter takes (all known ones without an enum), or undefined when it declares none. */
export function declaredCodings(route: RouteSpec): Set<string> | undefined {
  const coding = headerParameter(route, 'content-encoding');
  if (!coding) return undefined;
  const values = coding.schema?.enum;
  return new Set(
    Array.isArray(values)
      ? values
          .filter((value): value is string => typeof value === 'string')
          .map((value) => value.toLowerCase())
      : Object.keys(DECODERS),
  );
}

/**
 * The kind of body a request's Content-Type selects on the route, as its parsers read it: the
 * declared body it matches, or JSON on a route whose one body is JSON (it declares no others).
 */
function bodyKind(route: RouteSpec, contentType: string): WireBody['kind'] | undefined {
  if (route.bodies) return bodyFor(route, contentType)?.kind;
  return route.bodyContentType !== undefined ? 'json' : undefined;
}

/** The body kinds the stubs parse themselves, and so decode first; the SDKs compress the same ones. */
const PARSED = new Set<WireBody['kind']>(['json', 'form', 'text']);

/**
 * The preParsing hook of an operation whose bodies may come in `codings`: the payload through its
 * coding's decoder, which carries how many encoded bytes arrived (`receivedEncodedLength`, which
 * Fastify compares with Content-Length). A decoder error (a body that does not decode: 400,
 * errors.ts) reaches Fastify while it reads and is swallowed once it has stopped reading (an answer
 * already sent), never an unhandled `error` event. Once the answer has gone the decoder stops: a
 * body refused with 413 for what it inflates to (a small gzip of zeros is gigabytes) would go on
 * inflating into nothing. What is left of the body is read off the wire undecoded, as Node reads a
 * body nobody read (over HTTP/1.1 Fastify closes the connection after such an answer anyway).
 */
export function contentCodingHook(route: RouteSpec, codings: Set<string>) {
  return function decodeContentCoding(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
    done: (error: Error | null, payload?: RequestPayload) => void,
  ): void {
    const coding = request.headers['content-encoding']?.trim().toLowerCase();
    const length = request.headers['content-length'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (coding === undefined || coding === 'identity' || !hasBody) return done(null, payload);
    const refused = () =>
      done(Object.assign(new Error('content coding'), { statusCode: 415, code: 'ERR_CONTENT_ENCODING' }));
    const kind = bodyKind(route, request.headers['content-type'] ?? '');
    if (kind === 'multipart') return refused();
    // A binary body goes to the handler as sent (and a media type the route does not take meets its 415).
    if (kind === undefined || !PARSED.has(kind)) return done(null, payload);
    if (!codings.has(coding) || !Object.hasOwn(DECODERS, coding)) return refused();
    const decoder = DECODERS[coding]!() as Transform & { receivedEncodedLength: number };
    decoder.receivedEncodedLength = 0;
    payload.on('data', (chunk: Buffer) => {
      decoder.receivedEncodedLength += chunk.length;
    });
    payload.on('error', (error) => decoder.destroy(error));
    decoder.on('error', () => {});
    payload.pipe(decoder);
    reply.raw.once('close', () => {
      if (decoder.readableEnded) return;
      payload.unpipe(decoder);
      decoder.destroy();
      payload.resume();
    });
    decoded.add(request);
    done(null, decoder);
  };
}
