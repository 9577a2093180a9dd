/**
 * The Python emitter on the media fixture, in memory: each operation's wire plan spelled as the
 * runtime reads it (parameter styles, parts with their encoding, response kinds, the stream's
 * resume header, a template's fragment), and methods typed per media type (overloads on
 * `content_type=` and `accept=`, files, streams). That the generated package works is
 * test/e2e/generators/plugins/python/media*.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../../generators/core/files.js';
import { generate } from '../../../../../generators/pipeline.js';

let files: GeneratedFile[];
let warnings: string[];
const file = (name: string) =>
  files.find((candidate) => candidate.path === `python/media_fixture/${name}`)!.content;
/** One generated method or overload, from `def name(` to its return type. */
const signatures = (code: string, name: string) =>
  [...code.matchAll(new RegExp(`def ${name}\\(([\\s\\S]*?)\\) -> ([^:]+):`, 'g'))].map((match) => ({
    params: match[1],
    returns: match[2],
  }));

beforeAll(async () => {
  ({ files, warnings } = await generate({
    spec: 'test/fixtures/specs/media-python-3.1.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  }));
});

describe('the Python emitter on every media type and parameter style', () => {
  it('warns about nothing', () => {
    expect(warnings.filter((warning) => /(^|: )python: /.test(warning))).toEqual([]);
  });

  it('spells each parameter as the wire plan says', () => {
    const operations = file('_operations.py');
    expect(operations).toContain('Param("arr", "path", style="label", explode=True, shape="array")');
    expect(operations).toContain('Param("obj", "path", style="matrix", shape="object")');
    expect(operations).toContain(
      'Param("filter", "query", style="deepObject", explode=True, shape="object")',
    );
    expect(operations).toContain('Param("reserved", "query", allow_reserved=True)');
    expect(operations).toContain('Param("flag", "query", allow_empty_value=True)');
    expect(operations).toContain('Param("where", "query", json=True)');
    expect(operations).toContain('Param("ids", "cookie", explode=False, shape="array")');
    expect(operations).toContain('Param("X-Obj-Explode", "header", explode=True, shape="object")');
  });

  it('spells bodies, parts and responses as the wire plan says', () => {
    const operations = file('_operations.py');
    expect(operations).toContain(
      'Part("file", "file", content_type="image/png, application/octet-stream", headers=("X-Checksum",))',
    );
    expect(operations).toContain('Part("attachments", "files", content_type="application/octet-stream")');
    expect(operations).toContain(
      'Part("color", "object", content_type="application/json", styled=True, style="deepObject", explode=True)',
    );
    expect(operations).toContain(
      'Part("scope", "array", styled=True, style="spaceDelimited", explode=False)',
    );
    expect(operations).toContain('Body("text/plain", "text")');
    expect(operations).toMatch(
      /Media\("text\/event-stream", "event-stream", data_is_json=True\),\),\n {4}resume_header="Last-Event-ID",/,
    );
    expect(operations).toContain('Media("application/x-ndjson", "ndjson", shape={"ref": "Stamp"})');
    expect(operations).toContain('match=("header", "X-Amz-Target", "Media.Ping")');
    expect(operations).toContain('match=("query", "mode", "fast")');
  });

  it('types methods per media type: overloads on content_type and accept, files, streams', () => {
    const bodies = file('resources/bodies.py');
    const several = signatures(bodies.slice(bodies.indexOf('class BodiesSeveral:')), 'create').slice(0, 4);
    expect(several.map((each) => /content_type: ([^,=]+?)(?: =|,)/.exec(each.params)?.[1])).toEqual([
      'Literal["application/json"]',
      'Literal["application/x-www-form-urlencoded"]',
      'Literal["text/plain"]',
      'str',
    ]);
    expect(several[2].params).toContain('body: str,');
    expect(several[0].params).toContain('title: str,');
    const multipart = signatures(bodies.slice(bodies.indexOf('class BodiesMultipart:')), 'create')[0];
    expect(multipart.params).toContain('file: FileTypes,');
    expect(multipart.params).toContain('attachments: Union[Sequence[FileTypes], NotGiven] = NOT_GIVEN,');
    expect(signatures(bodies.slice(bodies.indexOf('class BodiesBinary:')), 'update')[0].params).toContain(
      'body: BinaryContent,',
    );
    const report = signatures(
      file('resources/responses.py').slice(file('resources/responses.py').indexOf('class ResponsesReport:')),
      'retrieve',
    ).slice(0, 2);
    expect(report.map((each) => each.returns)).toEqual(['_types.Report', 'str']);
    expect(signatures(file('resources/events.py'), 'retrieve').map((each) => each.returns)).toContain(
      'Stream[ServerSentEvent[_types.Tick]]',
    );
    expect(signatures(file('resources/records.py'), 'retrieve').map((each) => each.returns)).toContain(
      'Stream[_types.Note]',
    );
    expect(file('resources/responses.py')).toContain(
      'self.retrieve = to_streamed_response_wrapper(raw.retrieve)',
    );
  });
});
