/**
 * Answers made outside every operation: unknown routes, methods a path does not take, bad URLs,
 * requests without one Host header, and requests Node's HTTP parser refuses (through the Fastify
 * options `serverOptions()` returns). Each carries the API's error format and the headers the
 * `unrouted` option returns (request ID, rate-limit state), and may be refused instead (a spent
 * per-address limit).
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorRenderer, NO_TEMPLATES, templateIndex, type ErrorRenderer } from './error-bodies.js';
import {
  boundedError,
  clientError,
  documentedRefusal,
  frameworkError,
  HEAD_TOO_LARGE,
  type ErrorDetails,
} from './errors.js';
import { literalLength, templatePattern, type RouteSpec } from './route-spec.js';

/** What an answer made outside every operation (see `unrouted`) carries. */
export interface UnroutedAnswer {
  /** The request ID (`client.id` when Fastify already gave one). */
  id: string;
  /** Headers every response carries (request ID, rate-limit state, ...). */
  headers: Record<string, string | number>;
  /** Answer with this instead (e.g. 429 when a per-address limit is spent). */
  refuse?: ErrorDetails | undefined;
}

/** What answering outside an operation needs from the plugin's options. */
export interface UnroutedConfig {
  /** The error body and media type (the implementer's `errorBody`, else the spec's error schema). */
  renderError: ErrorRenderer;
  /**
   * Called before every answer that no operation's hooks see; returns the headers every response
   * carries, or a refusal (see RoutesOptions).
   */
  unrouted?: ((client: { id?: string; ip: string; url?: string }) => UnroutedAnswer) | undefined;
  /**
   * The operation a request whose URL the router could not decode was for (bad percent-encoding in
   * a path parameter), found from its raw path: its error is answered as that operation documents.
   */
  routeOfRawPath?: (method: string, url: string) => RouteSpec | undefined;
  /**
   * How every operation refuses invalid input, when they all refuse alike (`commonRefusal`): the
   * refusal of a request whose operation is not known.
   */
  everyOperation?: Refusal | undefined;
}

/** What a refusal of invalid input takes from an operation: its status, and its error template. */
type Refusal = Pick<RouteSpec, 'refusalStatus' | 'errorResponses'>;

/**
 * The refusal every operation documents alike, the same status (400, or the 422 `refusalStatus`)
 * with the same error template (formapi's, where each operation refuses with 422 in one schema);
 * undefined when two operations refuse differently. Only that status's template is named: any
 * other answer outside the operations takes the document's.
 */
export function commonRefusal(routes: RouteSpec[]): Refusal | undefined {
  let common: { status: number; template: number | undefined } | undefined;
  for (const route of routes) {
    const status = route.refusalStatus ?? 400;
    const template = route.errorResponses && templateIndex(route.errorResponses, status);
    if (common && (common.status !== status || common.template !== template)) return undefined;
    common = { status, template };
  }
  if (!common) return undefined;
  return {
    ...(common.status !== 400 ? { refusalStatus: common.status } : {}),
    ...(common.template !== undefined ? { errorResponses: { [common.status]: common.template } } : {}),
  };
}

/** The config of the plugin registered on each Fastify instance: `serverOptions()` reads it. */
const registered = new WeakMap<object, UnroutedConfig>();
const fallback: UnroutedConfig = { renderError: errorRenderer(NO_TEMPLATES) };

/** Records the plugin's config for answers `serverOptions()` makes on this instance. */
export function registerUnrouted(app: FastifyInstance, config: UnroutedConfig): UnroutedConfig {
  registered.set(app, config);
  return config;
}
/** Answers outside every operation: stamps the `unrouted` headers and sends the error (or the refusal). */
export function sendUnrouted(
  config: UnroutedConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  error: ErrorDetails,
  route?: RouteSpec,
): FastifyReply {
  const answer = config.unrouted?.({ id: request.id, ip: request.ip, url: request.url });
  if (answer) reply.headers(answer.headers);
  const refusing = route ?? config.everyOperation;
  const final = boundedError(answer?.refuse ?? documentedRefusal(error, refusing));
  const rendered = config.renderError(final, request, refusing?.errorResponses);
  return reply.code(final.status).type(rendered.mediaType).serializer(JSON.stringify).send(rendered.body);
}

/** The longest request head the stubs take: its target, header names and values, as Node counts them (Node's default limit). */
export const HEAD_LIMIT = 16 * 1024;
/**
 * The longest head Node's parser reads (`maxHeaderSize`). A head between HEAD_LIMIT and this reaches
 * the router, so `headCheck` refuses it as its operation documents: Node refuses a head in the chunk
 * where it overflows, and when a head arrives in pieces its request line has gone by with an earlier
 * one, so the operation would not be known (GitHub Enterprise's 422 operations were answered 400).
 */
const PARSER_HEAD_LIMIT = 64 * 1024;

/**
 * Fastify server options the plugin needs (spread them into `Fastify({...})`): framework errors
 * (bad percent-encoding) and requests Node's parser refuses get the API's error format and the
 * `unrouted` headers; path parameters are bounded by their schemas, not by the router's 100
 * characters; a request without Host reaches the plugin, which refuses it in the API's format;
 * a head over HEAD_LIMIT reaches it too (up to PARSER_HEAD_LIMIT), which refuses it as its operation does.
 */
export function serverOptions(): Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'routerOptions'
> & { http: { requireHostHeader: boolean; maxHeaderSize: number } } {
  return {
    routerOptions: { maxParamLength: PARSER_HEAD_LIMIT }, // the request line is bounded by the parser's head limit anyway
    http: { requireHostHeader: false, maxHeaderSize: PARSER_HEAD_LIMIT },
    frameworkErrors(error, request, reply) {
      const config = registered.get(request.server) ?? fallback;
      sendUnrouted(
        config,
        request,
        reply,
        frameworkError(error as { code?: string; statusCode?: number }),
        config.routeOfRawPath?.(request.method, request.url),
      );
    },
    clientErrorHandler(
      this: FastifyInstance,
      error: Error & { code?: string; rawPacket?: unknown },
      socket: Socket,
    ) {
      if (error.code === 'ECONNRESET' || socket.destroyed || lingering.has(socket)) return;
      // As Node's own handler: no answer once one has begun on this socket (a route answered the
      // request's head, e.g. a 429, before the parser reached its broken body); a second would
      // corrupt the first for the client.
      const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) {
        const config = registered.get(this) ?? fallback;
        const answer = config.unrouted?.({ ip: socket.remoteAddress ?? '' }) ?? {
          id: randomUUID(),
          headers: {},
        };
        // The operation, when the refused bytes start with its request line; else as every operation refuses.
        const refusing =
          requestLineOf(error.rawPacket, (method, url) => config.routeOfRawPath?.(method, url)) ??
          config.everyOperation;
        const details = boundedError(answer.refuse ?? documentedRefusal(clientError(error), refusing));
        const rendered = config.renderError(details, { id: answer.id }, refusing?.errorResponses);
        lingeringClose(
          socket,
          rawErrorAnswer(details.status, answer.headers, JSON.stringify(rendered.body), rendered.mediaType),
        );
        return;
      }
      socket.destroy(error);
    },
  };
}

/** Sockets answered by `lingeringClose`, still reading what their client sends. */
const lingering = new WeakSet<Socket>();
/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 2_000;

/**
 * Sends the answer, then reads and drops what the client still sends until it closes (or LINGER_MS
 * pass), as RFC 9112 §9.6 asks: closing a socket with unread input makes the kernel send a reset,
 * which can discard the answer before the client reads it (a loaded client that is still writing an
 * oversized head loses the 431 it was sent).
 */
function lingeringClose(socket: Socket, answer: string | Buffer): void {
  // Node calls this handler again for every later chunk its parser refuses: answer once.
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
  socket.once('end', () => socket.destroy());
  socket.on('data', () => {});
  socket.end(answer);
}

/**
 * An error answer as raw HTTP/1.1 bytes, for sockets Node's HTTP layer has let go of (a request
 * its parser refused, CONNECT): `headers` plus the JSON body's type and length, and the
 * connection closes after it.
 */
export function rawErrorAnswer(
  status: number,
  headers: Record<string, string | number>,
  body: string,
  mediaType = 'application/json',
): string {
  const lines = Object.entries(headers)
    .filter(([name]) => !/^(connection|content-length|content-type)$/i.test(name))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines}Content-Type: ${mediaType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** How many Host header lines a request has (its raw headers are name, value, name, value, ...). */
function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') count += 1;
  return count;
}

/**
 * What is wrong with a request's head, before any operation's hooks see it: over HEAD_LIMIT
 * (counted as Node counts it: the request target, header names and values; Node's parser reads
 * heads up to PARSER_HEAD_LIMIT so that the operation is known here), or without exactly one Host
 * (RFC 9112 3.2: a server MUST answer 400 to none or two; Node keeps the first of two, and a proxy
 * may have routed by the other; serverOptions() lets such requests through).
 */
function headProblem(request: FastifyRequest): ErrorDetails | undefined {
  let size = request.raw.url?.length ?? 0;
  for (const part of request.raw.rawHeaders) size += part.length;
  if (size > HEAD_LIMIT) return HEAD_TOO_LARGE;
  const host = request.headers.host;
  if (host === undefined ? request.raw.httpVersion === '1.1' : hostLines(request.raw.rawHeaders) > 1)
    return {
      status: 400,
      code: 'invalid_request',
      message:
        host === undefined
          ? 'HTTP/1.1 requests need a Host header.'
          : 'A request has one Host header, not several.',
      param: null,
    };
  return undefined;
}

/**
 * Refuses a request whose head is wrong (`headProblem`) with 400, or what its operation documents
 * instead (`refusalStatus`), in the API's format. An onRequest hook, before any operation's own.
 */
export function headCheck(
  config: UnroutedConfig,
  routeOf: (request: FastifyRequest) => RouteSpec | undefined,
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, reply, done) => {
    const problem = headProblem(request);
    if (problem) sendUnrouted(config, request, reply, problem, routeOf(request));
    done();
  };
}

/**
 * The route a raw (undecoded) request path is for, matched against the OpenAPI path templates: each
 * parameter stands for one or more characters other than "/", and where several match, the one
 * with the most literal text wins (`/items/mine` over `/items/{id}`), as the router would pick.
 */
export function rawPathMatcher(routes: RouteSpec[]): (method: string, url: string) => RouteSpec | undefined {
  const patterns = routes
    .map((route) => ({ route, literal: literalLength(route.path), pattern: templatePattern(route.path) }))
    .sort((a, b) => b.literal - a.literal);
  return (method, url) => {
    const path = url.split('?')[0]!;
    return patterns.find((entry) => entry.route.method === method && entry.pattern.test(path))?.route;
  };
}

/**
 * The route of a request Node's parser refused, from the request line at the start of the bytes it
 * refused (`rawPacket`), when they hold one: a head sent in one piece does; a later piece does not,
 * and that refusal is answered as no operation's.
 */
function requestLineOf(
  packet: unknown,
  routeOf: (method: string, url: string) => RouteSpec | undefined,
): RouteSpec | undefined {
  // A Buffer at run time, whatever Fastify's types say.
  if (!Buffer.isBuffer(packet)) return undefined;
  const line = /^([A-Z]{1,20}) (\/[^ \r\n]{0,8192}) HTTP\/1\.[01]\r?\n/.exec(
    packet.subarray(0, 8300).toString('latin1'),
  );
  return line ? routeOf(line[1]!, line[2]!) : undefined;
}
