/**
 * Response bodies by media kind: JSON parsed, text as a string, binary as the `Response` itself
 * (`.blob()`, `.arrayBuffer()`, `.body` stream; nothing read up front), event streams and NDJSON
 * as a `Stream`. The kind is the declared media type that matches the response's Content-Type,
 * else the one that was asked for in `Accept`.
 */
import type { MediaKind } from './body.js';
import { APIError, ClientError } from './errors.js';
import { Stream, type Reconnect } from './streaming.js';

/** One media type of the success response. */
export interface ResponseMediaSpec {
  mediaType: string;
  kind: MediaKind;
  /** Event streams: whether each event's data is JSON (parsed) or text. */
  dataIsJson?: boolean | undefined;
}

const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase();

function matches(declared: string, actual: string): boolean {
  const [type, subtype] = essence(declared).split('/');
  const [actualType, actualSubtype] = essence(actual).split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

/** The media type a call asks for: `accept` when the operation declares it, else the preferred one. */
export function chooseAccept(
  media: ResponseMediaSpec[] | undefined,
  accept: string | undefined,
): ResponseMediaSpec | undefined {
  if (!media || media.length === 0) return undefined;
  if (accept === undefined) return media[0];
  const found = media.find((candidate) => essence(candidate.mediaType) === essence(accept));
  if (!found)
    throw new ClientError(
      `This operation answers ${media.map((candidate) => candidate.mediaType).join(', ')}; it cannot answer ${accept}.`,
    );
  return found;
}

/** JSON when the Content-Type says JSON, text otherwise; undefined for an empty body. */
export async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (/json/i.test(contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new APIError(
        response.status,
        text,
        `Response claimed ${contentType} but was not JSON.`,
        response.headers,
      );
    }
  }
  return text;
}

export interface DecodeOptions {
  /** Aborts a streamed body (linked to the call's signal). */
  controller: AbortController;
  /** Reopens an event stream from a Last-Event-ID, when the operation allows it. */
  reconnect?: Reconnect | undefined;
  maxReconnects?: number | undefined;
}

/** The declared media a success response is read as; undefined when it is parsed as JSON-or-text (no declared media, HEAD, 204). */
export function successMedia(
  response: Response,
  declared: ResponseMediaSpec[] | undefined,
  asked: ResponseMediaSpec | undefined,
  method: string,
): ResponseMediaSpec | undefined {
  if (
    !declared ||
    declared.length === 0 ||
    method === 'HEAD' ||
    response.status === 204 ||
    response.status === 205
  )
    return undefined;
  const contentType = response.headers.get('content-type');
  if (!contentType) return asked ?? declared[0];
  // The type asked for, when the answer is one (the call's result type is that type's); else the closest declared one.
  if (asked && matches(asked.mediaType, contentType)) return asked;
  return closestMatch(declared, contentType) ?? asked ?? declared[0];
}

/** The declared media type closest to a Content-Type: its own type, else `type/*`, else `*\/*` (gerermesaffaires declares `*\/*` before multipart/form-data). */
function closestMatch(declared: ResponseMediaSpec[], contentType: string): ResponseMediaSpec | undefined {
  const wildcards = (media: ResponseMediaSpec) => essence(media.mediaType).split('*').length - 1;
  return declared
    .filter((candidate) => matches(candidate.mediaType, contentType))
    .reduce<ResponseMediaSpec | undefined>(
      (best, candidate) => (best === undefined || wildcards(candidate) < wildcards(best) ? candidate : best),
      undefined,
    );
}

/** Bodies the caller reads at its own pace (streams and downloads): an idle timeout, not the call's, covers them. */
export function isStreamed(media: ResponseMediaSpec | undefined): boolean {
  return media !== undefined && !['json', 'text', 'form'].includes(media.kind);
}

/** The success body, decoded by its media kind (`successMedia`). */
export async function decodeSuccess(
  response: Response,
  media: ResponseMediaSpec | undefined,
  options: DecodeOptions,
): Promise<unknown> {
  if (media === undefined)
    return response.status === 204 || response.status === 205 ? undefined : parseBody(response);
  switch (media.kind) {
    case 'json':
      return parseBody(response);
    case 'text':
    case 'form':
      return response.text();
    case 'event-stream':
      return Stream.fromSSE(
        response,
        options.controller,
        media.dataIsJson ? (data) => JSON.parse(data) as unknown : (data) => data,
        { reconnect: options.reconnect, maxReconnects: options.maxReconnects },
      );
    case 'ndjson':
      return Stream.fromNDJSON(response, options.controller);
    default:
      return response; // binary (and multipart): the caller reads it as it likes, when it likes
  }
}
