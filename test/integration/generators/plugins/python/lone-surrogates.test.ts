/**
 * Strings with lone surrogates in JSON bodies (issue 43: a pattern such as AWS's
 * `[\u0020-\uD7FF…\uD800\uDBFF-\uDC00\uDFFF]*` admits them; the Python SDK raised UnicodeEncodeError
 * writing the body as UTF-8, where JSON.stringify escapes a lone surrogate). Generates the
 * fixture's Python SDK and starts `python3 -S -E -B` once, which writes each value with the SDK's
 * JSON writer and encodes it as UTF-8; the text must be JSON.stringify's, byte for byte.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

const SPEC = 'test/fixtures/kinds/lone-surrogates-3.0.yaml';
let workDir: string;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'lone-surrogates-'));
  await generate({ spec: SPEC, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
}, 60_000);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const VALUES: unknown[] = [
  { text: 'a\uD800b', tags: ['\uDFFF', 'x\uDBFF\uDBFF'] },
  { ['key\uDC00']: '\uD83D\uDE00 is one character, \uDE00\uD83D two halves' },
  ['é "quoted" \\ \n\t\u0001', '\u2028\u2029', '\uFFFD'],
  'plain',
];

describe('the Python SDK writing JSON with lone surrogates', () => {
  it('writes what JSON.stringify writes, and it encodes as UTF-8', async () => {
    const script = [
      'import json, sys',
      'sys.path.insert(0, sys.argv[1])',
      'from lone_surrogates._core._serde import to_json',
      'for value in json.loads(sys.argv[2]):',
      '    sys.stdout.buffer.write(to_json(value).encode("utf-8") + b"\\n")',
    ].join('\n');
    // The values travel as ASCII JSON, so lone surrogates reach Python as they are.
    const ascii = JSON.stringify(VALUES).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const { stdout } = await promisify(execFile)(
      'python3',
      ['-S', '-E', '-B', '-c', script, path.join(workDir, 'python'), ascii],
      { encoding: 'buffer' },
    );
    const lines = (stdout as Buffer).toString('utf8').split('\n').slice(0, -1);
    expect(lines).toEqual(VALUES.map((value) => JSON.stringify(value)));
  });
});
