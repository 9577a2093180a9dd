/**
 * multipart/form-data answers (fixture kinds/multipart-answers-3.0.yaml, gerermesaffaires'
 * downloads): the stubs write a handler's object part by part as the response declares them
 * (files with their filename and type, JSON parts as JSON, arrays one part per item, text), read
 * back with busboy as the independent parser; a handler's own FormData is sent as the platform
 * encodes it; and every operation round-trips in both SDKs (the TypeScript client's Response read
 * with `formData()`, the Python SDK's `FormData`), including an answer that declares `*\/*` before
 * multipart/form-data. Starts the stubs in process (inject), the round trip's stubs and python3.
 */
import busboy from 'busboy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/multipart-answers-3.0.yaml';
let stubs: FixtureStubs;

const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x00, 0xff, 0x2d, 0x2d]);

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      getDocument: async () => ({
        meta: { title: 'Q3 "report"', pages: 4 },
        file: new File([PDF], 'report.pdf', { type: 'application/pdf' }),
        tags: ['finance', 'ünïcode'],
        pages: 7,
        unset: null,
      }),
      createArchive: async (_request: unknown, reply: { code: (status: number) => void }) => {
        reply.code(201);
        return { zip: PDF };
      },
      downloadDocument: async () => {
        const form = new FormData();
        form.append('title', 'from FormData');
        form.append('file', new Blob([PDF], { type: 'application/zip' }), 'doc.zip');
        return form;
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

interface Part {
  name: string;
  filename?: string;
  type: string;
  content: string;
}

/** The parts as busboy reads them, in order: text as UTF-8, files as base64. */
function partsOf(contentType: string, body: Buffer): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    const parts: Part[] = [];
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    parser.on('field', (name, value, info) => parts.push({ name, type: info.mimeType, content: value }));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const part: Part = { name, filename: info.filename, type: info.mimeType, content: '' };
      parts.push(part);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => (part.content = Buffer.concat(chunks).toString('base64')));
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', reject);
    parser.end(body);
  });
}

const get = (url: string, accept: string) => stubs.app.inject({ method: 'GET', url, headers: { accept } });

it("writes a handler's object part by part as the answer declares them", async () => {
  const response = await get('/documents/d1', 'multipart/form-data');
  expect(response.statusCode, response.body).toBe(200);
  const contentType = String(response.headers['content-type']);
  expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
  expect(await partsOf(contentType, response.rawPayload)).toEqual([
    { name: 'meta', type: 'application/json', content: '{"title":"Q3 \\"report\\"","pages":4}' },
    { name: 'file', filename: 'report.pdf', type: 'application/pdf', content: PDF.toString('base64') },
    { name: 'tags', type: 'text/plain', content: 'finance' },
    { name: 'tags', type: 'text/plain', content: 'ünïcode' },
    { name: 'pages', type: 'text/plain', content: '7' },
  ]);
});

it('names a file given as bytes after its part, typed as the spec says (else octet-stream)', async () => {
  const response = await stubs.app.inject({
    method: 'POST',
    url: '/archives',
    headers: { accept: 'multipart/form-data' },
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(await partsOf(String(response.headers['content-type']), response.rawPayload)).toEqual([
    { name: 'zip', filename: 'zip', type: 'application/octet-stream', content: PDF.toString('base64') },
  ]);
});

it("sends a handler's own FormData as the platform encodes it", async () => {
  const response = await get('/documents/d1/download', 'multipart/form-data');
  expect(response.statusCode, response.body).toBe(200);
  expect(await partsOf(String(response.headers['content-type']), response.rawPayload)).toEqual([
    { name: 'title', type: 'text/plain', content: 'from FormData' },
    { name: 'file', filename: 'doc.zip', type: 'application/zip', content: PDF.toString('base64') },
  ]);
});

it(
  'every operation round-trips in both SDKs, multipart answers included',
  () => expectEveryOperationRoundTrips(SPEC, 4, { runs: 8 }),
  180_000,
);
