/**
 * Drives requests at a target: sends one (a target that does not answer is a finding with its curl
 * line), builds an operation's positive request (on a stateful target, each path ID made fresh by
 * the operation that produces it) and walks a list page by page.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Cases, OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, blame, malformedAnswer, ProblemsError } from './findings.js';
import { acceptOf, pathParamValue, placeKey, urlOf, type RequestSpec, type Sent } from './request.js';
import { cookieHeader, encodeBody, fillPath, headerValue } from './serialize.js';
import type { Target } from './target.js';

/** Compressors for a body in a content coding, by Content-Encoding name. */
const COMPRESSORS: Record<string, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text),
  'x-gzip': (text) => gzipSync(text),
  deflate: (text) => deflateSync(text),
  br: (text) => brotliCompressSync(text),
};

/** A Buffer's bytes as the ArrayBuffer fetch takes as a body. */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * The body in the coding the request's Content-Encoding names (a header parameter: here.com's
 * gzip), as an SDK sends it; a multipart body goes in no coding (servers read its parts as they
 * arrive), so the header is left out for it, and a coding not known here stays the target's to refuse.
 */
function inContentCoding(
  body: string | FormData,
  contentType: string,
  headers: Record<string, string>,
): string | FormData | ArrayBuffer {
  const coding = headers['content-encoding']?.trim().toLowerCase();
  if (coding === undefined || coding === 'identity') return body;
  if (typeof body !== 'string') {
    delete headers['content-encoding'];
    return body;
  }
  // A binary body goes as given, as the SDKs send it: already in its coding.
  if (!SERIALISED.test(contentType)) return body;
  return Object.hasOwn(COMPRESSORS, coding) ? arrayBufferOf(COMPRESSORS[coding]!(body)) : body;
}

/** Media types whose bodies the SDKs serialise (JSON, a form, text and the text-like ones), which they compress. */
const SERIALISED = /json|^application\/x-www-form-urlencoded|^text\/|[/+]xml\b|yaml|graphql|javascript/i;

export async function send(target: Target, request: RequestSpec): Promise<Sent> {
  const headers: Record<string, string> = { accept: request.accept ?? 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {}))
    headers[name.toLowerCase()] = headerValue(
      request.params?.find(
        (param) => param.in === 'header' && param.name.toLowerCase() === name.toLowerCase(),
      ),
      value,
    );
  const query = { ...(request.query ?? {}) };
  const cookies = { ...(request.cookies ?? {}) };
  const key = request.key === undefined ? target.apiKey : request.key;
  if (key) placeKey(request.auth, key, { headers, query, cookies });
  if (Object.keys(cookies).length)
    headers.cookie = cookieHeader(request.params?.filter((param) => param.in === 'cookie') ?? [], cookies);
  const url = urlOf(target, request, query);
  let body: string | FormData | ArrayBuffer | undefined;
  if (request.body !== undefined) {
    const encoded = encodeBody(request.body, request.contentType ?? 'application/json');
    body = inContentCoding(encoded.body, request.contentType ?? 'application/json', headers);
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
  }
  let response: Response;
  try {
    // A redirect is an answer to check (a documented 302), not a place to go.
    response = await (target.transport?.fetch ?? fetch)(url, {
      method: request.method.toUpperCase(),
      headers,
      ...(body !== undefined ? { body } : {}),
      redirect: 'manual',
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // fetch refusing what we built (a header it cannot send) is our bug, not a target that did not answer.
    if (!cause) throw error;
    const who = blame(target);
    if (malformedAnswer(cause))
      throw new ProblemsError([
        {
          class: who,
          check: 'not_a_server_error',
          message: `${request.method.toUpperCase()} ${url.pathname}${url.search}: an answer that is not well-formed HTTP/1.1 (${cause.code})`,
          fix: 'The target must answer with a well-formed HTTP message: one framing (Content-Length or Transfer-Encoding, never both), valid header names and values.',
          key: `${who}|malformed-answer|${cause.code}`,
          curl: curlLine(target, request),
        },
      ]);
    throw new ProblemsError([
      {
        class: who,
        check: 'not_a_server_error',
        message: `${request.method.toUpperCase()} ${url.pathname}${url.search}: no answer (${cause?.code ?? cause?.message ?? (error as Error).message})`,
        fix: 'The target must answer every request; check that it is running and does not drop the connection.',
        key: `${who}|no-answer|${cause?.code ?? 'error'}`,
        curl: curlLine(target, request),
      },
    ]);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: validation reports it */
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Adjusts a request body before it is sent (the suite tags what it creates). */
export type PrepareBody = (operation: OperationCase, body: unknown) => unknown;

/**
 * The request of an operation's positive case. On a stateful target, each path ID is made fresh
 * by the operation that produces it (recursively); on a stateless one the examples serve.
 */
export async function positiveRequest(
  target: Target,
  cases: Cases,
  operation: OperationCase,
  options: { seen?: string[]; prepare?: PrepareBody; key?: string | null } = {},
): Promise<RequestSpec> {
  const seen = options.seen ?? [];
  const values: Record<string, unknown> = {};
  for (const param of operation.pathParams) {
    let value = param.example;
    if (target.stateful && param.producer && !seen.includes(param.producer.operationId)) {
      const producer = cases.operations.find((candidate) => candidate.id === param.producer!.operationId);
      if (producer) {
        const request = await positiveRequest(target, cases, producer, {
          ...options,
          seen: [...seen, operation.id],
        });
        const created = await send(target, {
          ...request,
          ...(options.key !== undefined ? { key: options.key } : {}),
        });
        const id = (created.body as Record<string, unknown> | undefined)?.[param.producer.field];
        if (created.status >= 300 || typeof id !== 'string') {
          throw new ProblemsError([
            against(
              target,
              'ensure_resource_availability',
              `could not create the ${param.name} for ${operation.id} with ${producer.id}: ${created.status} ${created.text.slice(0, 200)}`,
              {
                operation: producer.id,
                pointer: producer.pointer,
                fix: `${producer.id} must accept its own valid request and answer with the ${param.producer.field} that ${operation.id} needs.`,
              },
            ),
          ]);
        }
        value = id;
      }
    }
    values[param.name] = pathParamValue(operation, param.name, value);
  }
  const body =
    options.prepare && operation.body !== undefined
      ? options.prepare(operation, operation.body)
      : operation.body;
  return {
    method: operation.method,
    path: fillPath(operation.path, operation.parameters ?? [], values),
    pathValues: values,
    query: operation.query,
    headers: operation.headers,
    body,
    contentType: operation.bodyContentType,
    params: operation.parameters,
    auth: operation.auth,
    ...(acceptOf(operation) ? { accept: acceptOf(operation) } : {}),
    ...(options.key !== undefined ? { key: options.key } : {}),
  };
}

/**
 * Follows a list from `start` (or its first page) until `has_more` is false, or until `enough`
 * says the pages so far suffice. There is no page cap: a cursor that comes back, or a page that
 * adds no item while `has_more` stays true, ends the walk with an error instead.
 */
export async function walk(
  target: Target,
  operation: OperationCase,
  request: RequestSpec,
  direction: 'forward' | 'backward',
  options: {
    start?: string | undefined;
    limit?: number | undefined;
    enough?: ((pages: Array<Record<string, unknown>>) => boolean) | undefined;
  } = {},
): Promise<Array<Record<string, unknown>>> {
  const paging = operation.pagination!;
  const pages: Array<Record<string, unknown>> = [];
  const cursors = new Set<string>();
  let cursor = options.start;
  for (let index = 0; ; index += 1) {
    const param = direction === 'forward' ? paging.forwardParam : paging.backwardParam!;
    const query = {
      ...request.query,
      ...(paging.limitParam && options.limit ? { [paging.limitParam]: options.limit } : {}),
      ...(cursor ? { [param]: cursor } : {}),
    };
    const sent = await send(target, { ...request, query });
    const stop = (message: string) =>
      new ProblemsError([
        against(target, 'paging', message, {
          operation: operation.id,
          pointer: operation.pointer,
          fix: `Every page of ${operation.id} must answer 200 and move on, until ${paging.hasMoreField} is false.`,
        }),
      ]);
    if (sent.status !== 200)
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) answered ${sent.status}: ${sent.text.slice(0, 200)}`,
      );
    const page = sent.body as Record<string, unknown>;
    pages.push(page);
    if (page[paging.hasMoreField] !== true || options.enough?.(pages)) return pages;
    const items = page[paging.dataField];
    if (!Array.isArray(items) || items.length === 0)
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) is empty but ${paging.hasMoreField} is true`,
      );
    cursor = String(
      direction === 'forward' ? page[paging.nextCursorField] : page[paging.previousCursorField!],
    );
    if (cursors.has(cursor))
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) hands back a cursor already followed (${cursor}); the walk would never end`,
      );
    cursors.add(cursor);
  }
}
