/**
 * The generated client on every media type and parameter style of the media fixture
 * (test/fixtures/specs/media-3.1.yaml), against a raw HTTP server on loopback that records the
 * bytes it got. Independent oracles read them: busboy parses the multipart bodies, qs the
 * deepObject queries and form fields, eventsource-parser the event streams the client reads.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import busboy from 'busboy';
import { createParser } from 'eventsource-parser';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
type Answer = (request: Seen, response: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

let workDir: string;
let server: Server;
let baseURL: string;
let answer: Answer = (_request, response) =>
  void response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
const seen: Seen[] = [];

let sdk: any;

let client: any;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'client-media-'));
  await generate({
    spec: 'test/fixtures/specs/media-3.1.yaml',
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
  server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(request);
      void answer(request, response, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  client = new sdk.MediaFixtureClient({ baseURL, maxRetries: 0 });
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function last(): Seen {
  return seen[seen.length - 1];
}

function json(body: unknown = {}): Answer {
  return (_request, response) =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

interface ParsedPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  mimeType: string;
}

/** busboy's reading of a multipart body. */
function parseMultipart(request: Seen): Promise<ParsedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: ParsedPart[] = [];
    const parser = busboy({ headers: request.headers, defParamCharset: 'utf8' });
    parser.on('field', (name, value, info) => parts.push({ name, value, mimeType: info.mimeType }));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const part: ParsedPart = {
        name,
        value: Buffer.alloc(0),
        filename: info.filename,
        mimeType: info.mimeType,
      };
      parts.push(part);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => (part.value = Buffer.concat(chunks)));
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', reject);
    parser.end(request.body);
  });
}

describe('parameters on the wire', () => {
  it('spells path styles as the OAS table does, and a parameter glued to text', async () => {
    answer = json();
    await client.path.simple.retrieve('a b', ['x,y', 'z'], { R: 1, G: 2, B: 3 });
    expect(last().url).toBe('/path/simple/a%20b/x%2Cy,z/R,1,G,2,B,3');
    await client.path.labelExplode.retrieve(true, ['a.b', 'c'], { R: 1, G: 2, B: 3 });
    expect(last().url).toBe('/path/label-explode/.true/.a%2Eb.c/.R=1.G=2.B=3');
    await client.path.matrixExplode.retrieve(1.5, ['a', 'b'], { R: 1, G: 2, B: 3 });
    expect(last().url).toBe('/path/matrix-explode/;prim=1.5/;arr=a;arr=b/;R=1;G=2;B=3');
    await client.user.retrieve('json');
    expect(last().url).toBe('/user.json');
    await client.files.retrieve('report.final', 'pdf');
    expect(last().url).toBe('/files/report%2Efinal.pdf');
  });

  it('sends query styles that qs and the delimiters read back', async () => {
    answer = json();
    await client.query.form.retrieve({
      prim: 'a&b=c',
      count: 3,
      arr: ['x', 'y'],
      obj: { R: 1, G: 2, B: 3 },
      arrFlat: ['p,q', 'r'],
      objFlat: { R: 4, G: 5, B: 6 },
    });
    expect(last().url).toBe(
      '/query/form?prim=a%26b%3Dc&count=3&arr=x&arr=y&R=1&G=2&B=3&arrFlat=p%2Cq,r&objFlat=R,4,G,5,B,6',
    );
    await client.query.deep.retrieve({ filter: { name: 'a b[c]', min: 2, active: false } });
    expect(qs.parse(last().url.split('?')[1])).toEqual({
      filter: { name: 'a b[c]', min: '2', active: 'false' },
    });
    await client.query.special.retrieve({ reserved: 'a/b?c', flag: '', where: { field: 'x', gte: 2 } });
    expect(last().url).toBe(
      '/query/special?reserved=a/b?c&flag=&where=%7B%22field%22%3A%22x%22%2C%22gte%22%3A2%7D',
    );
    expect(
      JSON.parse(new URLSearchParams(last().url.slice(last().url.indexOf('?') + 1)).get('where')!),
    ).toEqual({ field: 'x', gte: 2 });
  });

  it("sends header arrays and objects, and cookies joined with the caller's own Cookie header", async () => {
    answer = json();
    await client.headers.retrieve({
      'X-Prim': 'v',
      'X-Arr': [1, 2],
      'X-Obj': { R: 1, G: 2, B: 3 },
      'X-Obj-Explode': { R: 4, G: 5, B: 6 },
    });
    expect(last().headers).toMatchObject({
      'x-prim': 'v',
      'x-arr': '1,2',
      'x-obj': 'R,1,G,2,B,3',
      'x-obj-explode': 'R=4,G=5,B=6',
    });
    await client.cookies.retrieve(
      { session: 'a;b c', ids: [1, 2], tags: ['x', 'y'], prefs: { R: 1, G: 2, B: 3 } },
      { headers: { cookie: 'theirs=1' } },
    );
    expect(last().headers.cookie).toBe(
      'session=a%3Bb%20c; ids=1,2; tags=x; tags=y; prefs=R,1,G,2,B,3; theirs=1',
    );
  });
});

describe('request bodies', () => {
  it('sends multipart that busboy reads back exactly: files, arrays of files, text with line breaks, JSON parts, part headers', async () => {
    answer = json();
    const file = await sdk.toFile(new Uint8Array([0, 1, 2, 255]), 'pixel.png', { type: 'image/png' });
    const stream = new ReadableStream({
      start: (controller) => (controller.enqueue(new TextEncoder().encode('streamed')), controller.close()),
    });
    await client.bodies.multipart.create({
      file: sdk.withPartHeaders(file, { 'X-Checksum': 'abc123' }),
      attachments: [new Blob(['one']), stream],
      title: 'line\nbreak\r\nkept\rhere',
      tags: ['a', 'b'],
      meta: { title: 'm', stars: 2 },
      pages: 7,
    });
    const request = last();
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(Number(request.headers['content-length'])).toBe(request.body.length);
    const parts = await parseMultipart(request);
    expect(parts.map((part) => [part.name, part.filename, part.mimeType])).toEqual([
      ['file', 'pixel.png', 'image/png'],
      ['attachments', 'attachments', 'application/octet-stream'],
      ['attachments', 'attachments', 'application/octet-stream'],
      ['title', undefined, 'text/plain'],
      ['tags', undefined, 'text/plain'],
      ['tags', undefined, 'text/plain'],
      ['meta', undefined, 'application/json'],
      ['pages', undefined, 'text/plain'],
    ]);
    expect(parts[0].value).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(parts.slice(1, 3).map((part) => part.value.toString())).toEqual(['one', 'streamed']);
    expect(parts[3].value).toBe('line\nbreak\r\nkept\rhere');
    expect(JSON.parse(parts[6].value.toString())).toEqual({ title: 'm', stars: 2 });
    expect(request.body.toString('latin1')).toMatch(
      /name="file"; filename="pixel\.png"\r\nContent-Type: image\/png\r\nX-Checksum: abc123\r\n\r\n/,
    );
  });

  it('spells styled multipart fields as form fields, one text part per pair', async () => {
    answer = json();
    await client.bodies.multipartStyled.create({ color: { R: 1, G: 2, B: 3 }, words: ['a,b', 'c'] });
    const parts = await parseMultipart(last());
    expect(parts.map((part) => [part.name, part.value])).toEqual([
      ['color[R]', '1'],
      ['color[G]', '2'],
      ['color[B]', '3'],
      ['words', 'a,b,c'],
    ]);
  });

  it('sends a form body with its encoding: spaceDelimited, deepObject, arrays repeated, objects as JSON', async () => {
    answer = json();
    await client.bodies.form.create({
      grant_type: 'client_credentials',
      scope: ['read', 'write all'],
      audience: ['a', 'b'],
      context: { R: 1, G: 2, B: 3 },
      extra: { title: 't' },
      limit: 5,
    });
    const request = last();
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const text = request.body.toString();
    expect(text).toBe(
      'grant_type=client_credentials&scope=read%20write+all&audience=a&audience=b&context[R]=1&context[G]=2&context[B]=3&extra=%7B%22title%22%3A%22t%22%7D&limit=5',
    );
    expect(qs.parse(text)).toMatchObject({
      audience: ['a', 'b'],
      context: { R: '1', G: '2', B: '3' },
      extra: '{"title":"t"}',
    });
  });

  it('sends JSON, +json, a oneOf with a discriminator, text, and several media types by the key', async () => {
    answer = json();
    await client.bodies.json.create({ title: 't', text: 'x' });
    expect([last().headers['content-type'], JSON.parse(last().body.toString())]).toEqual([
      'application/json',
      { title: 't', text: 'x' },
    ]);
    await client.bodies.vendor.update({ title: 'u' });
    expect(last().headers['content-type']).toBe('application/merge-patch+json');
    expect(last().headers.accept).toBe('application/vnd.fixture.note+json');
    await client.bodies.pets.create({ body: { petType: 'dog', name: 'Rex', goodBoy: true } });
    expect(JSON.parse(last().body.toString())).toEqual({ petType: 'dog', name: 'Rex', goodBoy: true });
    answer = (_request, response) =>
      void response.writeHead(200, { 'content-type': 'text/plain' }).end('echo');
    expect(await client.bodies.text.create({ body: 'héllo\n' })).toBe('echo');
    expect([last().headers['content-type'], last().body.toString()]).toEqual(['text/plain', 'héllo\n']);
    answer = json();
    await client.bodies.several.create({
      contentType: 'application/x-www-form-urlencoded',
      title: 'a b',
      tags: ['x', 'y'],
    });
    expect([last().headers['content-type'], last().body.toString()]).toEqual([
      'application/x-www-form-urlencoded',
      'title=a+b&tags=x&tags=y',
    ]);
    await client.bodies.several.create({ contentType: 'text/plain', body: 'plain' });
    expect([last().headers['content-type'], last().body.toString()]).toEqual(['text/plain', 'plain']);
    await client.bodies.several.create({ title: 'j' });
    expect(JSON.parse(last().body.toString())).toEqual({ title: 'j' });
    expect(last().headers['content-type']).toBe('application/json');
    await expect(
      client.bodies.several.create({ contentType: 'application/xml', body: '<a/>' }),
    ).rejects.toThrow(/does not take application\/xml/);
  });

  it('streams a binary body from a ReadableStream (sent once: never retried)', async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls > 3) controller.close();
        else controller.enqueue(new Uint8Array(1024).fill(pulls));
      },
    });
    answer = (request, response) =>
      void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(request.body);
    const result = await client.bodies.binary.update({ body: stream });
    expect(last().headers['content-type']).toBe('application/octet-stream');
    expect(last().headers['transfer-encoding']).toBe('chunked');
    expect(Buffer.from(await result.arrayBuffer())).toEqual(
      Buffer.concat([1, 2, 3].map((byte) => Buffer.alloc(1024, byte))),
    );
  });
});

describe('responses', () => {
  it('returns binary as the Response itself, before the body has arrived', async () => {
    let finish: () => void = () => {};
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(Buffer.from([137, 80]));
      finish = () => response.end(Buffer.from([78, 71]));
    };
    const image: Response = await client.responses.binary.retrieve({ size: 4 });
    expect(image).toBeInstanceOf(Response);
    expect(image.bodyUsed).toBe(false);
    finish();
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });

  it('sends Accept and returns by media type: JSON by default, CSV when asked', async () => {
    answer = (request, response) => {
      if (request.headers.accept === 'text/csv')
        response.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"rows":[]}');
    };
    expect(await client.responses.report.retrieve()).toEqual({ rows: [] });
    expect(last().headers.accept).toBe('application/json');
    expect(await client.responses.report.retrieve({ accept: 'text/csv' })).toBe('a,b\n');
    expect(last().headers.accept).toBe('text/csv');
    expect(await client.responses.text.retrieve().catch((error: Error) => error)).toBeDefined();
  });

  it('iterates server-sent events as eventsource-parser reads them, data parsed as the spec says', async () => {
    const wire =
      'retry: 50\nid: 1\nevent: tick\ndata: {"seq":1}\n\n: keep-alive\n\nid: 2\ndata: {"seq":2,\ndata: "label":"two"}\n\n';
    answer = async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of [wire.slice(0, 17), wire.slice(17, 40), wire.slice(40)]) {
        response.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      response.end();
    };
    const expected: unknown[] = [];
    createParser({ onEvent: (event) => expected.push({ ...event, data: JSON.parse(event.data) }) }).feed(
      wire,
    );
    const events = [];
    for await (const event of await client.events.retrieve({ topic: 't' })) events.push(event);
    expect(last().headers.accept).toBe('text/event-stream');
    expect(events.map(({ event, data, id }) => ({ event, data, id }))).toEqual(expected);
    expect(events[0].retry).toBe(50);
  });

  it('reconnects a dropped event stream with Last-Event-ID, and stops at the signal', async () => {
    let connections = 0;
    answer = (request, response, raw) => {
      connections += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (connections === 1) {
        response.write('retry: 10\nid: 5\ndata: {"seq":5}\n\n');
        setTimeout(() => raw.socket.destroy(), 20); // the connection drops mid-stream
      } else {
        response.end(`id: 6\ndata: {"seq":6,"label":"${String(request.headers['last-event-id'])}"}\n\n`);
      }
    };
    // Resuming is a retry of the stream: the client's maxRetries bounds it (0 would turn it off).
    const retrying = new sdk.MediaFixtureClient({ baseURL, maxRetries: 2 });
    const stream = await retrying.events.retrieve();
    const events = await stream.toArray();
    expect(events.map((event: { data: unknown }) => event.data)).toEqual([
      { seq: 5 },
      { seq: 6, label: '5' },
    ]);
    expect(connections).toBe(2);

    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"seq":1}\n\n'); // and never ends
    };
    const controller = new AbortController();
    const received: unknown[] = [];
    const error = await (async () => {
      for await (const event of await client.events.retrieve({}, { signal: controller.signal })) {
        received.push(event.data);
        controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(received).toEqual([{ seq: 1 }]);
    expect(error).toBeInstanceOf(sdk.APIUserAbortError);
  });

  it('keeps text events as strings, and reads NDJSON records line by line', async () => {
    answer = (_request, response) =>
      void response
        .writeHead(200, { 'content-type': 'text/event-stream' })
        .end('data: plain text\ndata: second line\n\n');
    expect(
      (await (await client.events.text.retrieve()).toArray()).map((event: { data: string }) => event.data),
    ).toEqual(['plain text\nsecond line']);
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"title":"a"}\n{"ti');
      setTimeout(() => response.end('tle":"b"}\r\n\n{"title":"c"}'), 5);
    };
    expect(await (await client.records.retrieve()).toArray()).toEqual([
      { title: 'a' },
      { title: 'b' },
      { title: 'c' },
    ]);
  });
});
