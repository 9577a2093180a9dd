/**
 * Request bodies on methods Fastify reads no body of (its `bodyless` methods: GET, HEAD, TRACE).
 * Fastify refuses a body schema on them and never runs a content-type parser for them, so an
 * operation there that declares a body goes through the wire hook like a non-JSON one: its media
 * types are `bodies` (decoded and validated by bodies.ts, never by Fastify's schema), and its bytes
 * are read here from the raw request and given the form the parser would have given them.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BodyError, bodyFor } from './bodies.js';
import { parseJsonBody } from './content-types.js';
import { frameworkError } from './errors.js';
import type { RouteSpec } from './route-spec.js';

/** Fastify's bodyless methods: it refuses a body schema on them and reads no body. */
const UNREAD = new Set(['GET', 'HEAD', 'TRACE']);

/** Whether Fastify leaves this route's body unread (a body on GET, HEAD or TRACE). */
export function bodyLeftUnread(route: RouteSpec): boolean {
  return route.bodyContentType !== undefined && UNREAD.has(route.method.toUpperCase());
}

/**
 * The route as the plugin registers it: a body Fastify leaves unread is one of `bodies` (a single
 * JSON body included), so Fastify gets no body schema for it and the wire hook reads it.
 */
export function withUnreadBody(route: RouteSpec): RouteSpec {
  if (!bodyLeftUnread(route) || route.bodies) return route;
  return {
    ...route,
    bodies: [
      {
        mediaType: route.bodyContentType!,
        kind: 'json',
        ...(route.schema.body ? { schema: route.schema.body } : {}),
      },
    ],
  };
}

/**
 * Reads the body Fastify left unread into `request.body`, as its parsers would: JSON parsed (UTF-8,
 * no `__proto__`), text and forms as text, binary bodies as a stream. Multipart bodies are read by
 * @fastify/multipart only on the methods Fastify parses: one here is 415 with that said. No body,
 * or a media type the operation does not declare, is left to decodeBody (400 when required, 415).
 */
export async function readUnreadBody(request: FastifyRequest, route: RouteSpec): Promise<void> {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return;
  const body = bodyFor(route, request.headers['content-type']);
  if (!body) return;
  if (body.kind === 'multipart')
    throw new BodyError({
      status: 415,
      code: 'unsupported_media_type',
      message: `${route.method} ${route.path}: a multipart body is not read on ${route.method}; send ${route.bodies!.map((candidate) => candidate.mediaType).join(', ')} on a method that takes a body.`,
      param: null,
    });
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.raw.resume();
      throw new BodyError({
        status: 413,
        code: 'payload_too_large',
        message: `The body is larger than ${limit} bytes.`,
        param: null,
      });
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (body.kind === 'json') {
    request.body = await new Promise((resolve, reject) =>
      parseJsonBody(request, bytes, (error, value) =>
        error
          ? reject(new BodyError(frameworkError(error as { statusCode?: number; code?: string })))
          : resolve(value),
      ),
    );
  } else if (body.kind === 'text' || body.kind === 'form') request.body = bytes.toString('utf8');
  else request.body = Readable.from([bytes]);
}
