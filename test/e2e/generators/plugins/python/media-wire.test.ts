/**
 * The media fixture's Python SDK on the wire (issue 21): every call of the round-trip driver against a
 * server that decodes with busboy, qs and URLSearchParams (test/support/media-echo-server.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  driverInput,
  runPythonDriver,
  type DriverResult,
  type WireCall,
} from '../../../../../generators/plugins/python/roundtrip/calls.js';
import type { Echo } from '../../../../support/media-echo-server.js';
import { useMediaSdk } from '../../../../support/python-media-sdk.js';

const sdk = useMediaSdk();

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
      sdk.sdkDir,
      driverInput(sdk.ir, calls, { base_url: sdk.server.url, max_retries: 0, timeout: 30 }),
    );
    results = new Map(list.map((result) => [result.id, result]));
    // One request per call, in order.
    calls.forEach((call, index) => seenBy.set(call.id ?? call.operationId, sdk.server.seen[index]));
    expect(sdk.server.seen.map((seen) => seen.operationId)).toEqual(calls.map((call) => call.operationId));
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
