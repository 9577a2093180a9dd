/**
 * Media types: which kind of content a media type is (how it is read and written), and the order
 * in which an operation's media types are offered. One place decides, for the IR, every emitter
 * and the round-trip check.
 */
import type { MediaKind } from './ir.js';

const NDJSON = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
]);

/** The type/subtype of a media type, lower case, without parameters: "Application/JSON; charset=utf-8" -> "application/json". */
export function essence(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

/**
 * A media type or range as a content key writes it: `type/subtype` of RFC 9110 tokens (`*` among
 * them), parameters after `;`. A bare `*` (telnyx's downloads) is taken, as it always was.
 */
export function isMediaRange(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === '*' || MEDIA_RANGE.test(type);
}
const MEDIA_RANGE = /^[!#$%&'*+\-.^_`|~0-9a-z]+\/[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/**
 * application/json, any `+json` suffix (application/vnd.api+json, application/merge-patch+json),
 * wildcards of them (`application/*+json`, as ASP.NET declares, and `*\/json`), and vendor types whose subtype has `json` as a word (AWS's application/x-amz-json-1.1).
 */
export function isJsonMediaType(mediaType: string | undefined): boolean {
  if (!mediaType) return false;
  const type = essence(mediaType);
  if (NDJSON.has(type) || /(^|[/.+-])json-seq$/.test(type)) return false;
  return (
    /^[\w.+*-]+\/([\w.*-]+\+)?json$/.test(type) ||
    /^application\/[\w.-]*(^|[.-])json([.-][\w.-]*)?$/.test(type)
  );
}

/**
 * How content of this media type is read and written. Text is text/* (except event streams), XML
 * and the few application types that are text by definition; anything else that is not JSON,
 * a form or a stream is bytes (`binary`), wildcards such as `image/*` and `*\/*` included.
 */
export function mediaKind(mediaType: string): MediaKind {
  const type = essence(mediaType);
  if (type === 'text/event-stream') return 'event-stream';
  if (NDJSON.has(type)) return 'ndjson';
  if (isJsonMediaType(type)) return 'json';
  if (type === 'multipart/form-data') return 'multipart';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (
    type.startsWith('text/') ||
    /[/+]xml$/.test(type) ||
    type === 'application/javascript' ||
    type === 'application/yaml' ||
    type === 'application/x-yaml' ||
    type === 'application/graphql'
  )
    return 'text';
  return 'binary';
}

/** Multipart types other than form-data (mixed, related, byteranges, ...): their parts have no names to map properties to. */
export function isUnsupportedMultipart(mediaType: string): boolean {
  const type = essence(mediaType);
  return type.startsWith('multipart/') && type !== 'multipart/form-data';
}

/**
 * Media types in the order they are offered: JSON first (application/json before +json), then
 * the rest in document order. The first is the default a client sends and expects.
 */
export function preferredOrder(mediaTypes: string[]): string[] {
  const rank = (type: string) => (essence(type) === 'application/json' ? 0 : isJsonMediaType(type) ? 1 : 2);
  return mediaTypes
    .map((type, index) => ({ type, index }))
    .sort((a, b) => rank(a.type) - rank(b.type) || a.index - b.index)
    .map((entry) => entry.type);
}
