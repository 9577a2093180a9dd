/**
 * A path template's literal text that a URL must percent-encode (issue 43: apisetu's
 * "/Your Pull DOC Request API Path"; the Python SDK's http.client refused the space). The Python
 * SDK writes each literal as the TypeScript client's URL does: WHATWG's URL parser is the oracle.
 * Generates the fixture's Python SDK and starts `python3 -S -E -B` once.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

const SPEC = 'test/fixtures/kinds/literal-path-3.0.yaml';
let workDir: string;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'literal-paths-'));
  await generate({ spec: SPEC, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
}, 60_000);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const TEMPLATES = [
  '/Your Pull DOC Request API Path/{id}',
  '/quotes/a"b<c>d`e/{id}',
  "/kept/!$&'()*+,;=:@[]^|~%41/{id}",
  '/naïve/ü/{id}',
  '/tab\tand\u0001control/{id}',
];

describe('literal path text in the Python SDK', () => {
  it("is percent-encoded as the TypeScript client's URL encodes it", async () => {
    const script = [
      'import json, sys',
      'sys.path.insert(0, sys.argv[1])',
      'from literal_paths._core._params import Param, build_path',
      'for template in json.loads(sys.argv[2]):',
      '    print(build_path(template, [Param("id", "path")], ["x"]))',
    ].join('\n');
    const { stdout } = await promisify(execFile)('python3', [
      '-S',
      '-E',
      '-B',
      '-c',
      script,
      path.join(workDir, 'python'),
      JSON.stringify(TEMPLATES),
    ]);
    const expected = TEMPLATES.map(
      (template) => new URL(template.replace('{id}', 'x'), 'http://api.test').pathname,
    );
    expect(stdout.trim().split('\n')).toEqual(expected);
  });
});
