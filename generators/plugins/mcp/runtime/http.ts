/**
 * The server over streamable HTTP (MCP 2025-03-26 and later), stateless: each POST to `/mcp` gets a
 * server and transport of its own, so instances need no shared session store. On a loopback
 * address it answers only requests whose Host (and Origin, when sent) is loopback too: a web page
 * cannot reach it through DNS rebinding and spend the key the server holds.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface HttpOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** The path the endpoint answers on (default `/mcp`). */
  path?: string | undefined;
}

export interface RunningHttp {
  url: string;
  close: () => Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/;

function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Serves `makeServer()` (one per request) on `path` until closed. */
export async function serveHttp(makeServer: () => Server, options: HttpOptions): Promise<RunningHttp> {
  const host = options.host ?? '127.0.0.1';
  const endpoint = options.path ?? '/mcp';
  const loopbackOnly = LOOPBACK.test(host);
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://server.invalid');
    if (url.pathname !== endpoint) return refuse(response, 404, `Not found: the MCP endpoint is ${endpoint}`);
    if (loopbackOnly) {
      const origin = request.headers.origin;
      const originHost = origin ? hostName(origin.replace(/^[a-z]+:\/\//i, '')) : undefined;
      if (
        !LOOPBACK.test(hostName(request.headers.host) ?? '') ||
        (origin && !LOOPBACK.test(originHost ?? ''))
      )
        return refuse(response, 403, 'Forbidden: this server answers only loopback hosts and origins');
    }
    if (request.method !== 'POST')
      return refuse(response, 405, 'Method not allowed: this stateless server takes POST only');
    const server = makeServer();
    // Stateless: no session id generator, so no session to keep between requests.
    const transport = new StreamableHTTPServerTransport({});
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };
  const http: HttpServer = createHttpServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, `Internal error: ${(error as Error).message}`);
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const address = http.address() as { port: number };
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${endpoint}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
