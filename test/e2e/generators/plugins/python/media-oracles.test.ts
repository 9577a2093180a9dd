/**
 * The media fixture's Python SDK against independent oracles on random inputs (issue 21): its
 * event-stream decoder against `eventsource-parser`, and deepObject query strings against `qs`.
 */
import { createParser } from 'eventsource-parser';
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { PYTHON, run, useMediaSdk } from '../../../../support/python-media-sdk.js';

const sdk = useMediaSdk();

describe('independent oracles on random inputs', () => {
  const pythonWith = (code: string, input: unknown) =>
    run(
      PYTHON,
      ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdk.sdkDir)})\n${code}`],
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
