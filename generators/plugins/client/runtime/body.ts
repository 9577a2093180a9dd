/**
 * Request bodies: which of an operation's media types a call sends (the default, JSON when the
 * spec declares it, or the one the caller names with the spec's media-type key), and the bytes
 * and Content-Type for it: JSON (any `+json`), multipart (multipart.ts), form-urlencoded with the
 * spec's `encoding`, text, and binary sent as given (a stream is streamed, never buffered).
 */
import { ClientError } from './errors.js';
import { encodeMultipart, type PartSpec } from './multipart.js';
import { primitiveText, queryPairs, type ParamSpec } from './serialize.js';
import { isBlob, isReadableStream, unwrapPart } from './uploads.js';

export type MediaKind = 'json' | 'multipart' | 'form' | 'text' | 'binary' | 'event-stream' | 'ndjson';

/** One request media type of an operation. */
export interface BodySpec {
  mediaType: string;
  kind: MediaKind;
  /** Taken from the params object: its remaining keys (`merged`) or its `body` key (`property`). */
  mode: 'merged' | 'property';
  /** Multipart and form: the properties, with their `encoding`. */
  parts?: PartSpec[] | undefined;
}

export interface EncodedBody {
  body: BodyInit;
  contentType?: string | undefined;
  /** False for a stream: it can be sent once, so the call is not retried. */
  replayable: boolean;
}

/** The body spec a call uses: the one its media-type key names, else the first (the default). */
export function chooseBody(bodies: BodySpec[], chosen: unknown): BodySpec | undefined {
  if (chosen === undefined || chosen === null) return bodies[0];
  const found = bodies.find((body) => body.mediaType.toLowerCase() === String(chosen).toLowerCase());
  if (!found)
    throw new ClientError(
      `This operation does not take ${String(chosen)}; it takes ${bodies.map((body) => body.mediaType).join(', ')}.`,
    );
  return found;
}

/** A form-urlencoded body: every property by its encoding (style-based when the spec says so; objects as JSON text otherwise, arrays repeated). */
function encodeForm(value: Record<string, unknown>, parts: PartSpec[] = []): string {
  const byName = new Map(parts.map((part) => [part.name, part]));
  const names = [
    ...parts.map((part) => part.name).filter((name) => Object.hasOwn(value, name)),
    ...Object.keys(value).filter((name) => !byName.has(name)),
  ];
  return names
    .flatMap((name) => {
      const part = byName.get(name);
      const raw = value[name];
      if (part?.styled) {
        const style = part.style ?? 'form';
        const spec: ParamSpec = {
          name,
          in: 'query',
          style,
          explode: part.explode ?? style === 'form',
          shape: part.shape === 'file' || part.shape === 'files' ? 'primitive' : part.shape,
          ...(part.allowReserved ? { allowReserved: true as const } : {}),
        };
        return queryPairs(spec, raw);
      }
      // A field of no known shape whose content type is JSON: the whole value as JSON text, one field.
      // null is not sent, as for every other field (and as the Python SDK does with None).
      if (part?.shape === 'unknown' && part.contentType && /json/i.test(part.contentType))
        return raw === undefined || raw === null
          ? []
          : queryPairs({ name, in: 'query' }, JSON.stringify(raw));
      // Content-based: an object is JSON text (application/json is the default for objects), items of an array each their own field.
      const asText = (item: unknown) =>
        item !== null && typeof item === 'object' && !(item instanceof Date)
          ? JSON.stringify(item)
          : primitiveText(item);
      const items = Array.isArray(raw) ? raw : [raw];
      return items
        .filter((item) => item !== undefined && item !== null)
        .flatMap((item) => queryPairs({ name, in: 'query' }, asText(item)));
    })
    .map(([name, text]) => `${name}=${text}`)
    .join('&');
}

/** A binary body's Content-Type: the spec's type when concrete, else the value's own, else application/octet-stream. */
function binaryType(mediaType: string, value: unknown): string {
  if (!mediaType.includes('*')) return mediaType;
  return (isBlob(value) && value.type) || 'application/octet-stream';
}

export async function encodeBody(spec: BodySpec, raw: unknown): Promise<EncodedBody> {
  const value = unwrapPart(raw).value;
  switch (spec.kind) {
    case 'multipart': {
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new ClientError('A multipart/form-data body is an object whose properties are its parts.');
      const { body, contentType } = await encodeMultipart(value as Record<string, unknown>, spec.parts);
      return { body, contentType, replayable: true };
    }
    case 'form':
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new ClientError('A form-urlencoded body is an object whose properties are its fields.');
      return {
        body: encodeForm(value as Record<string, unknown>, spec.parts),
        contentType: spec.mediaType,
        replayable: true,
      };
    case 'text':
      return { body: primitiveText(value), contentType: spec.mediaType, replayable: true };
    case 'binary':
    case 'event-stream':
    case 'ndjson': {
      if (isReadableStream(value))
        return { body: value, contentType: binaryType(spec.mediaType, value), replayable: false };
      if (
        isBlob(value) ||
        value instanceof ArrayBuffer ||
        ArrayBuffer.isView(value) ||
        typeof value === 'string'
      )
        return { body: value as BodyInit, contentType: binaryType(spec.mediaType, value), replayable: true };
      throw new ClientError(
        `A ${spec.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`,
      );
    }
    default:
      return { body: JSON.stringify(value), contentType: spec.mediaType, replayable: true };
  }
}

/** The codings this client applies to a body it serialises, by Content-Encoding name (CompressionStream's formats). */
const CODINGS: Record<string, CompressionFormat> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate' };

/**
 * The body in the coding its Content-Encoding names, where the call sends one (a `Content-Encoding`
 * header parameter: here.com positioning's gzip, "the data in the body is gzip-encoded"). A body
 * this client serialises (JSON, a form, text) is compressed; bytes, a Blob or a stream the caller
 * gives (a binary media type) are sent as given, already in their coding. A coding this client
 * cannot apply, or a multipart body in any coding, is refused before anything is sent.
 */
export async function inContentCoding(
  encoded: EncodedBody,
  spec: BodySpec,
  coding: string | undefined,
): Promise<EncodedBody> {
  const name = coding?.trim().toLowerCase();
  if (name === undefined || name === '' || name === 'identity') return encoded;
  if (spec.kind === 'binary' || spec.kind === 'event-stream' || spec.kind === 'ndjson') return encoded;
  if (spec.kind === 'multipart')
    throw new ClientError(
      `A multipart/form-data body is not sent in a content coding (${JSON.stringify(name)}): servers read its parts as they arrive. Send it without a Content-Encoding.`,
    );
  const format = Object.hasOwn(CODINGS, name) ? CODINGS[name] : undefined;
  if (!format)
    throw new ClientError(
      `This client compresses a ${spec.mediaType} body with gzip or deflate, not ${JSON.stringify(name)}: send another Content-Encoding, or none.`,
    );
  const compressed = new Response(encoded.body).body!.pipeThrough(new CompressionStream(format));
  return { ...encoded, body: new Uint8Array(await new Response(compressed).arrayBuffer()) };
}
