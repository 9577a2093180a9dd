/**
 * What a file can be when it is sent (a multipart part or a binary body): a `Blob` or `File`
 * (in Node, `fs.openAsBlob(path)` gives one backed by the file, never read into memory), bytes
 * (`Uint8Array`, `ArrayBuffer`), or a `ReadableStream` of bytes; `toFile` names and types any of
 * them. `withPartHeaders` attaches a multipart part's own headers (the spec's `encoding.headers`).
 */

/** Bytes a request can carry. */
export type Uploadable = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | PartWithHeaders;

const PART_HEADERS = Symbol.for('openapi-client.part-headers');

/** A multipart part value with headers of its own (`X-Checksum: …`), from `withPartHeaders`. */
export interface PartWithHeaders<Value = unknown> {
  readonly [PART_HEADERS]: Record<string, string>;
  readonly value: Value;
}

/** Attaches headers to one multipart part: `{ file: withPartHeaders(bytes, { 'X-Checksum': sum }) }`. */
export function withPartHeaders<Value>(
  value: Value,
  headers: Record<string, string>,
): PartWithHeaders<Value> {
  return { [PART_HEADERS]: { ...headers }, value };
}

/** A part value and its own headers (none for a plain value). */
export function unwrapPart(value: unknown): { value: unknown; headers: Record<string, string> } {
  if (value && typeof value === 'object' && PART_HEADERS in value)
    return { value: (value as PartWithHeaders).value, headers: (value as PartWithHeaders)[PART_HEADERS] };
  return { value, headers: {} };
}

export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

export function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof ReadableStream !== 'undefined' && value instanceof ReadableStream;
}

/** True for every kind of bytes `Uploadable` names (a part wrapped by withPartHeaders is looked into). */
export function isUploadable(value: unknown): boolean {
  const inner = unwrapPart(value).value;
  return (
    isBlob(inner) || inner instanceof ArrayBuffer || ArrayBuffer.isView(inner) || isReadableStream(inner)
  );
}

/** The file name a value carries (a `File`'s name), if any. */
export function fileNameOf(value: unknown): string | undefined {
  const name = (value as { name?: unknown } | null)?.name;
  return isBlob(value) && typeof name === 'string' && name !== '' ? name : undefined;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/**
 * A `File` from bytes, a Blob or a stream, with a name and a media type:
 * `toFile(await readFile('a.png'), 'a.png', { type: 'image/png' })`. A stream is read to its end
 * (a multipart body needs every part's length); pass a Blob (`fs.openAsBlob`) to keep a large
 * file on disk until it is sent.
 */
export async function toFile(
  data: Uploadable | string,
  name: string,
  options: { type?: string } = {},
): Promise<File> {
  const inner = unwrapPart(data).value as Uploadable | string;
  const type = options.type ?? (isBlob(inner) ? inner.type : '');
  let parts: BlobPart[];
  if (isReadableStream(inner)) parts = (await readAll(inner)) as BlobPart[];
  else if (ArrayBuffer.isView(inner))
    parts = [new Uint8Array(inner.buffer, inner.byteOffset, inner.byteLength) as BlobPart];
  else parts = [inner as BlobPart];
  return new File(parts, name, { type });
}

/** Any Uploadable as a Blob (a stream is read to its end; a Blob is kept as it is, never copied). */
export async function toBlob(value: unknown, type: string): Promise<Blob> {
  if (isBlob(value)) return value.type || !type ? value : value.slice(0, value.size, type);
  if (isReadableStream(value)) return new Blob((await readAll(value)) as BlobPart[], { type });
  if (ArrayBuffer.isView(value))
    return new Blob([new Uint8Array(value.buffer, value.byteOffset, value.byteLength) as BlobPart], { type });
  if (value instanceof ArrayBuffer) return new Blob([value], { type });
  return new Blob([String(value)], { type });
}

/** A binary request body: bytes, a Blob or File, a stream (sent as it is read), or text. */
export type BinaryBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | string;

/**
 * A multipart body type with its file fields taking files: `One` names single files, `Many`
 * arrays of files; every field keeps whether it is required.
 */
export type WithUploads<T, One extends PropertyKey, Many extends PropertyKey = never> = Omit<
  T,
  One | Many
> & {
  [K in keyof T as K extends One ? K : never]: Uploadable;
} & {
  [K in keyof T as K extends Many ? K : never]: Uploadable[];
};
