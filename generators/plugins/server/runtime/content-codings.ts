/**
 * Request bodies in a content coding the operation declares: a `Content-Encoding` header parameter
 * (here.com positioning's gzip, "the data in the body is gzip-encoded"). Such a body is decoded
 * before it is parsed, whatever its media type, and Fastify's body limit counts the decoded bytes
 * (a small body that inflates past it is refused with 413, as a large one is). A coding the
 * operation does not declare, or one not known here, is refused with 415, as before (parseJsonBody).
 */
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { RouteSpec } from './route-spec.js';

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

/** Whether the operation declares a `Content-Encoding` header parameter (its bodies may come encoded). */
export function declaresContentCoding(route: RouteSpec): boolean {
  const headers = route.schema.headers as { properties?: Record<string, unknown> } | undefined;
  return Boolean(headers?.properties && Object.hasOwn(headers.properties, 'content-encoding'));
}

/**
 * The preParsing hook of such an operation: the payload through its coding's decoder. The decoder
 * carries how many encoded bytes arrived (`receivedEncodedLength`), which Fastify compares with
 * Content-Length; a body that does not decode is a 400 (errors.ts, the decoder's `Z_` codes).
 */
export function decodeContentCoding(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  const coding = request.headers['content-encoding']?.trim().toLowerCase();
  const decoder = coding !== undefined && Object.hasOwn(DECODERS, coding) ? DECODERS[coding]() : undefined;
  if (!decoder) return done(null, payload);
  decoded.add(request);
  const counted = decoder as Transform & { receivedEncodedLength: number };
  counted.receivedEncodedLength = 0;
  payload.on('data', (chunk: Buffer) => {
    counted.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (error) => decoder.destroy(error));
  done(null, payload.pipe(decoder));
}
