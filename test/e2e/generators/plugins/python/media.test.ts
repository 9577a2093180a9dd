/**
 * The Python SDK on every media type and parameter style (issue 21), generated from
 * test/fixtures/specs/media-python-3.1.yaml and run with python3 -S -E -B (standard library only):
 * its own tests on a loopback server (the OAS style table, Python's `email` parser for multipart);
 * every call of the round-trip driver against a server that decodes with busboy, qs and
 * URLSearchParams (test/support/media-echo-server.ts); the event-stream decoder against
 * `eventsource-parser` and deepObject against `qs` on random inputs; the package README's upload,
 * download and event-stream blocks as written; pyright strict on the package.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ir } from '../../../../../generators/core/ir.js';
import { generate } from '../../../../../generators/pipeline.js';
import {
  closePythonDrivers,
  driverInput,
  runPythonCases,
  runPythonDriver,
  type DriverResult,
  type WireCall,
} from '../../../../../generators/plugins/python/roundtrip/calls.js';
import { DOCUMENTATION } from '../../../../support/documentation.js';
import { startEchoServer, type Echo, type EchoServer } from '../../../../support/media-echo-server.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const SPEC = 'test/fixtures/specs/media-python-3.1.yaml';
const TESTS = path.resolve('test/support/python');

function run(
  command: string,
  args: string[],
  options: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          output: `${stdout}${stderr}`,
        }),
    );
    child.stdin?.end(options.input ?? '');
  });
}

let workDir: string;
let sdkDir: string;
let ir: Ir;
let warnings: string[];
let server: EchoServer;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'python-media-'));
  const result = await generate({
    spec: SPEC,
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  ir = result.ir;
  warnings = result.warnings;
  sdkDir = path.join(workDir, 'python');
  server = await startEchoServer(ir);
});
afterAll(async () => {
  closePythonDrivers();
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the media fixture SDK', () => {
  it('the Python emitter has nothing to warn about on a spec that uses every media type and style', () => {
    expect(warnings.filter((warning) => /(^|: )python: /.test(warning))).toEqual([]);
  });

  it('passes its tests on a loopback server (OAS style table, email parser, streams)', async () => {
    const result = await run(PYTHON, [
      '-S',
      '-E',
      '-B',
      path.join(TESTS, 'run_tests.py'),
      sdkDir,
      'media_*.py',
    ]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran [3-9]\d tests/);
    expect(result.output).toMatch(/test_every_row_of_the_style_table .* ok/);
    expect(result.output).toMatch(
      /test_multipart_files_tuples_arrays_json_and_text_parts_as_the_email_parser_reads_them .* ok/,
    );
    expect(result.output).toMatch(
      /test_reconnects_with_last_event_id_after_the_connection_drops_mid_stream .* ok/,
    );
  }, 120_000);

  it('passes pyright strict with zero errors', async () => {
    const result = await run(path.resolve('node_modules/.bin/pyright'), [
      '--outputjson',
      '-p',
      path.join(sdkDir, 'pyproject.toml'),
    ]);
    const report = JSON.parse(result.stdout) as {
      generalDiagnostics: Array<{
        file: string;
        severity: string;
        message: string;
        range: { start: { line: number } };
      }>;
      summary: { filesAnalyzed: number };
    };
    const errors = report.generalDiagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${path.basename(d.file)}:${d.range.start.line + 1} ${d.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThan(15);
  }, 180_000);
});

describe('the round-trip driver against a server that decodes with busboy, qs and URLSearchParams', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 13, 10]);
  const file = (data: Buffer, extra: Record<string, unknown> = {}) => ({
    $file: { base64: data.toString('base64'), ...extra },
  });
  const color = { R: 1, G: 20, B: 255 };
  const calls: WireCall[] = [
    { operationId: 'pathSimple', path: { prim: 'a b/c', arr: ['x', 'y,z'], obj: color } },
    { operationId: 'pathLabelExplode', path: { prim: true, arr: ['x', 'y'], obj: color } },
    { operationId: 'pathMatrixExplode', path: { prim: 2.5, arr: ['x', 'y'], obj: color } },
    { operationId: 'fileByNameAndExtension', path: { name: 'report.v2', ext: 'pdf' } },
    { operationId: 'amzPing', body: { ping: 'pong' } },
    { operationId: 'searchFast', query: { q: 'a b' } },
    {
      operationId: 'queryForm',
      query: { prim: 'a b&c=d', count: 3, arr: ['x', 'y'], obj: color, arrFlat: ['x', 'y'], objFlat: color },
    },
    { operationId: 'queryDelimited', query: { spaced: ['a b', 'c'], piped: ['d', 'e'] } },
    { operationId: 'queryDeepObject', query: { filter: { name: 'Ünï & co', min: 2, active: false } } },
    {
      operationId: 'querySpecial',
      query: { reserved: 'a/b?c:d@e', flag: '', where: { field: 'name', gte: 2 } },
    },
    {
      operationId: 'headerParams',
      headers: { 'X-Prim': 'p', 'X-Arr': [1, 2], 'X-Obj': color, 'X-Obj-Explode': color },
    },
    {
      operationId: 'cookieParams',
      cookies: { session: 'a b;c', ids: [1, 2], tags: ['x', 'y'], prefs: color },
    },
    { operationId: 'jsonBody', body: { title: 'Grüße', stars: 4, tags: ['a'] } },
    { operationId: 'vendorJsonBody', body: { title: 't' } },
    { operationId: 'createPet', body: { petType: 'dog', name: 'Rex', goodBoy: true } },
    {
      operationId: 'uploadDocument',
      body: {
        file: file(png, {
          filename: 'scan.png',
          content_type: 'image/png',
          headers: { 'X-Checksum': 'abc' },
        }),
        attachments: [file(Buffer.from('one'), { as: 'bytes' }), file(Buffer.from('two'), { as: 'file' })],
        title: 'Line\nbreak',
        tags: ['a', 'b'],
        meta: { title: 'm' },
        pages: 0,
      },
    },
    { operationId: 'uploadStyledFields', body: { color, words: ['a', 'b'] } },
    {
      operationId: 'uploadWithPartHeaders',
      body: {
        document: file(png, { as: 'iterable' }),
        meta: { $part: { value: { title: 'm' }, headers: { 'X-Meta-Version': '2' } } },
        note: '# Note',
      },
    },
    {
      operationId: 'submitForm',
      body: {
        grant_type: 'client_credentials',
        scope: ['read', 'write all'],
        audience: ['a', 'b'],
        context: color,
        extra: { title: 'x' },
        limit: 5,
      },
    },
    { operationId: 'putBlob', body: file(png, { as: 'bytes' }) },
    { id: 'putBlob from a generator', operationId: 'putBlob', body: file(png, { as: 'iterable' }) },
    { operationId: 'postText', body: 'Grüße\r\nzwei' },
    { operationId: 'createEntry', body: { title: 'j' } },
    {
      id: 'createEntry as a form',
      operationId: 'createEntry',
      body: { title: 'f', tags: ['a', 'b'] },
      contentType: 'application/x-www-form-urlencoded',
    },
    { id: 'createEntry as text', operationId: 'createEntry', body: 'plain', contentType: 'text/plain' },
    {
      id: 'importRecords as multipart',
      operationId: 'importRecords',
      query: { dryRun: true },
      body: { file: file(png, { filename: 'r.csv', content_type: 'text/csv' }), format: 'csv' },
      contentType: 'multipart/form-data',
    },
    {
      id: 'importRecords as bytes',
      operationId: 'importRecords',
      body: file(png, { as: 'file' }),
      contentType: 'application/octet-stream',
    },
    { operationId: 'getText' },
    { operationId: 'downloadImage', query: { size: 300 } },
    { id: 'downloadImage streamed', operationId: 'downloadImage', query: { size: 70000 }, streaming: true },
    { operationId: 'getReport' },
    { id: 'getReport as CSV', operationId: 'getReport', accept: 'text/csv' },
    { id: 'getAvatar as WebP', operationId: 'getAvatar', accept: 'image/webp' },
    { operationId: 'streamEvents', query: { topic: 't' } },
    { operationId: 'streamLines' },
    { operationId: 'streamTimedEvents' },
    { operationId: 'exportRecords' },
    { operationId: 'exportStamps' },
  ];
  let results: Map<string, DriverResult>;
  const seenBy = new Map<string, Echo>();
  const value = (id: string): unknown => {
    const result = results.get(id)!;
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return (result as { value: unknown }).value;
  };
  const echo = (id: string): Echo => seenBy.get(id)!;
  const pattern = (size: number) =>
    Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + 3) % 256)).toString('base64');

  beforeAll(async () => {
    const list = await runPythonDriver(
      sdkDir,
      driverInput(ir, calls, { base_url: server.url, max_retries: 0, timeout: 30 }),
    );
    results = new Map(list.map((result) => [result.id, result]));
    // One request per call, in order.
    calls.forEach((call, index) => seenBy.set(call.id ?? call.operationId, server.seen[index]));
    expect(server.seen.map((seen) => seen.operationId)).toEqual(calls.map((call) => call.operationId));
  }, 120_000);

  it('every call succeeded', () => {
    expect([...results.values()].filter((result) => !result.ok)).toEqual([]);
    expect(results.size).toBe(calls.length);
  });

  it('path parameters in every style, glued ones escaping what ends them', () => {
    expect(echo('pathSimple').pathParams).toEqual({
      prim: 'a%20b%2Fc',
      arr: 'x,y%2Cz',
      obj: 'R,1,G,20,B,255',
    });
    expect(echo('pathLabelExplode').pathParams).toEqual({
      prim: '.true',
      arr: '.x.y',
      obj: '.R=1.G=20.B=255',
    });
    expect(echo('pathMatrixExplode').pathParams).toEqual({
      prim: ';prim=2.5',
      arr: ';arr=x;arr=y',
      obj: ';R=1;G=20;B=255',
    });
    expect(echo('fileByNameAndExtension').pathParams).toEqual({ name: 'report%2Ev2', ext: 'pdf' });
    expect(decodeURIComponent(echo('fileByNameAndExtension').pathParams.name)).toBe('report.v2');
  });

  it("a template's fragment or query is carried by every request (AWS JSON protocols, /search?mode=fast)", () => {
    expect([echo('amzPing').path, echo('amzPing').headers['x-amz-target'], echo('amzPing').json]).toEqual([
      '/',
      'Media.Ping',
      { ping: 'pong' },
    ]);
    expect([echo('searchFast').path, echo('searchFast').rawQuery]).toEqual(['/search', 'mode=fast&q=a+b']);
  });

  it('query parameters as qs reads them', () => {
    expect(echo('queryForm').query).toEqual({
      prim: 'a b&c=d',
      count: '3',
      arr: ['x', 'y'],
      R: '1',
      G: '20',
      B: '255',
      arrFlat: 'x,y',
      objFlat: 'R,1,G,20,B,255',
    });
    expect(echo('queryDelimited').rawQuery).toBe('spaced=a+b%20c&piped=d|e');
    expect(echo('queryDeepObject').query).toEqual({
      filter: { name: 'Ünï & co', min: '2', active: 'false' },
    });
    const special = echo('querySpecial');
    expect(special.rawQuery.startsWith('reserved=a/b?c:d@e&flag=&where=')).toBe(true);
    expect(JSON.parse(new URLSearchParams(special.rawQuery).get('where')!)).toEqual({
      field: 'name',
      gte: 2,
    });
  });

  it('headers and cookies', () => {
    const { headers } = echo('headerParams');
    expect([headers['x-prim'], headers['x-arr'], headers['x-obj'], headers['x-obj-explode']]).toEqual([
      'p',
      '1,2',
      'R,1,G,20,B,255',
      'R=1,G=20,B=255',
    ]);
    expect(echo('cookieParams').cookies).toEqual([
      ['session', 'a%20b%3Bc'],
      ['ids', '1,2'],
      ['tags', 'x'],
      ['tags', 'y'],
      ['prefs', 'R,1,G,20,B,255'],
    ]);
  });

  it('JSON, vendor JSON and oneOf bodies', () => {
    expect([echo('jsonBody').contentType, echo('jsonBody').json]).toEqual([
      'application/json',
      { title: 'Grüße', stars: 4, tags: ['a'] },
    ]);
    expect([echo('vendorJsonBody').contentType, echo('vendorJsonBody').json]).toEqual([
      'application/merge-patch+json',
      { title: 't' },
    ]);
    expect(echo('createPet').json).toEqual({ petType: 'dog', name: 'Rex', goodBoy: true });
    expect((value('jsonBody') as Echo).json).toEqual({ title: 'Grüße', stars: 4, tags: ['a'] }); // the JSON answer, parsed
  });

  it('multipart bodies as busboy reads them', () => {
    expect(echo('uploadDocument').parts).toEqual([
      {
        name: 'file',
        filename: 'scan.png',
        mimeType: 'image/png',
        value: png.toString('base64'),
        file: true,
      },
      {
        name: 'attachments',
        filename: 'attachments',
        mimeType: 'application/octet-stream',
        value: Buffer.from('one').toString('base64'),
        file: true,
      },
      {
        name: 'attachments',
        filename: 'attachments',
        mimeType: 'application/octet-stream',
        value: Buffer.from('two').toString('base64'),
        file: true,
      },
      { name: 'title', mimeType: 'text/plain', value: 'Line\nbreak', file: false },
      { name: 'tags', mimeType: 'text/plain', value: 'a', file: false },
      { name: 'tags', mimeType: 'text/plain', value: 'b', file: false },
      { name: 'meta', mimeType: 'application/json', value: '{"title":"m"}', file: false },
      { name: 'pages', mimeType: 'text/plain', value: '0', file: false },
    ]);
    expect(echo('uploadStyledFields').parts?.map((part) => [part.name, part.value])).toEqual([
      ['color[R]', '1'],
      ['color[G]', '20'],
      ['color[B]', '255'],
      ['words', 'a,b'],
    ]);
    const withHeaders = echo('uploadWithPartHeaders');
    expect(withHeaders.chunked).toBe(true); // a generator's length is unknown: chunked transfer encoding
    expect(withHeaders.parts?.map((part) => [part.name, part.mimeType, part.value])).toEqual([
      ['document', 'application/pdf', png.toString('base64')],
      ['meta', 'application/json', '{"title":"m"}'],
      ['note', 'text/markdown', '# Note'],
    ]);
    expect(
      echo('importRecords as multipart').parts?.map((part) => [part.name, part.filename, part.mimeType]),
    ).toEqual([
      ['file', 'r.csv', 'text/csv'],
      ['format', undefined, 'text/plain'],
    ]);
    expect(echo('importRecords as multipart').rawQuery).toBe('dryRun=true');
  });

  it('form, binary and text bodies', () => {
    expect(echo('submitForm').form?.pairs).toEqual([
      ['grant_type', 'client_credentials'],
      ['scope', 'read write all'],
      ['audience', 'a'],
      ['audience', 'b'],
      ['context[R]', '1'],
      ['context[G]', '20'],
      ['context[B]', '255'],
      ['extra', '{"title":"x"}'],
      ['limit', '5'],
    ]);
    expect((echo('submitForm').form?.qs as Record<string, unknown>).context).toEqual({
      R: '1',
      G: '20',
      B: '255',
    });
    expect([echo('putBlob').contentType, echo('putBlob').base64]).toEqual([
      'application/octet-stream',
      png.toString('base64'),
    ]);
    expect(value('putBlob')).toEqual({ $bytes: png.toString('base64') });
    expect([echo('putBlob from a generator').chunked, echo('putBlob from a generator').base64]).toEqual([
      true,
      png.toString('base64'),
    ]);
    expect([echo('postText').contentType, echo('postText').text, value('postText')]).toEqual([
      'text/plain',
      'Grüße\r\nzwei',
      'Grüße\r\nzwei',
    ]);
    expect(echo('createEntry').json).toEqual({ title: 'j' });
    expect(echo('createEntry as a form').form?.pairs).toEqual([
      ['title', 'f'],
      ['tags', 'a'],
      ['tags', 'b'],
    ]);
    expect(echo('createEntry as text').text).toBe('plain');
    expect(echo('importRecords as bytes').base64).toBe(png.toString('base64'));
  });

  it('responses: text, bytes (whole and streamed), Accept, events and records', () => {
    expect(value('getText')).toBe('Grüße from getText\r\nline 2');
    expect(value('downloadImage')).toEqual({ $bytes: pattern(300) });
    expect(value('downloadImage streamed')).toEqual({ $bytes: pattern(70000) });
    expect(echo('getReport').headers.accept).toBe('application/json');
    expect([echo('getReport as CSV').headers.accept, value('getReport as CSV')]).toEqual([
      'text/csv',
      'Grüße from getReport\r\nline 2',
    ]);
    expect([echo('getAvatar as WebP').headers.accept, value('getAvatar as WebP')]).toEqual([
      'image/webp',
      { $bytes: pattern(4096) },
    ]);
    const tick = (index: number) => ({
      seq: index,
      label: `tick ${index}`,
      title: `record ${index}`,
      at: `2026-03-14T09:26:5${index}Z`,
    });
    expect(value('streamEvents')).toEqual({
      $events: [1, 2, 3].map((index) => ({
        data: tick(index),
        event: 'tick',
        id: String(index),
        ...(index === 1 ? { retry: 500 } : {}),
      })),
    });
    expect(value('streamLines')).toEqual({
      $events: [1, 2, 3].map((index) => ({
        data: `line ${index}\nsecond line`,
        event: 'tick',
        id: String(index),
        ...(index === 1 ? { retry: 500 } : {}),
      })),
    });
    // Date-times in event data and records come back as datetimes (the driver tags them).
    const timed = (value('streamTimedEvents') as { $events: Array<{ data: { at: unknown } }> }).$events;
    expect(timed.map((event) => event.data.at)).toEqual(
      [1, 2, 3].map((index) => ({ $datetime: `2026-03-14T09:26:5${index}Z` })),
    );
    expect(value('exportRecords')).toEqual({ $records: [1, 2, 3].map(tick) });
    expect(
      (value('exportStamps') as { $records: Array<{ at: unknown }> }).$records.map((record) => record.at),
    ).toEqual([1, 2, 3].map((index) => ({ $datetime: `2026-03-14T09:26:5${index}Z` })));
    expect(echo('streamEvents').headers.accept).toBe('text/event-stream');
  });
});

describe("check:roundtrip's Python leg (runPythonCases, the harness's protocol)", () => {
  it('performs cases with the case header and returns what the server sent, date-times as sent', async () => {
    const stamp = (index: number) => ({
      seq: index,
      label: `tick ${index}`,
      title: `record ${index}`,
      at: `2026-03-14T09:26:5${index}Z`,
    });
    const empty = { path: {}, query: {}, header: {}, cookie: {} };
    const cases = [
      {
        id: 'exportStamps#0',
        operationId: 'exportStamps',
        request: empty,
        response: { body: { $records: [1, 2, 3].map(stamp) } },
      },
      {
        id: 'streamTimedEvents#0',
        operationId: 'streamTimedEvents',
        request: empty,
        response: {
          body: {
            $events: [1, 2, 3].map((index) => ({
              event: 'tick',
              id: String(index),
              data: stamp(index),
              ...(index === 1 ? { retry: 500 } : {}),
            })),
          },
        },
      },
      {
        id: 'uploadDocument#0',
        operationId: 'uploadDocument',
        request: {
          ...empty,
          body: { file: { $file: { name: 'a.png', type: 'image/png', bytes: 'iVBORw==' } }, title: 't' },
        },
        response: {},
      },
      {
        id: 'fileByNameAndExtension#0',
        operationId: 'fileByNameAndExtension',
        request: { ...empty, path: { name: 'a.b', ext: 'c' } },
        response: {},
      },
      {
        id: 'missing#0',
        operationId: 'exportStamps',
        request: { ...empty, query: {} },
        response: { body: { $records: [{ seq: 1, at: '2026-03-14T09:26:51.000001Z' }] } },
      },
    ];
    const before = server.seen.length;
    const results = await runPythonCases(cases, { ir, outDir: workDir, baseURL: server.url });
    expect(results.slice(0, 2)).toEqual([
      { id: 'exportStamps#0', result: cases[0].response.body },
      { id: 'streamTimedEvents#0', result: cases[1].response.body },
    ]);
    expect((results[2].result as Echo).parts?.[0]).toMatchObject({
      name: 'file',
      filename: 'a.png',
      mimeType: 'image/png',
      value: 'iVBORw==',
    });
    expect(results[3]).toMatchObject({ id: 'fileByNameAndExtension#0' });
    // A different instant is not hidden: the datetime the SDK returned is reported.
    expect((results[4].result as { $records: Array<{ at: unknown }> }).$records[0].at).toBe(
      '2026-03-14T09:26:51Z',
    );
    expect(server.seen.slice(before).map((seen) => seen.headers['x-roundtrip-case'])).toEqual(
      cases.map((testCase) => testCase.id),
    );
  }, 60_000);

  it('reports an empty stream as the kind the case says, and a JSON null as null', async () => {
    const silent = createServer((request, response) => {
      if (request.url?.startsWith('/responses/report'))
        return void response.writeHead(200, { 'content-type': 'application/json' }).end('null');
      response
        .writeHead(200, {
          'content-type': request.url?.startsWith('/records') ? 'application/x-ndjson' : 'text/event-stream',
        })
        .end();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const empty = { path: {}, query: {}, header: {}, cookie: {} };
      const results = await runPythonCases(
        [
          {
            id: 'streamLines#0',
            operationId: 'streamLines',
            request: empty,
            response: { kind: 'event-stream', body: { $events: [] } },
          },
          {
            id: 'exportRecords#0',
            operationId: 'exportRecords',
            request: empty,
            response: { kind: 'ndjson', body: { $records: [] } },
          },
          {
            id: 'getReport#0',
            operationId: 'getReport',
            request: empty,
            response: { kind: 'json', body: null },
          },
        ],
        { ir, outDir: workDir, baseURL: `http://127.0.0.1:${(silent.address() as { port: number }).port}` },
      );
      expect(results).toEqual([
        { id: 'streamLines#0', result: { $events: [] } },
        { id: 'exportRecords#0', result: { $records: [] } },
        { id: 'getReport#0', result: null },
      ]);
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});

describe('independent oracles on random inputs', () => {
  const pythonWith = (code: string, input: unknown) =>
    run(
      PYTHON,
      ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdkDir)})\n${code}`],
      { input: JSON.stringify(input) },
    );

  it('event streams cut at random decode as eventsource-parser decodes them', async () => {
    const line = fc.constantFrom('\n', '\r\n', '\r');
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ' ', ':', 'é', '€', '😀', '\u0000', 'x'),
      maxLength: 8,
    });
    // An id with NUL: WHATWG ignores the field (we do); eventsource-parser clears the id instead.
    // That rule is held to WHATWG's text in media_responses.py, not to this oracle.
    const id = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':', 'é', '😀', 'x'), maxLength: 8 });
    const field = fc.oneof(
      text.map((value) => `data:${value}`),
      text.map((value) => `data: ${value}`),
      fc.constant('data'),
      text.map((value) => `event: ${value}`),
      id.map((value) => `id: ${value}`),
      text.map((value) => `: ${value}`),
      text.map((value) => `unknown: ${value}`),
    );
    const block = fc.tuple(
      fc.array(field, { maxLength: 5 }),
      fc.option(fc.integer({ min: 0, max: 99_999 }), { nil: undefined }),
      fc.array(line, { minLength: 6, maxLength: 6 }),
    );
    const stream = fc.array(block, { minLength: 1, maxLength: 6 }).map((blocks) =>
      blocks
        .map(([fields, retry, ends]) => {
          // A retry only in blocks that have data, so both sides attach it to the same event.
          const all =
            retry !== undefined && fields.some((candidate) => candidate.startsWith('data'))
              ? [...fields, `retry: ${retry}`]
              : fields;
          return `${all.map((candidate, index) => `${candidate}${ends[index % ends.length]}`).join('')}\n`;
        })
        .join('')
        .concat('\n\n'),
    );
    const streams = fc.sample(fc.tuple(stream, fc.array(fc.nat(), { maxLength: 6 })), {
      numRuns: 150,
      seed: 21,
    });
    const expected = streams.map(([source, cuts]) => {
      const events: Array<Record<string, unknown>> = [];
      let retry: number | undefined;
      const parser = createParser({
        onEvent: (event) => {
          events.push({
            data: event.data,
            event: event.event ?? null,
            id: event.id ?? null,
            retry: retry ?? null,
          });
          retry = undefined;
        },
        onRetry: (ms) => (retry = ms),
      });
      const points = [...new Set(cuts.map((cut) => cut % (source.length + 1)))].sort((a, b) => a - b);
      let start = 0;
      for (const point of [...points, source.length]) {
        parser.feed(source.slice(start, point));
        start = point;
      }
      return events;
    });
    const input = streams.map(([source, cuts]) => ({
      base64: Buffer.from(source, 'utf8').toString('base64'),
      cuts,
    }));
    const decoded = await pythonWith(
      `import base64, codecs, json
from media_fixture._core import EventStreamDecoder
out = []
for case in json.load(sys.stdin):
    raw = base64.b64decode(case["base64"])
    points = sorted({cut % (len(raw) + 1) for cut in case["cuts"]}) + [len(raw)]
    decoder, text, events, start = EventStreamDecoder(), codecs.getincrementaldecoder("utf-8")(), [], 0
    for point in points:
        for event in decoder.push(text.decode(raw[start:point])):
            events.append({"data": event.data, "event": event.event, "id": event.id, "retry": event.retry})
        start = point
    out.append(events)
print(json.dumps(out))`,
      input,
    );
    expect(decoded.code, decoded.output).toBe(0);
    const actual = JSON.parse(decoded.stdout) as unknown[];
    expect(actual.length).toBe(expected.length);
    expect(expected.flat().length).toBeGreaterThan(100);
    actual.forEach((events, index) =>
      expect(events, JSON.stringify(streams[index][0])).toEqual(expected[index]),
    );
  }, 60_000);

  it('deepObject query strings read back by qs as the objects that were sent', async () => {
    const key = fc
      .string({
        unit: fc.constantFrom('a', 'B', '1', ' ', '&', '=', '+', '%', '#', '?', 'é', '😀', '.', '-'),
        minLength: 1,
        maxLength: 6,
      })
      .filter((name) => !['__proto__', 'constructor', 'prototype'].includes(name));
    const primitive = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
    const objects = fc.sample(fc.dictionary(key, primitive, { minKeys: 1, maxKeys: 5 }), {
      numRuns: 200,
      seed: 21,
    });
    const result = await pythonWith(
      `import json
from media_fixture._core import Param, query_pairs
param = Param("filter", "query", style="deepObject", explode=True, shape="object")
print(json.dumps(["&".join(f"{name}={text}" for name, text in query_pairs(param, value)) for value in json.load(sys.stdin)]))`,
      objects,
    );
    expect(result.code, result.output).toBe(0);
    const queries = JSON.parse(result.stdout) as string[];
    queries.forEach((query, index) => {
      const sent = Object.fromEntries(
        Object.entries(objects[index]).map(([name, item]) => [name, String(item)]),
      );
      expect(qs.parse(query, { depth: 1, parameterLimit: 100, allowPrototypes: false }), query).toEqual({
        filter: sent,
      });
    });
  }, 60_000);
});

describe('the READMEs', () => {
  it("runs the documentation's media fixture blocks as written", async () => {
    const readme = (
      await Promise.all(DOCUMENTATION.map((file) => readFile(path.resolve(file), 'utf8')))
    ).join('\n');
    const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)]
      .map((match) => match[1])
      .filter((block) => /\bmedia_fixture\b/.test(block));
    expect(blocks).toHaveLength(1);
    const before = server.seen.length;
    const result = await run(
      PYTHON,
      ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdkDir)})\n${blocks[0]}`],
      { env: { MEDIA_FIXTURE_BASE_URL: server.url } },
    );
    expect(result.code, result.output).toBe(0);
    expect(server.seen.slice(before).map((seen) => seen.operationId)).toEqual([
      'uploadDocument',
      'downloadImage',
      'streamEvents',
    ]);
    expect(server.seen[before].parts?.[0]).toMatchObject({
      name: 'file',
      value: Buffer.from('%PDF-1.7 ...').toString('base64'),
    });
    expect(result.stdout.trim().split('\n')).toEqual(['1 1', '2 2', '3 3']);
  }, 60_000);

  it('runs its upload, download and event-stream blocks as written, against a server that reads them', async () => {
    const readme = await readFile(path.join(sdkDir, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]);
    const media = blocks.filter((block) => /tempfile|with_streaming_response|for event in/.test(block));
    expect(media).toHaveLength(3);
    const cwd = await mkdtemp(path.join(workDir, 'readme-'));
    const before = server.seen.length;
    const outputs: string[] = [];
    for (const block of blocks) {
      const result = await run(
        PYTHON,
        ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdkDir)})\n${block}`],
        { env: { MEDIA_FIXTURE_BASE_URL: server.url }, cwd },
      );
      expect(result.code, `${block}\n---\n${result.output}`).toBe(0);
      outputs.push(result.stdout);
    }
    const uploads = server.seen.slice(before).filter((seen) => seen.parts?.some((part) => part.file));
    expect(uploads.map((seen) => seen.parts?.find((part) => part.file)?.value)).toEqual([
      Buffer.from('file content').toString('base64'),
      Buffer.from('\x89PNG\r\n', 'latin1').toString('base64'),
    ]);
    expect(await readFile(path.join(cwd, 'download.bin'))).toEqual(
      Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7 + 3) % 256)),
    );
    expect(outputs.join('')).toMatch(/^4096 bytes$/m);
    expect(outputs.join('')).toMatch(/^tick 3 \{'seq': 3, 'label': 'tick 3'/m);
  }, 120_000);
});
