/**
 * A real HTTP server on 127.0.0.1 for client tests: each test scripts the answers, and the
 * server records every request it received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Answers the next requests with these handlers in order; the last one repeats. */
  script: (...handlers: Handler[]) => void;
  close: () => Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handlers: Handler[] = [json(200, {})];
  let served = 0;
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      requests.push(request);
      const handler = handlers[Math.min(served, handlers.length - 1)];
      served += 1;
      void handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    script: (...next) => {
      handlers = next;
      served = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer with the given status, body and headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

/** An error answer in the spec's error format. */
export function apiError(status: number, code: string, headers: Record<string, string> = {}): Handler {
  return json(
    status,
    { object: 'error', code, message: `${code} happened`, param: null, request_id: `req_${code}` },
    headers,
  );
}

/** Never answers until the client gives up (the socket is left open). */
export const hang: Handler = () => undefined;
