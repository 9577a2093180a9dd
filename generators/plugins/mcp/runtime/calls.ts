/**
 * One operation through the generated client: tool arguments become the client method's arguments
 * (path parameters in order, the rest as its params object, files decoded from base64), and what
 * the client returns or throws becomes a tool result. Retries, auth, timeouts and error classes are
 * the client's; an API error is a tool error carrying the API's status, code and message.
 */
import type { CatalogOperation, ResultKind } from './catalog.js';

/** What a tool call returns (MCP's CallToolResult). */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown> | undefined;
  isError?: boolean | undefined;
}

/** A file as a tool takes it. */
interface FileArgument {
  base64: string;
  name?: string | undefined;
  type?: string | undefined;
}

/** The most items of an event stream or NDJSON stream a tool result holds. */
export const MAX_STREAM_ITEMS = 1000;

type Callable = (...args: unknown[]) => unknown;

/** Calls the operation with the arguments, through the client; never throws. */
export async function callOperation(
  client: object,
  operation: CatalogOperation,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolResult> {
  try {
    const { call } = operation;
    let target = client as Record<string, unknown>;
    for (const property of call.resource) target = target[property] as Record<string, unknown>;
    const method = target[call.method] as Callable;
    const decoded = decodeFiles(args, call.files);
    const params: Record<string, unknown> = { ...decoded };
    for (const name of [...call.pathArguments, ...(call.acceptArgument ? [call.acceptArgument] : [])])
      delete params[name];
    const accept = call.acceptArgument ? (args[call.acceptArgument] as string | undefined) : undefined;
    const options = { ...(signal ? { signal } : {}), ...(accept ? { accept } : {}) };
    const value = await method.call(
      target,
      ...call.pathArguments.map((name) => decoded[name]),
      ...(call.params ? [params] : []),
      options,
    );
    const kind = (operation.results.find((result) => result.mediaType === accept) ?? operation.results[0])
      ?.kind;
    return success(await resultValue(value, kind ?? 'none', operation, args));
  } catch (error) {
    return failure(error);
  }
}

/** The arguments with each file (`{ base64, name?, type? }`) as a File the client uploads. */
function decodeFiles(
  args: Record<string, unknown>,
  files: CatalogOperation['call']['files'],
): Record<string, unknown> {
  if (files.length === 0) return args;
  const copy = structuredClone(args);
  const toFile = (value: unknown): unknown => {
    const file = value as FileArgument;
    if (!file || typeof file !== 'object' || typeof file.base64 !== 'string') return value;
    return new File([Buffer.from(file.base64, 'base64')], file.name ?? 'file', {
      type: file.type ?? 'application/octet-stream',
    });
  };
  for (const { at, many } of files) {
    let holder: Record<string, unknown> | undefined = copy;
    for (const key of at.slice(0, -1))
      holder =
        holder && typeof holder[key] === 'object' ? (holder[key] as Record<string, unknown>) : undefined;
    const key = at[at.length - 1];
    if (key === undefined || !holder || !Object.hasOwn(holder, key) || holder[key] === undefined) continue;
    holder[key] =
      many && Array.isArray(holder[key]) ? (holder[key] as unknown[]).map(toFile) : toFile(holder[key]);
  }
  return copy;
}

/** What the client returned, as JSON: a page's body with how to ask for the next, bytes in base64, a stream's items. */
async function resultValue(
  value: unknown,
  kind: ResultKind,
  operation: CatalogOperation,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (operation.paging && isPage(value)) return pageResult(value, operation, args);
  if (value instanceof Response) {
    const bytes = Buffer.from(await value.arrayBuffer());
    return {
      result: {
        media_type: value.headers.get('content-type') ?? 'application/octet-stream',
        size: bytes.length,
        base64: bytes.toString('base64'),
      },
    };
  }
  if (kind === 'events' || kind === 'records') {
    const items: unknown[] = [];
    let truncated = false;
    for await (const item of value as AsyncIterable<unknown>) {
      if (items.length === MAX_STREAM_ITEMS) {
        truncated = true;
        break;
      }
      items.push(item);
    }
    return { result: items, ...(truncated ? { truncated_after: MAX_STREAM_ITEMS } : {}) };
  }
  return { result: value === undefined ? null : value };
}

interface ClientPage {
  body: unknown;
  hasNextPage(): boolean;
  nextCursor?: string | null | undefined;
  nextPageRequest?: (() => { params: Record<string, unknown> } | { url: string } | null) | undefined;
}

function isPage(value: unknown): value is ClientPage {
  return Boolean(
    value && typeof value === 'object' && typeof (value as ClientPage).hasNextPage === 'function',
  );
}

/**
 * A page's body as the API sent it, and when a page follows, the arguments that ask for it: the
 * client's own next request (its parameters, or the query of its next link), or our cursor.
 */
function pageResult(
  page: ClientPage,
  operation: CatalogOperation,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { result: page.body, has_next_page: page.hasNextPage() };
  if (!page.hasNextPage()) return result;
  const paging = operation.paging!;
  if (paging.style === 'cursor' && page.nextCursor) {
    const next: Record<string, unknown> = { ...args, [paging.forwardArgument]: page.nextCursor };
    if (paging.backwardArgument) delete next[paging.backwardArgument];
    result.next_page_arguments = next;
    return result;
  }
  const request = page.nextPageRequest?.();
  if (request && 'params' in request) result.next_page_arguments = { ...args, ...request.params };
  else if (request && 'url' in request) {
    const known = new Set(Object.keys((operation.input.properties as object | undefined) ?? {}));
    const query = Object.fromEntries(
      [...new URL(request.url, 'http://next.invalid').searchParams].filter(([name]) => known.has(name)),
    );
    result.next_page_arguments = { ...args, ...query };
    result.next_page_url = request.url;
  }
  return result;
}

function success(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** The client's error as a tool error: the API's status, code and message when it answered, else what went wrong. */
export function failure(error: unknown): ToolResult {
  const details = error as {
    name?: string | undefined;
    message?: string | undefined;
    status?: number | undefined;
    code?: string | null | undefined;
    param?: string | null | undefined;
    requestId?: string | null | undefined;
    body?: unknown | undefined;
  };
  const structured: Record<string, unknown> = {
    error: {
      type: details?.name ?? 'Error',
      message: details?.message ?? String(error),
      ...(typeof details?.status === 'number' ? { status: details.status } : {}),
      ...(details?.code ? { code: details.code } : {}),
      ...(details?.param ? { param: details.param } : {}),
      ...(details?.requestId ? { request_id: details.requestId } : {}),
      ...(typeof details?.status === 'number' && details.body !== undefined ? { body: details.body } : {}),
    },
  };
  return {
    isError: true,
    content: [{ type: 'text', text: `${details?.name ?? 'Error'}: ${details?.message ?? String(error)}` }],
    structuredContent: structured,
  };
}
