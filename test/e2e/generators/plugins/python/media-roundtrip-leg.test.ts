/**
 * check:roundtrip's Python leg on the media fixture (issue 21): the cases the harness sends, performed
 * by the generated SDK against the echo server, and what it reports back.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runPythonCases } from '../../../../../generators/plugins/python/roundtrip/calls.js';
import type { Echo } from '../../../../support/media-echo-server.js';
import { useMediaSdk } from '../../../../support/python-media-sdk.js';

const sdk = useMediaSdk();

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
    const before = sdk.server.seen.length;
    const results = await runPythonCases(cases, { ir: sdk.ir, outDir: sdk.workDir, baseURL: sdk.server.url });
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
    expect(sdk.server.seen.slice(before).map((seen) => seen.headers['x-roundtrip-case'])).toEqual(
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
        {
          ir: sdk.ir,
          outDir: sdk.workDir,
          baseURL: `http://127.0.0.1:${(silent.address() as { port: number }).port}`,
        },
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
