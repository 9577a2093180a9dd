/**
 * Content-type parsing (as fastify's lib/content-type-parser.js): only the media types the spec
 * declares are read; JSON must be UTF-8, uncompressed and without `__proto__` keys; the other
 * declared types (+json, text, forms, multipart, binary) are bodies.ts's; no bytes is no body,
 * whatever the label; a body in an undeclared type is 415.
 */
import { wasDecoded } from './content-codings.js';
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBytes, registerBodyParsers } from './bodies.js';
import type { RouteSpec } from './route-spec.js';

/** Registers the parsers for every media type the routes take, and the refusal of the rest. */
export async function registerContentTypeParsers(app: FastifyInstance, routes: RouteSpec[]): Promise<void> {
  // Accept only the media types the spec declares: Fastify's built-in text/plain parser would
  // otherwise let a text body reach validation instead of being refused with 415.
  const declared = (type: string) =>
    routes.some(
      (route) =>
        route.bodyContentType?.startsWith(type) ||
        route.bodies?.some((body) => body.mediaType.split(';')[0]!.trim().toLowerCase() === type),
    );
  if (!declared('text/plain')) app.removeContentTypeParser('text/plain');
  // JSON bodies must be UTF-8: Fastify's parser decodes leniently, storing U+FFFD in place of bad
  // bytes, which alters the caller's data without telling them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  // Every other media type the operations take (+json, text, forms, multipart, binary): bodies.ts.
  await registerBodyParsers(app, routes, parseJsonBody as never);
  // Any other media type: the raw stream where the operation takes any type (`*` + `/*`); else no
  // bytes is no body, whatever the label (curl -X DELETE -d '' says form-urlencoded), and a body in
  // a type the spec does not declare is 415. Fastify has one catch-all, so it asks the route.
  const anyType = new Set(
    routes
      .filter((route) => route.bodies?.some((body) => body.mediaType.split(';')[0]!.trim() === '*/*'))
      .map((route) => `${route.method} ${route.url}`),
  );
  if (!app.hasContentTypeParser('*')) {
    app.addContentTypeParser('*', (request, payload, done) => {
      if (anyType.size > 0 && anyType.has(`${request.method} ${request.routeOptions.url}`))
        return done(null, payload);
      const length = request.headers['content-length'];
      if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0'))
        return done(null, undefined);
      done(
        Object.assign(new Error('unsupported media type'), {
          statusCode: 415,
          code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        }),
      );
    });
  }
}

/**
 * Fastify's JSON parsing, but refusing bytes that are not UTF-8 and `__proto__` keys. No bytes is
 * no body (RFC 9110 §8.6), whatever the Content-Type: clients such as Python's urllib label every
 * request JSON, body or not. An operation that needs a body says it is missing (preValidation).
 */
export function parseJsonBody(
  request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  if (body.length === 0) return done(null, undefined);
  jsonBytes.set(request, body);
  // A compressed body would read as bytes that are not UTF-8: say what is not supported (RFC 9110 §15.5.16).
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity' && !wasDecoded(request))
    return done(
      Object.assign(new Error('content coding'), { statusCode: 415, code: 'ERR_CONTENT_ENCODING' }),
    );
  if (!isUtf8(body))
    return done(
      Object.assign(new Error('body is not UTF-8'), { statusCode: 400, code: 'ERR_BODY_NOT_UTF8' }),
    );
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    // A reviver is slow: only a body that could spell "__proto__" (plainly or escaped) pays for it.
    const value =
      text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, refuseProto) : JSON.parse(text);
    done(null, value);
  } catch (error) {
    done(
      Object.assign(new Error('invalid JSON body'), {
        statusCode: 400,
        code: (error as { code?: string }).code ?? 'FST_ERR_CTP_INVALID_JSON_BODY',
      }),
    );
  }
}

function refuseProto(key: string, value: unknown): unknown {
  if (key === '__proto__') throw Object.assign(new Error('__proto__ key'), { code: 'ERR_BODY_PROTO_KEY' });
  return value;
}
