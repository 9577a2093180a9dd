/**
 * multipart/form-data answers (fixture kinds/multipart-answers-3.0.yaml, gerermesaffaires'
 * downloads): the stubs write a handler's object part by part as the response declares them
 * (files with their filename and type, JSON parts as JSON, arrays one part per item, text), read
 * back with busboy as the independent parser; a handler's own FormData is sent as the platform
 * encodes it; and every operation round-trips in both SDKs (the TypeScript client's Response read
 * with `formData()`, the Python SDK's `FormData`), including an answer that declares `*\/*` before
 * multipart/form-data. Starts the stubs in process (inject), the round trip's stubs and python3.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import busboy from 'busboy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';
import { expectEveryOperationRoundTrips } from '../../../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/multipart-answers-3.0.yaml';
let stubs: FixtureStubs;

const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x00, 0xff, 0x2d, 0x2d]);

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      getDocument: async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        if (request.params.id === 'missing') {
          reply.code(404);
          return { message: 'No such document.' };
        }
        if (request.params.id === 'odd') {
          reply.code(422);
          return { title: 'Not a document id.' };
        }
        if (request.params.id === 'busy') {
          reply.code(409);
          return { title: 'Being written.' };
        }
        if (request.params.id === 'own-type') {
          reply.code(404).header('content-type', 'application/vnd.error+json');
          return { message: 'Gone elsewhere.' };
        }
        return {
          meta: { title: 'Q3 "report"', pages: 4 },
          file: new File([PDF], 'report.pdf', { type: 'application/pdf' }),
          tags: ['finance', 'ünïcode'],
          pages: 7,
          unset: null,
          versions: [{ n: 1 }, null, { n: 2 }],
          created: new Date(Date.UTC(2026, 11, 1, 9, 30)),
          thumbnail: PDF,
          note: 'café',
        };
      },
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
    { name: 'versions', type: 'application/json', content: '{"n":1}' },
    { name: 'versions', type: 'application/json', content: '{"n":2}' },
    { name: 'created', type: 'text/plain', content: '2026-12-01T09:30:00.000Z' },
    { name: 'thumbnail', filename: 'thumbnail', type: 'image/png', content: PDF.toString('base64') },
    { name: 'note', type: 'text/plain', content: 'café' },
  ]);
  // The declared charset is not the bytes': the text goes out as UTF-8, and says so.
  expect(response.rawPayload.toString('latin1')).toMatch(
    /name="note"\r\nContent-Type: text\/plain; charset=utf-8\r\n/,
  );
});

it("answers a handler's object under another status as that status's JSON", async () => {
  const response = await get('/documents/missing', 'multipart/form-data');
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: 'No such document.' });
  const busy = await get('/documents/busy', 'multipart/form-data');
  expect([busy.statusCode, busy.json()]).toEqual([409, { title: 'Being written.' }]);
  expect(busy.headers['content-type']).toMatch(/^application\/problem\+json\b/);
  // A declared range (`application/*+json`) names no type: plain JSON.
  const odd = await get('/documents/odd', 'multipart/form-data');
  expect([odd.statusCode, odd.json()]).toEqual([422, { title: 'Not a document id.' }]);
  expect(odd.headers['content-type']).toMatch(/^application\/json\b/);
  // A type the handler set itself stays.
  const own = await get('/documents/own-type', 'multipart/form-data');
  expect(own.statusCode).toBe(404);
  expect(own.headers['content-type']).toMatch(/^application\/vnd\.error\+json\b/);
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

describe("the Python SDK's reader against the platform's FormData", () => {
  it('reads what undici writes as undici reads it: names, filenames, types and bytes', async () => {
    const form = new FormData();
    form.append('plain', 'ünï "q" \\ \r\n line');
    form.append('a"b\\c', 'odd name');
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'C:\\share\\re"port\r\n.pdf');
    form.append('mail', new Blob(['From: a\r\n\r\nbody\r\n'], { type: 'message/rfc822' }), 'm.eml');
    form.append('typed', new Blob(['x,y'], { type: 'text/csv; charset=utf-8' }), 'd.csv');
    const written = new Response(form);
    const contentType = written.headers.get('content-type')!;
    const body = Buffer.from(await written.arrayBuffer());
    const platform: unknown[] = [];
    for (const [name, value] of await new Response(body, {
      headers: { 'content-type': contentType },
    }).formData())
      platform.push(
        typeof value === 'string'
          ? [name, value]
          : [
              name,
              {
                filename: value.name,
                type: value.type,
                bytes: Buffer.from(await value.arrayBuffer()).toString('base64'),
              },
            ],
      );
    expect(await pythonReads(contentType, body)).toEqual(platform);
  });

  it('reads text parts as UTF-8 whatever charset they name, as undici does', async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--xyzzy42\r\nContent-Disposition: form-data; name="latin"\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\n',
      ),
      Buffer.from('caf\xe9', 'latin1'),
      Buffer.from(
        '\r\n--xyzzy42\r\nContent-Disposition: form-data; name="escaped"\r\nContent-Type: text/plain; charset=unicode_escape\r\n\r\na\\nb\r\n--xyzzy42--\r\n',
      ),
    ]);
    const contentType = 'multipart/form-data; boundary=xyzzy42';
    const platform = [...(await new Response(body, { headers: { 'content-type': contentType } }).formData())];
    expect(await pythonReads(contentType, body)).toEqual(platform);
  });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
    [
      'no close delimiter',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nab',
    ],
    ['a header line without a colon', 'multipart/form-data; boundary=x', '--x\r\nbad\r\n\r\nab\r\n--x--'],
    [
      'a part without a name',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data\r\n\r\nab\r\n--x--',
    ],
  ])('refuses %s as malformed', async (_kind, contentType, text) => {
    expect(await pythonReads(contentType, Buffer.from(text))).toEqual('malformed');
  });
});

it('the Python SDK reads an answer of the type asked for as that type, else as the closest declared one', async () => {
  const script = [
    'import sys',
    'sys.path.insert(0, sys.argv[1])',
    'from multipart_answers._core._response import Media, media_of',
    'from multipart_answers._core._transport import RawResponse',
    'declared = [Media("image/*", "binary"), Media("*/*", "binary"), Media("image/svg+xml", "text"), Media("multipart/form-data", "multipart")]',
    'def read(content_type, asked):',
    '    return media_of(RawResponse(200, {"content-type": content_type}, b""), declared, asked).media_type',
    'print(read("image/svg+xml", declared[0]), read("image/svg+xml", None), read("multipart/form-data; boundary=x", declared[0]), read("application/zip", declared[0]))',
  ].join('\n');
  expect((await runPython(script, [])).trim()).toBe('image/* image/svg+xml multipart/form-data */*');
});

/** A script run by python3 beside the generated Python SDK (its folder is argv[1], then `args`), `input` on stdin: its stdout. */
function runPython(script: string, args: string[], input: Uint8Array = new Uint8Array()): Promise<string> {
  const child = execFile('python3', [
    '-S',
    '-E',
    '-B',
    '-c',
    script,
    path.join(stubs.dir, 'python'),
    ...args,
  ]);
  const output = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`python3 exited ${code}`))));
  });
  child.stdin!.end(input);
  return output;
}

/** What the generated Python SDK's FormData holds for a body: [name, text] or [name, {filename, type, bytes}], or "malformed". */
async function pythonReads(contentType: string, body: Buffer): Promise<unknown> {
  const script = [
    'import base64, json, sys',
    'sys.path.insert(0, sys.argv[1])',
    'from multipart_answers._core._form_data import FormFile, MalformedMultipart, decode_form_data',
    'try:',
    '    form = decode_form_data(sys.stdin.buffer.read(), sys.argv[2])',
    'except MalformedMultipart:',
    '    print(json.dumps("malformed")); sys.exit(0)',
    'print(json.dumps([[name, {"filename": v.filename, "type": v.content_type, "bytes": base64.b64encode(v.content).decode()} if isinstance(v, FormFile) else v] for name, v in form.items()]))',
  ].join('\n');
  return JSON.parse(await runPython(script, [contentType], body)) as unknown;
}

it(
  'every operation round-trips in both SDKs, multipart answers included',
  () => expectEveryOperationRoundTrips(SPEC, 4, { runs: 8 }),
  180_000,
);
