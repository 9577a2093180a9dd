/**
 * The client's event-stream decoder against `eventsource-parser` (the independent oracle): random
 * streams (events with multi-line data, ids, types, retry fields, comments, unknown fields, the
 * three line endings, a BOM) cut into random chunks, even between a CR and its LF, decode to the
 * same events in the same order.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventStreamDecoder } from '../../../../../generators/plugins/client/runtime/sse.js';

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':', 'é', '€', '😀', '\0', 'x', '1') });
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const field = fc.oneof(
  fc.record({ kind: fc.constant('data' as const), value: text }),
  fc.record({ kind: fc.constant('event' as const), value: text }),
  // eventsource-parser clears the id on a NUL where WHATWG ignores the field: NUL ids are tested below, against the WHATWG text.
  fc.record({ kind: fc.constant('id' as const), value: text.filter((value) => !value.includes('\0')) }),
  fc.record({
    kind: fc.constant('retry' as const),
    value: fc.oneof(fc.nat({ max: 100000 }).map(String), text),
  }),
  fc.record({ kind: fc.constant('comment' as const), value: text }),
  fc.record({ kind: fc.constant('unknown' as const), value: text }),
);
const block = fc.array(field, { maxLength: 6 });

function render(
  blocks: Array<Array<{ kind: string; value: string }>>,
  ends: string[],
  bom: boolean,
  spaceAfterColon: boolean[],
): string {
  let index = 0;
  const end = () => ends[index++ % ends.length];
  const lines = blocks.map(
    (fields) =>
      fields
        .map((entry, at) => {
          if (entry.kind === 'comment') return `:${entry.value}${end()}`;
          const name = entry.kind === 'unknown' ? 'foo' : entry.kind;
          return `${name}:${spaceAfterColon[at % spaceAfterColon.length] ? ' ' : ''}${entry.value}${end()}`;
        })
        .join('') + end(),
  );
  return `${bom ? '\uFEFF' : ''}${lines.join('')}`;
}

function cut(stream: string, points: number[]): string[] {
  const sorted = [...new Set(points.map((point) => point % (stream.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of sorted) {
    chunks.push(stream.slice(from, point));
    from = point;
  }
  chunks.push(stream.slice(from));
  return chunks;
}

describe('EventStreamDecoder', () => {
  it('decodes like eventsource-parser on random streams cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 8 }),
        fc.array(lineEnd, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (blocks, ends, bom, spaces, points) => {
          const stream = render(blocks, ends, bom, spaces);
          const expected: EventSourceMessage[] = [];
          const retries: number[] = [];
          const parser = createParser({
            onEvent: (event) => expected.push(event),
            onRetry: (ms) => retries.push(ms),
          });
          // The oracle strips a BOM only as UTF-8 bytes decoded as latin1: hand it the text without one.
          // It also holds back a CR that ends its input, waiting for a possible LF; a CR is a whole
          // line end (WHATWG), which our decoder acts on at once, so the oracle is given that LF.
          parser.feed(stream.replace(/^\uFEFF/, '') + (stream.endsWith('\r') ? '\n' : ''));
          const decoder = new EventStreamDecoder();
          const got = cut(stream, points).flatMap((chunk) => decoder.push(chunk));
          decoder.end();
          expect(got.map(({ event, data, id }) => ({ event, data, id }))).toEqual(
            expected.map(({ event, data, id }) => ({ event, data, id })),
          );
          expect(decoder.retry).toBe(retries.at(-1));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps the last event ID across events for resuming, and attaches retry to its event', () => {
    const decoder = new EventStreamDecoder();
    const events = decoder.push('id: 7\nretry: 2500\ndata: {"a":1}\n\ndata: b\n\n: comment\nid\ndata: c\n\n');
    expect(events).toEqual([{ data: '{"a":1}', id: '7', retry: 2500 }, { data: 'b' }, { data: 'c', id: '' }]);
    expect(decoder.lastEventId).toBe('');
    expect(decoder.retry).toBe(2500);
  });

  it('ignores an id field with a NUL, as WHATWG says (the previous id stays)', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push('id: 1\ndata: a\n\nid: x\0y\ndata: b\n\n')).toEqual([
      { data: 'a', id: '1' },
      { data: 'b' },
    ]);
    expect(decoder.lastEventId).toBe('1');
  });

  it('drops an event the stream ends in the middle of', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push('data: whole\n\ndata: half')).toEqual([{ data: 'whole' }]);
    decoder.end();
  });
});
