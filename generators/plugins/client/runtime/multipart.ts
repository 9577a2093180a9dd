/**
 * multipart/form-data bodies (RFC 7578), written here rather than through `FormData`: FormData
 * rewrites every line break in a text value to CRLF (the HTML rule), so text would not arrive as
 * sent, and it can give a part neither its own headers nor a Content-Type without a file name.
 * The body is a Blob assembled from the parts (file Blobs are referenced, not copied), so its
 * length is known and fetch sends it as it reads it; the Content-Type with its boundary comes
 * from the same call that wrote the boundary, never from the caller.
 */
import { ClientError } from './errors.js';
import { queryPairs, rawText, primitiveText, type ParamSpec } from './serialize.js';
import { fileNameOf, isBlob, isUploadable, toBlob, unwrapPart } from './uploads.js';

/** One multipart property as the generator describes it (see the spec's `encoding`). */
export interface PartSpec {
  name: string;
  shape: 'primitive' | 'array' | 'object' | 'unknown' | 'file' | 'files';
  /** The part's Content-Type when not plain text (files: used when the value has no type of its own). */
  contentType?: string | undefined;
  /** Declared headers of the part (values come from `withPartHeaders`). */
  headers?: string[] | undefined;
  /** Spelled by style as form fields, each name=value pair its own text part. */
  styled?: true | undefined;
  style?: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | undefined;
  explode?: boolean | undefined;
  allowReserved?: true | undefined;
}

interface Part {
  name: string;
  filename?: string | undefined;
  contentType?: string | undefined;
  headers: Record<string, string>;
  content: Blob | string;
}

/** A concrete type from an encoding's contentType (a comma-separated list, maybe with wildcards). */
function concreteType(declared: string | undefined, fallback: string): string {
  const first = (declared ?? '')
    .split(',')
    .map((type) => type.trim())
    .find((type) => type !== '' && !type.includes('*'));
  return first ?? fallback;
}

/** Quotes a name or file name for Content-Disposition as browsers do: `"` and line breaks percent-encoded. */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;
}

function assertHeaderValue(name: string, value: string): void {
  if (/[\r\n]/.test(name) || /[\r\n]/.test(value))
    throw new ClientError(`Multipart part header ${JSON.stringify(name)} must not contain line breaks.`);
}

async function filePart(name: string, raw: unknown, spec: PartSpec | undefined): Promise<Part> {
  const { value, headers } = unwrapPart(raw);
  const ownType = isBlob(value) ? value.type : '';
  const type = ownType || concreteType(spec?.contentType, 'application/octet-stream');
  return {
    name,
    filename: fileNameOf(value) ?? name,
    contentType: type,
    headers,
    content: await toBlob(value, type),
  };
}

function textPart(name: string, raw: unknown, contentType: string | undefined): Part {
  const { value, headers } = unwrapPart(raw);
  return { name, ...(contentType ? { contentType } : {}), headers, content: primitiveText(value) };
}

function jsonPart(name: string, raw: unknown, spec: PartSpec | undefined): Part {
  const { value, headers } = unwrapPart(raw);
  return {
    name,
    contentType: concreteType(spec?.contentType, 'application/json'),
    headers,
    content: JSON.stringify(value),
  };
}

/** The parts one property makes, in order. */
async function partsOf(name: string, value: unknown, spec: PartSpec | undefined): Promise<Part[]> {
  if (value === undefined || value === null) return [];
  if (spec?.styled) {
    const param: ParamSpec = {
      name,
      in: 'query',
      style: spec.style ?? 'form',
      explode: spec.explode ?? (spec.style ?? 'form') === 'form',
      shape: spec.shape === 'file' || spec.shape === 'files' ? 'primitive' : spec.shape,
    };
    return queryPairs(param, unwrapPart(value).value, rawText).map(([key, text]) =>
      textPart(key, text, undefined),
    );
  }
  const shape =
    spec?.shape ??
    (isUploadable(value)
      ? 'file'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'object' && !(value instanceof Date)
          ? 'object'
          : 'primitive');
  const declaredText =
    spec?.contentType && !/^text\/plain\b/i.test(spec.contentType) ? spec.contentType : undefined;
  const one = async (item: unknown): Promise<Part> => {
    const inner = unwrapPart(item).value;
    if (shape === 'file' || shape === 'files' || isUploadable(item)) return filePart(name, item, spec);
    if (inner !== null && typeof inner === 'object' && !(inner instanceof Date))
      return jsonPart(name, item, spec);
    if (declaredText && /json/i.test(declaredText)) return jsonPart(name, item, spec);
    return textPart(name, item, declaredText);
  };
  if (Array.isArray(value) && (shape === 'files' || shape === 'array'))
    return Promise.all(value.filter((item) => item !== undefined && item !== null).map(one));
  return [await one(value)];
}

function randomBoundary(): string {
  const bytes = new Uint8Array(16);
  (globalThis.crypto as Crypto).getRandomValues(bytes);
  return `----openapi-client-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The body and Content-Type of a multipart/form-data request for `value` (an object whose
 * properties are the parts), following the part specs in `parts`; properties the spec does not
 * name are sent by what they are (files, JSON for objects, text otherwise).
 */
export async function encodeMultipart(
  value: Record<string, unknown>,
  parts: PartSpec[] = [],
): Promise<{ body: Blob; contentType: string }> {
  const byName = new Map(parts.map((part) => [part.name, part]));
  const ordered = [
    ...parts.map((part) => part.name).filter((name) => Object.hasOwn(value, name)),
    ...Object.keys(value).filter((name) => !byName.has(name)),
  ];
  const all = (await Promise.all(ordered.map((name) => partsOf(name, value[name], byName.get(name))))).flat();
  let boundary = randomBoundary();
  while (all.some((part) => typeof part.content === 'string' && part.content.includes(boundary)))
    boundary = randomBoundary();
  const pieces: BlobPart[] = [];
  for (const part of all) {
    const lines = [
      `--${boundary}`,
      `Content-Disposition: form-data; name=${quoted(part.name)}${part.filename !== undefined ? `; filename=${quoted(part.filename)}` : ''}`,
    ];
    if (part.contentType) lines.push(`Content-Type: ${part.contentType}`);
    for (const [header, text] of Object.entries(part.headers)) {
      assertHeaderValue(header, text);
      lines.push(`${header}: ${text}`);
    }
    pieces.push(`${lines.join('\r\n')}\r\n\r\n`, part.content, '\r\n');
  }
  pieces.push(`--${boundary}--\r\n`);
  return { body: new Blob(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}
