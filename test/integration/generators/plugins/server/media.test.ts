/**
 * The generated Fastify stubs on every media type and parameter style of the media fixture
 * (test/fixtures/specs/media-3.1.yaml), on a real socket: requests written by hand (curl-like
 * raw fetches) and by the generated client reach handlers decoded exactly; multipart is parsed
 * by @fastify/multipart (busboy) with limits (413) and schema validation (400), never a 500 and no
 * temporary file; forms, binary streams, text, Accept negotiation (406), server-sent events read
 * back by eventsource-parser (with heartbeats), NDJSON. Operations told apart by a template value
 * (X-Amz-Target) are dispatch.test.ts's.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

let workDir: string;
let app: FastifyInstance;
let url: string;

let sdk: any;

let client: any;

/** What a handler saw, with files as { filename, contentType, text }. */
function seen(request: {
  params: unknown;
  query: unknown;
  headers: Record<string, unknown>;
  body?: unknown;
  cookieParams?: unknown;
}) {
  const files = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(files);
    if (value && typeof value === 'object' && 'buffer' in value && 'filename' in value) {
      const file = value as { filename: string; contentType: string; buffer: Buffer };
      return { filename: file.filename, contentType: file.contentType, text: file.buffer.toString('latin1') };
    }
    return value;
  };
  const body =
    request.body && typeof request.body === 'object' && !(request.body instanceof Readable)
      ? Object.fromEntries(Object.entries(request.body).map(([key, value]) => [key, files(value)]))
      : request.body;
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => name.startsWith('x-')),
  );
  return { params: request.params, query: request.query, headers, cookies: request.cookieParams, body };
}

const echo = async (request: never) => seen(request);

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'server-media-'));
  await generate({
    spec: 'test/fixtures/specs/media-3.1.yaml',
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(workDir, 'server', 'index.ts'));
  sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
  app = Fastify({ ...(stubs.serverOptions as () => object)(), logger: false }) as unknown as FastifyInstance;
  const handlers = Object.fromEntries(
    (stubs.ROUTES as Array<{ operationId: string }>).map((route) => [route.operationId, echo]),
  );
  Object.assign(handlers, {
    putBlob: async (request: { body: Readable }) => request.body, // streamed straight back
    postText: async (request: { body: string }) => request.body.toUpperCase(),
    getText: async () => 'hello',
    vendorJsonBody: async (request: { body: unknown }) => request.body,
    createPet: async (request: { body: unknown }, reply: { code: (status: number) => void }) => {
      reply.code(201);
      return request.body;
    },
    downloadImage: async (request: { query: { size?: number } }) => Buffer.alloc(request.query.size ?? 4, 7),
    getReport: async (request: { responseMedia?: string }) =>
      request.responseMedia === 'text/csv' ? 'a,b\n1,2\n' : { rows: [['a', 'b']] },
    streamEvents: async function* (request: { headers: Record<string, string | undefined> }) {
      const from = Number(request.headers['last-event-id'] ?? 0);
      for (let seq = from + 1; seq <= from + 3; seq += 1) {
        yield { id: String(seq), event: 'tick', data: { seq, label: `line one\nline ${seq}` } };
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    },
    streamLines: async () => ['plain', 'two\nlines', { data: 'last', retry: 1500 }],
    exportRecords: async function* () {
      yield { title: 'a' };
      yield { title: 'b', stars: 2 };
    },
    exportRecordsJsonl: async () => [{ seq: 1 }, { seq: 2 }],
  });
  await app.register(stubs.routesPlugin, {
    handlers,
    limits: { fileBytes: 64 * 1024 },
    streams: { heartbeatMs: 20 },
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  client = new sdk.MediaFixtureClient({ baseURL: url, maxRetries: 0 });
}, 120_000);
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const raw = async (target: string, init: RequestInit = {}) => {
  const response = await fetch(`${url}${target}`, init);
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text,
    json: (() => {
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    })(),
  };
};

describe('parameters as clients spell them', () => {
  it('decodes path styles, and parameters glued to text, from the raw path', async () => {
    expect((await raw('/path/simple/a%20b/x%2Cy,z/R,1,G,2,B,3')).json.params).toEqual({
      prim: 'a b',
      arr: ['x,y', 'z'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/path/label/.a%2Eb/.x,y/.R,1,G,2,B,3')).json.params).toEqual({
      prim: 'a.b',
      arr: ['x', 'y'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/path/label-explode/.true/.a%2Eb.c/.R=1.G=2.B=3')).json.params).toEqual({
      prim: true,
      arr: ['a.b', 'c'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/path/matrix/;prim=a%3Bb/;arr=x,y/;obj=R,1,G,2,B,3')).json.params).toEqual({
      prim: 'a;b',
      arr: ['x', 'y'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/path/matrix-explode/;prim=1.5/;arr=a;arr=b/;R=1;G=2;B=3')).json.params).toEqual({
      prim: 1.5,
      arr: ['a', 'b'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/user.json')).json.params).toEqual({ ext: 'json' });
    expect((await raw('/files/report%2Efinal.pdf')).json.params).toEqual({
      name: 'report.final',
      ext: 'pdf',
    });
  });

  it('decodes query styles, JSON content and allowEmptyValue, and refuses what the schema does not allow', async () => {
    expect(
      (
        await raw(
          '/query/form?prim=a%26b&count=3&arr=x&arr=y&R=1&G=2&B=3&arrFlat=p%2Cq,r&objFlat=R,4,G,5,B,6',
        )
      ).json.query,
    ).toEqual({
      prim: 'a&b',
      count: 3,
      arr: ['x', 'y'],
      obj: { R: 1, G: 2, B: 3 },
      arrFlat: ['p,q', 'r'],
      objFlat: { R: 4, G: 5, B: 6 },
    });
    expect(
      (
        await raw(
          '/query/delimited?spaced=a+b%20c&piped=x%7Cy|z&spacedObj=R%201%20G%202%20B%203&pipedObj=R|1|G|2|B|3',
        )
      ).json.query,
    ).toEqual({
      spaced: ['a b', 'c'],
      piped: ['x|y', 'z'],
      spacedObj: { R: 1, G: 2, B: 3 },
      pipedObj: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/query/deep?filter[name]=a+b&filter[min]=2&filter[active]=false')).json.query).toEqual(
      { filter: { name: 'a b', min: 2, active: false } },
    );
    expect(
      (await raw('/query/special?reserved=a/b?c&flag=&where=%7B%22field%22%3A%22x%22%7D')).json.query,
    ).toEqual({ reserved: 'a/b?c', flag: '', where: { field: 'x' } });
    const bad = await raw('/query/deep?filter[min]=lots');
    expect([bad.status, bad.json.param]).toEqual([400, 'filter.min']);
    expect((await raw('/query/special?where=%7Bnot-json')).json).toMatchObject({
      code: 'invalid_request',
      param: 'where',
    });
    expect((await raw('/query/form?prim=')).json).toMatchObject({
      code: 'invalid_request',
      param: 'prim',
      message: 'prim must not be empty.',
    });
    expect((await raw('/query/delimited?piped=a%ZZ')).status).toBe(400);
  });

  it('decodes header arrays and objects, and cookies by their style', async () => {
    const headers = await raw('/headers', {
      headers: { 'x-prim': 'v', 'x-arr': '1, 2', 'x-obj': 'R,1,G,2,B,3', 'x-obj-explode': 'R=4,G=5,B=6' },
    });
    expect(headers.json.headers).toEqual({
      'x-prim': 'v',
      'x-arr': [1, 2],
      'x-obj': { R: 1, G: 2, B: 3 },
      'x-obj-explode': { R: 4, G: 5, B: 6 },
    });
    const cookies = await raw('/cookies', {
      headers: { cookie: 'theirs=1; session=a%3Bb%20c; ids=1,2; tags=x; tags=y; prefs=R,1,G,2,B,3' },
    });
    expect(cookies.json.cookies).toEqual({
      session: 'a;b c',
      ids: [1, 2],
      tags: ['x', 'y'],
      prefs: { R: 1, G: 2, B: 3 },
    });
    expect((await raw('/cookies', { headers: { cookie: 'ids=1,two' } })).json).toMatchObject({
      code: 'invalid_request',
      param: 'ids[1]',
    });
  });

  it('gets from the generated client exactly what it was given', async () => {
    expect((await client.path.matrix.retrieve('a;b=c', ['x,y', 'z'], { R: 1, G: 2, B: 3 })).params).toEqual({
      prim: 'a;b=c',
      arr: ['x,y', 'z'],
      obj: { R: 1, G: 2, B: 3 },
    });
    expect(
      (await client.query.delimited.retrieve({ spaced: ['a b', 'c+d'], piped: ['p|q', 'r'] })).query,
    ).toEqual({ spaced: ['a b', 'c+d'], piped: ['p|q', 'r'] });
    expect((await client.cookies.retrieve({ session: 'ä;=,', tags: ['a b'] })).cookies).toEqual({
      session: 'ä;=,',
      tags: ['a b'],
    });
  });
});

describe('request bodies', () => {
  it('hands the handler multipart fields typed and files with their bytes', async () => {
    const file = await sdk.toFile(new Uint8Array([0, 1, 2, 255]), 'pixel.png', { type: 'image/png' });
    const result = await client.bodies.multipart.create({
      file,
      attachments: [new Blob(['one']), new Blob(['two'])],
      title: 'line\r\nbreak',
      tags: ['a', 'b'],
      meta: { title: 'm', stars: 2 },
      pages: 7,
    });
    expect(result.body).toEqual({
      file: { filename: 'pixel.png', contentType: 'image/png', text: '\u0000\u0001\u0002\u00ff' },
      attachments: [
        { filename: 'attachments', contentType: 'application/octet-stream', text: 'one' },
        { filename: 'attachments', contentType: 'application/octet-stream', text: 'two' },
      ],
      title: 'line\r\nbreak',
      tags: ['a', 'b'],
      meta: { title: 'm', stars: 2 },
      pages: 7,
    });
    expect(
      (await client.bodies.multipartStyled.create({ color: { R: 1, G: 2, B: 3 }, words: ['a', 'b'] })).body,
    ).toEqual({ color: { R: 1, G: 2, B: 3 }, words: ['a', 'b'] });
  });

  it('refuses a bad multipart body in the error format (400, 413), never a 500, and leaves no temporary file', async () => {
    // The server runs in this process: anything it put in a temporary file would land in this folder.
    const temporary = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    expect(tmpdir()).toBe(temporary);
    const form = (parts: Array<[string, string | Blob, string?]>) => {
      const data = new FormData();
      for (const [name, value, filename] of parts) {
        if (filename) data.append(name, value as Blob, filename);
        else data.append(name, value as string);
      }
      return data;
    };
    const missing = await raw('/bodies/multipart', { method: 'POST', body: form([['title', 't']]) });
    expect([missing.status, missing.json.code, missing.json.param]).toEqual([400, 'invalid_request', 'file']);
    const wrongType = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob(['x']), 'a.bin'],
        ['title', 't'],
        ['pages', 'seven'],
      ]),
    });
    expect([wrongType.status, wrongType.json.param]).toEqual([400, 'pages']);
    const unknown = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob(['x']), 'a.bin'],
        ['title', 't'],
        ['surprise', 'x'],
      ]),
    });
    expect([unknown.status, unknown.json.param]).toEqual([400, 'surprise']);
    const badJson = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob(['x']), 'a.bin'],
        ['title', 't'],
        ['meta', new Blob(['{nope'], { type: 'application/json' }), 'meta.json'],
      ]),
    });
    expect([badJson.status, badJson.json.param]).toEqual([400, 'meta']);
    // `file` has maxLength 1 MiB; `attachments` takes the limit given to the plugin (64 KiB here).
    const tooBig = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob([new Uint8Array(1024 * 1024 + 1)]), 'big.bin'],
        ['title', 't'],
      ]),
    });
    expect([tooBig.status, tooBig.json.code, tooBig.json.param]).toEqual([413, 'payload_too_large', 'file']);
    const bigAttachment = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob(['x']), 'a.bin'],
        ['attachments', new Blob([new Uint8Array(65 * 1024)]), 'big.bin'],
        ['title', 't'],
      ]),
    });
    expect([bigAttachment.status, bigAttachment.json.param]).toEqual([413, 'attachments']);
    const justRight = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob([new Uint8Array(1024 * 1024)]), 'big.bin'],
        ['title', 't'],
      ]),
    });
    expect(justRight.status).toBe(200);
    const tooMany = await raw('/bodies/multipart', {
      method: 'POST',
      body: form([
        ['file', new Blob(['x']), 'a'],
        ['title', 't'],
        ...Array.from({ length: 5 }, (): [string, Blob, string] => ['attachments', new Blob(['y']), 'b']),
      ]),
    });
    expect([tooMany.status, tooMany.json.code]).toEqual([413, 'payload_too_large']);
    const garbage = await raw('/bodies/multipart', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
    });
    expect([garbage.status, garbage.json.code]).toEqual([400, 'invalid_request']);
    process.env.TMPDIR = previousTmp;
    if (previousTmp === undefined) delete process.env.TMPDIR;
    expect(await readdir(temporary)).toEqual([]);
    await rm(temporary, { recursive: true });
  });

  it('decodes a form body by its encoding, then validates it', async () => {
    const body =
      'grant_type=client_credentials&scope=read%20write+all&audience=a&audience=b&context[R]=1&context[G]=2&context[B]=3&extra=%7B%22title%22%3A%22t%22%7D&limit=5';
    const form = await raw('/bodies/form', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(form.json.body).toEqual({
      grant_type: 'client_credentials',
      scope: ['read', 'write all'],
      audience: ['a', 'b'],
      context: { R: 1, G: 2, B: 3 },
      extra: { title: 't' },
      limit: 5,
    });
    const bad = await raw('/bodies/form', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    expect([bad.status, bad.json.param]).toEqual([400, 'grant_type']);
  });

  it('takes each declared media type and refuses others with 415 in the error format', async () => {
    expect((await client.bodies.several.create({ contentType: 'text/plain', body: 'plain' })).body).toBe(
      'plain',
    );
    expect(
      (
        await client.bodies.several.create({
          contentType: 'application/x-www-form-urlencoded',
          title: 'a b',
          stars: 3,
        })
      ).body,
    ).toEqual({ title: 'a b', stars: 3 });
    expect((await client.bodies.several.create({ title: 'j' })).body).toEqual({ title: 'j' });
    const xml = await raw('/bodies/several', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect([xml.status, xml.json.code, xml.json.message]).toEqual([
      415,
      'unsupported_media_type',
      'Send request bodies as application/json, application/x-www-form-urlencoded, text/plain.',
    ]);
    expect(await client.bodies.vendor.update({ title: 'v' })).toEqual({ title: 'v' });
    expect(
      (
        await raw('/bodies/vendor', {
          method: 'PATCH',
          headers: { 'content-type': 'application/merge-patch+json' },
          body: '{"title":""}',
        })
      ).status,
    ).toBe(400);
    expect(await client.bodies.pets.create({ body: { petType: 'cat', name: 'Tom', lives: 9 } })).toEqual({
      petType: 'cat',
      name: 'Tom',
      lives: 9,
    });
    expect(
      (
        await raw('/bodies/pets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"petType":"cat","name":"Tom","goodBoy":true}',
        })
      ).status,
    ).toBe(400);
  });

  it('streams a binary body through and back, and text', async () => {
    const bytes = new Uint8Array(200_000).map((_, index) => index % 251);
    const echoed: Response = await client.bodies.binary.update({ body: new Blob([bytes]) });
    expect(Buffer.from(await echoed.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(await client.bodies.text.create({ body: 'héllo' })).toBe('HÉLLO');
  });
});

describe('responses', () => {
  it('negotiates Accept: JSON by default, CSV when asked, 406 otherwise', async () => {
    expect(await client.responses.report.retrieve()).toEqual({ rows: [['a', 'b']] });
    expect(await client.responses.report.retrieve({ accept: 'text/csv' })).toBe('a,b\n1,2\n');
    const csv = await raw('/responses/report', { headers: { accept: 'text/html;q=0.9, text/*;q=0.5' } });
    expect([csv.status, csv.type]).toEqual([200, 'text/csv']);
    const refused = await raw('/responses/report', { headers: { accept: 'application/xml' } });
    expect([refused.status, refused.json.code]).toEqual([406, 'not_acceptable']);
    expect((await raw('/responses/binary?size=3', { headers: { accept: 'image/*' } })).type).toBe(
      'image/png',
    );
  });

  it('writes server-sent events that eventsource-parser reads as the handler yielded them, with heartbeats', async () => {
    const response = await fetch(`${url}/events`, { headers: { 'last-event-id': '10' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await response.text();
    const events: unknown[] = [];
    createParser({
      onEvent: (event) => events.push({ id: event.id, event: event.event, data: JSON.parse(event.data) }),
    }).feed(text);
    expect(events).toEqual(
      [11, 12, 13].map((seq) => ({
        id: String(seq),
        event: 'tick',
        data: { seq, label: `line one\nline ${seq}` },
      })),
    );
    expect(text).toContain(':\n\n'); // a heartbeat between the events, 30 ms apart
    const lines = await (await client.events.text.retrieve()).toArray();
    expect(lines.map((event: { data: string; retry?: number }) => [event.data, event.retry])).toEqual([
      ['plain', undefined],
      ['two\nlines', undefined],
      ['last', 1500],
    ]);
  });

  it('writes NDJSON records one per line', async () => {
    const response = await raw('/records');
    expect([response.type, response.text]).toEqual([
      'application/x-ndjson',
      '{"title":"a"}\n{"title":"b","stars":2}\n',
    ]);
    expect(await (await client.records.jsonl.retrieve()).toArray()).toEqual([{ seq: 1 }, { seq: 2 }]);
  });
});
