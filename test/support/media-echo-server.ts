/**
 * A loopback server for any spec that tells what it received, decoded by parsers this project
 * did not write: multipart by busboy, query strings and deepObject by qs, form bodies by
 * URLSearchParams and qs, cookies split by `; `. It routes by the IR's path templates (a
 * parameter glued to text included) and answers what the operation's success response declares,
 * picked by `Accept`: JSON (the echo below), text, bytes (the request's own body, or `size` bytes
 * of a pattern), server-sent events, NDJSON records. Tests of the Python SDK (and its round-trip
 * driver) compare what the SDK meant with what arrived here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import busboy from 'busboy';
import qs from 'qs';
import type { Ir, IrMedia, IrOperation } from '../../generators/core/ir.js';

export interface EchoedPart {
  name: string;
  filename?: string;
  mimeType: string;
  /** Text parts as text; file parts as base64. */
  value: string;
  file: boolean;
}

/** What the server saw, as the JSON answer (and `seen`) carry it. */
export interface Echo {
  operationId: string;
  method: string;
  /** The raw path, and each path parameter's raw text as the template cut it. */
  path: string;
  pathParams: Record<string, string>;
  /** The raw query string, and qs's reading of it. */
  rawQuery: string;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
  cookies: Array<[string, string]>;
  contentType?: string;
  /** multipart: busboy's parts in order; form: qs's reading and URLSearchParams' pairs; JSON: parsed; text: text; binary: base64. */
  parts?: EchoedPart[];
  form?: { qs: unknown; pairs: Array<[string, string]> };
  json?: unknown;
  text?: string;
  base64?: string;
  chunked: boolean;
}

export interface EchoServer {
  url: string;
  seen: Echo[];
  close(): Promise<void>;
}

function templateRegex(operation: IrOperation): RegExp {
  const pieces = operation.template.parts.map((part, index, all) => {
    if ('literal' in part) return part.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A parameter followed by text ends at that text; one that ends its segment at the next `/`.
    const next = all[index + 1];
    return next && 'literal' in next && !next.literal.startsWith('/') ? '([^/]*?)' : '([^/]*)';
  });
  return new RegExp(`^${pieces.join('')}$`);
}

function route(
  ir: Ir,
  method: string,
  path: string,
  request: IncomingMessage,
  rawQuery: string,
): { operation: IrOperation; params: Record<string, string> } | undefined {
  for (const operation of ir.operations) {
    if (operation.method.toUpperCase() !== method) continue;
    // A template's query or fragment (`/#X-Amz-Target=A.B`, `/search?mode=fast`) must be carried by the request.
    // Without a value, the parameter it names must be present.
    const carried = operation.template.match;
    const carries = (value: string | null | undefined) =>
      carried?.value === undefined ? value != null : value === carried.value;
    if (
      carried?.in === 'header' &&
      !carries(request.headers[carried.name.toLowerCase()] as string | undefined)
    )
      continue;
    if (carried?.in === 'query' && !carries(new URLSearchParams(rawQuery).get(carried.name))) continue;
    const match = templateRegex(operation).exec(path);
    if (match)
      return {
        operation,
        params: Object.fromEntries(operation.template.params.map((name, index) => [name, match[index + 1]])),
      };
  }
  return undefined;
}

function readMultipart(request: IncomingMessage, body: Buffer): Promise<EchoedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: EchoedPart[] = [];
    const parser = busboy({ headers: request.headers, preservePath: true });
    parser.on('field', (name, value, info) =>
      parts.push({ name, mimeType: info.mimeType, value, file: false }),
    );
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const part: EchoedPart = {
        name,
        filename: info.filename,
        mimeType: info.mimeType,
        value: '',
        file: true,
      };
      parts.push(part);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => (part.value = Buffer.concat(chunks).toString('base64')));
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

function accepted(media: IrMedia[], accept: string | undefined): IrMedia | undefined {
  const wanted = (accept ?? '').split(',').map((type) => type.split(';')[0].trim().toLowerCase());
  return media.find((candidate) => wanted.includes(candidate.mediaType.toLowerCase())) ?? media[0];
}

/** A deterministic item for a stream: every property a typed record of the fixture might have. */
function item(index: number): Record<string, unknown> {
  return { seq: index, label: `tick ${index}`, title: `record ${index}`, at: `2026-03-14T09:26:5${index}Z` };
}

function pattern(size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + 3) % 256));
}

async function answer(
  response: ServerResponse,
  operation: IrOperation,
  echo: Echo,
  body: Buffer,
  accept: string | undefined,
): Promise<void> {
  const success = operation.responses.find((candidate) => candidate.status === operation.successStatus);
  const media = accepted(success?.content ?? [], accept);
  const status = Number(operation.successStatus ?? 200);
  if (!media) return void response.writeHead(status).end();
  const type = media.mediaType.includes('*') ? 'application/octet-stream' : media.mediaType;
  switch (media.kind) {
    case 'json':
      return void response.writeHead(status, { 'content-type': type }).end(JSON.stringify(echo));
    case 'text':
    case 'form':
      return void response
        .writeHead(status, { 'content-type': `${type}; charset=utf-8` })
        .end(body.length > 0 ? body : `Grüße from ${operation.id}\r\nline 2`);
    case 'event-stream': {
      response.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      for (let index = 1; index <= 3; index += 1) {
        const data = media.stream?.dataIsJson ? JSON.stringify(item(index)) : `line ${index}\nsecond line`;
        response.write(
          `${index === 1 ? 'retry: 500\n' : ''}id: ${index}\nevent: tick\n${data
            .split('\n')
            .map((line) => `data: ${line}`)
            .join('\n')}\n\n`,
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return void response.end();
    }
    case 'ndjson':
      response.writeHead(status, { 'content-type': type });
      for (let index = 1; index <= 3; index += 1) response.write(`${JSON.stringify(item(index))}\n`);
      return void response.end();
    default: {
      const size = Number(new URLSearchParams(echo.rawQuery).get('size') ?? 4096);
      return void response
        .writeHead(status, { 'content-type': type })
        .end(body.length > 0 ? body : pattern(size));
    }
  }
}

export async function startEchoServer(ir: Ir): Promise<EchoServer> {
  const seen: Echo[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const [path, rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
        const found = route(ir, request.method ?? 'GET', path, request, rawQuery);
        if (!found)
          return void response.writeHead(404, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              error: { code: 'not_found', message: `no route for ${request.method} ${path}` },
            }),
          );
        const contentType = request.headers['content-type'];
        const echo: Echo = {
          operationId: found.operation.id,
          method: request.method ?? '',
          path,
          pathParams: found.params,
          rawQuery,
          query: qs.parse(rawQuery, { depth: 5, parameterLimit: 1000 }),
          headers: request.headers,
          cookies: (request.headers.cookie ?? '')
            .split('; ')
            .filter(Boolean)
            .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
          ...(contentType ? { contentType } : {}),
          chunked: /chunked/i.test(String(request.headers['transfer-encoding'] ?? '')),
        };
        const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();
        if (essence === 'multipart/form-data') echo.parts = await readMultipart(request, body);
        else if (essence === 'application/x-www-form-urlencoded')
          echo.form = {
            qs: qs.parse(body.toString('utf8')),
            pairs: [...new URLSearchParams(body.toString('utf8'))],
          };
        else if (/json/.test(essence))
          echo.json = body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
        else if (essence.startsWith('text/')) echo.text = body.toString('utf8');
        else if (body.length > 0) echo.base64 = body.toString('base64');
        seen.push(echo);
        const echoed =
          body.length > 0 && !essence.startsWith('multipart/') && !/json|form/.test(essence)
            ? body
            : Buffer.alloc(0);
        await answer(response, found.operation, echo, echoed, request.headers.accept);
      })().catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
