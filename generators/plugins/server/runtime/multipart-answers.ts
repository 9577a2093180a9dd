/**
 * A handler's object written as a multipart/form-data answer (RFC 7578), part by part as the
 * response's schema declares them, by the rules the SDKs send a multipart request with: a file (a
 * `format: binary` property: bytes, a Blob or File, or text) as a part with a filename and its
 * media type; an object, or a value of a JSON part, as JSON text; an array one part per item; any
 * other value as UTF-8 text (a Date as ISO 8601). Null and undefined properties and items are left
 * out. A handler that builds the body itself returns a `FormData`, or bytes with its own
 * `Content-Type` (boundary included), and they are sent as they are.
 */
import { randomBytes } from 'node:crypto';

/** One declared part of a multipart answer, as the stubs write it. */
export interface AnswerPart {
  name: string;
  shape: 'primitive' | 'array' | 'object' | 'unknown' | 'file' | 'files';
  /** The part's media type when it is not plain text (files, JSON, a declared `encoding.contentType`). */
  contentType?: string | undefined;
}

/** A file part as a handler gives it: bytes, a Blob or File (its name and type are the part's), or text. */
export type FileAnswer = Uint8Array | ArrayBuffer | Blob | string;

/**
 * What a handler returns for a multipart answer: the declared object with its file parts (`One`)
 * and arrays of files (`Many`) as FileAnswer, every property keeping whether it is required; or a
 * FormData, or bytes it encoded itself under its own Content-Type.
 */
export type MultipartAnswer<T, One extends PropertyKey = never, Many extends PropertyKey = never> =
  | { [K in keyof T]: K extends One ? FileAnswer : K extends Many ? FileAnswer[] : T[K] }
  | FormData
  | Uint8Array;

export interface EncodedAnswer {
  body: Buffer;
  contentType: string;
}

const CRLF = '\r\n';

/** A name or filename inside a quoted-string, escaped as browsers write FormData (WHATWG). */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;
}

function isBytes(value: unknown): value is Uint8Array | ArrayBuffer | Blob {
  return value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof Blob;
}

async function bytesOf(value: Uint8Array | ArrayBuffer | Blob | string): Promise<Buffer> {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (value instanceof Blob) return Buffer.from(await value.arrayBuffer());
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

interface Piece {
  name: string;
  filename?: string | undefined;
  contentType?: string | undefined;
  content: Buffer;
}

/** The first concrete type of a declared one (`image/png, image/jpeg` → image/png; a range is none). */
function concrete(declared: string | undefined): string | undefined {
  return declared
    ?.split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && !entry.includes('*'));
}

/** Text (and JSON) goes out as UTF-8: a declared charset says so (the spec's `charset=iso-8859-1` would misname the bytes). */
function asUtf8(type: string): string {
  return /;\s*charset=/i.test(type) ? type.replace(/(;\s*charset=)("[^"]*"|[^;\s]*)/i, '$1utf-8') : type;
}

const isStructured = (value: unknown) =>
  value !== null && typeof value === 'object' && !(value instanceof Date);

/** The parts one property makes, in order, by the rules the SDKs send a multipart request with. */
async function piecesOf(name: string, value: unknown, part: AnswerPart | undefined): Promise<Piece[]> {
  if (value === undefined || value === null) return [];
  const declared = concrete(part?.contentType);
  const filePart = part?.shape === 'file' || part?.shape === 'files';
  const one = async (item: unknown): Promise<Piece> => {
    if (isBytes(item) || (filePart && typeof item === 'string'))
      return {
        name,
        filename: item instanceof File && item.name ? item.name : name,
        contentType:
          (item instanceof Blob && item.type) ||
          (declared !== undefined && typeof item === 'string' ? asUtf8(declared) : declared) ||
          'application/octet-stream',
        content: await bytesOf(item),
      };
    if (isStructured(item) || (declared !== undefined && /json/i.test(declared)))
      return {
        name,
        contentType: declared !== undefined && /json/i.test(declared) ? asUtf8(declared) : 'application/json',
        content: Buffer.from(JSON.stringify(item), 'utf8'),
      };
    const text = item instanceof Date ? item.toISOString() : String(item);
    return {
      name,
      ...(declared !== undefined ? { contentType: asUtf8(declared) } : {}),
      content: Buffer.from(text, 'utf8'),
    };
  };
  if (Array.isArray(value) && (part === undefined || part.shape === 'array' || part.shape === 'files'))
    return Promise.all(value.filter((item) => item !== undefined && item !== null).map(one));
  return [await one(value)];
}

/** The object's properties as multipart/form-data, in the object's order, each by its declared part (`parts`). */
export async function encodeMultipartAnswer(
  value: Record<string, unknown>,
  parts: AnswerPart[] = [],
): Promise<EncodedAnswer> {
  const byName = new Map(parts.map((part) => [part.name, part]));
  const pieces = (
    await Promise.all(Object.entries(value).map(([name, item]) => piecesOf(name, item, byName.get(name))))
  ).flat();
  const boundary = `----ContractKitBoundary${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const piece of pieces) {
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data; name=${quoted(piece.name)}${piece.filename !== undefined ? `; filename=${quoted(piece.filename)}` : ''}`,
      ...(piece.contentType ? [`Content-Type: ${piece.contentType}`] : []),
    ];
    chunks.push(Buffer.from(head.join(CRLF) + CRLF + CRLF, 'utf8'), piece.content, Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`, 'utf8'));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A web FormData (a handler's own) as bytes and its Content-Type, written by the platform's encoder. */
export async function encodeFormData(form: FormData): Promise<EncodedAnswer> {
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'multipart/form-data',
  };
}
