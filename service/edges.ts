/**
 * Answers made outside every route: unknown paths, bad URLs, requests Node's HTTP parser refused.
 * Each plugin says how it answers them for its prefix (`mount`), and the service's root hands
 * bytes the router could not route (a URL that is not valid percent-encoding, a path parameter
 * too long) to the plugin whose prefix the URL is under, the longest first: the rule Fastify
 * applies to pick a prefix's 404 handler. Bytes Node could not even parse have no URL: the plugin
 * mounted at the root answers them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  rawErrorAnswer,
  serverOptions,
  type ErrorDetails,
  type UnroutedAnswer,
} from '../generated/server/index.js';
import { frameworkError } from '../generated/server/core/errors.js';
import { errorBody, sendError } from './errors.js';

/** A plugin's headers (and refusal, once a per-address budget is spent) for answers no route makes. */
export type Unrouted = (client: { id?: string; ip: string; url?: string }) => UnroutedAnswer;

/** Sends `error`, or the refusal `unrouted` makes instead, with that plugin's headers. */
export function sendUnrouted(
  unrouted: Unrouted,
  request: FastifyRequest,
  reply: FastifyReply,
  error: ErrorDetails,
): FastifyReply {
  const answer = unrouted({ id: request.id, ip: request.ip, url: request.url });
  reply.headers(answer.headers);
  const final = answer.refuse ?? error;
  return sendError(reply, request, final.status, final.code, final.message, final.param);
}

interface Mount {
  prefix: string;
  scope: FastifyInstance;
  unrouted: Unrouted;
}

const isUnder = (path: string, prefix: string) =>
  prefix === '' || path === prefix || path.startsWith(`${prefix}/`);

export class Edges {
  private readonly mounts: Mount[] = [];

  /**
   * `scope`'s plugin answers what no route answers under its prefix. The plugin at the root ('')
   * must have registered the generated routes on `scope`: it answers for bytes Node refused.
   */
  mount(scope: FastifyInstance, unrouted: Unrouted): void {
    this.mounts.push({ prefix: scope.prefix, scope, unrouted });
    this.mounts.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  private owner(url = ''): Mount {
    const path = url.split('?')[0];
    const mount = this.mounts.find((candidate) => isUnder(path, candidate.prefix));
    if (!mount) throw new Error('no plugin is mounted at the root of the service');
    return mount;
  }

  /**
   * Requests Node answers itself unless told otherwise, answered here in the spec's format by the
   * plugin whose prefix the URL is under: an `Expect` other than `100-continue` (Node's bare 417)
   * and `CONNECT` (Node closes the connection without a word). Both are 400 invalid_request, the
   * status every operation documents (spec/DECISIONS.md, "Answers before any operation").
   */
  answerNodeRequests(server: {
    on(
      event: 'checkExpectation',
      listener: (request: IncomingMessage, response: ServerResponse) => void,
    ): unknown;
    on(event: 'connect', listener: (request: IncomingMessage, socket: Socket) => void): unknown;
  }): void {
    const answer = (request: IncomingMessage, error: ErrorDetails) => {
      const made = this.owner(request.url).unrouted({
        ip: request.socket.remoteAddress ?? '',
        url: request.url,
      });
      const details = made.refuse ?? error;
      return {
        status: details.status,
        headers: made.headers,
        body: JSON.stringify(errorBody(details, { id: made.id })),
      };
    };
    server.on('checkExpectation', (request, response) => {
      const { status, headers, body } = answer(request, {
        status: 400,
        code: 'invalid_request',
        message: 'Only "Expect: 100-continue" is supported.',
        param: null,
      });
      response
        .writeHead(status, {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
        })
        .end(body);
    });
    server.on('connect', (request, socket) => {
      // Node hands the socket over without its own error listener or timeouts: a client that resets
      // it would otherwise raise an uncaught error, and one that never closes would hold it for ever.
      socket.on('error', () => socket.destroy());
      socket.setTimeout(10_000, () => socket.destroy());
      const { status, headers, body } = answer(request, {
        status: 400,
        code: 'invalid_request',
        message: 'CONNECT is not supported: this is not a proxy.',
        param: null,
      });
      socket.end(rawErrorAnswer(status, headers, body), () => socket.destroy());
    });
  }

  /**
   * The Fastify options for answers made before routing, in place of the generated ones (which
   * answer for the routes registered on the root instance; here each plugin has its own).
   */
  serverOptions(): ReturnType<typeof serverOptions> {
    const generated = serverOptions();
    return {
      ...generated,
      frameworkErrors: (error, request, reply) => {
        sendUnrouted(
          this.owner(request.url).unrouted,
          request,
          reply,
          frameworkError(error as { code?: string; statusCode?: number }),
        );
      },
      clientErrorHandler: (error, socket) => {
        generated.clientErrorHandler!.call(this.owner().scope, error, socket);
      },
    } satisfies Partial<FastifyServerOptions>;
  }
}
