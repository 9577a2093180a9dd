/**
 * The Python SDK on every media type and parameter style (issue 21), generated from
 * test/fixtures/specs/media-python-3.1.yaml and run with python3 -S -E -B (standard library only):
 * its own tests on a loopback server (the OAS style table, Python's `email` parser for multipart);
 * the package README's upload, download and event-stream blocks as written; pyright strict on the
 * package. Beside it: the wire (media-wire.test.ts), check:roundtrip's Python leg
 * (media-roundtrip-leg.test.ts) and the independent oracles (media-oracles.test.ts).
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTATION } from '../../../../support/documentation.js';
import { configWithoutRuntime, modulesOutsideRuntime } from '../../../../support/pyright.js';
import { PYTHON, run, useMediaSdk } from '../../../../support/python-media-sdk.js';

const TESTS = path.resolve('test/support/python');

const sdk = useMediaSdk();

describe('the media fixture SDK', () => {
  it('the Python emitter has nothing to warn about on a spec that uses every media type and style', () => {
    expect(sdk.warnings.filter((warning) => /(^|: )python: /.test(warning))).toEqual([]);
  });

  it('passes its tests on a loopback server (OAS style table, email parser, streams)', async () => {
    const result = await run(PYTHON, [
      '-S',
      '-E',
      '-B',
      path.join(TESTS, 'run_tests.py'),
      sdk.sdkDir,
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
      await configWithoutRuntime(sdk.sdkDir),
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
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(await modulesOutsideRuntime(sdk.sdkDir));
  }, 180_000);
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
    const before = sdk.server.seen.length;
    const result = await run(
      PYTHON,
      ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdk.sdkDir)})\n${blocks[0]}`],
      { env: { MEDIA_FIXTURE_BASE_URL: sdk.server.url } },
    );
    expect(result.code, result.output).toBe(0);
    expect(sdk.server.seen.slice(before).map((seen) => seen.operationId)).toEqual([
      'uploadDocument',
      'downloadImage',
      'streamEvents',
    ]);
    expect(sdk.server.seen[before].parts?.[0]).toMatchObject({
      name: 'file',
      value: Buffer.from('%PDF-1.7 ...').toString('base64'),
    });
    expect(result.stdout.trim().split('\n')).toEqual(['1 1', '2 2', '3 3']);
  }, 60_000);

  it('runs its upload, download and event-stream blocks as written, against a server that reads them', async () => {
    const readme = await readFile(path.join(sdk.sdkDir, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]);
    const media = blocks.filter((block) => /tempfile|with_streaming_response|for event in/.test(block));
    expect(media).toHaveLength(3);
    const cwd = await mkdtemp(path.join(sdk.workDir, 'readme-'));
    const before = sdk.server.seen.length;
    const outputs: string[] = [];
    for (const block of blocks) {
      const result = await run(
        PYTHON,
        ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(sdk.sdkDir)})\n${block}`],
        { env: { MEDIA_FIXTURE_BASE_URL: sdk.server.url }, cwd },
      );
      expect(result.code, `${block}\n---\n${result.output}`).toBe(0);
      outputs.push(result.stdout);
    }
    const uploads = sdk.server.seen.slice(before).filter((seen) => seen.parts?.some((part) => part.file));
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
