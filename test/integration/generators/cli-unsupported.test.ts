/**
 * `npm run generate` (and `mock`) on constructs the generators cannot serve: real CLI processes that
 * print one `file:line:col` error per construct, each line behind the command's own prefix (the IR's
 * own checks are unit-tested in test/unit/generators/core/ir-parameter-styles.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractKitArgs } from '../../../scripts/lib/processes.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cli-unsupported-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A spec with two constructs the generators refuse, written into the test's folder. */
async function specWithTwoProblems(): Promise<string> {
  const file = path.join(dir, 'unsupported.yaml');
  await writeFile(
    file,
    [
      'openapi: 3.1.0',
      'info: { title: T, version: 1.0.0 }',
      'paths:',
      '  /a:',
      '    get:',
      '      parameters:',
      '        - { name: q, in: query, style: matrix, schema: { type: string } }',
      '        - { name: h, in: header, style: form, schema: { type: string } }',
      "      responses: { '200': { description: OK } }",
      '',
    ].join('\n'),
  );
  return file;
}

function run(command: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, contractKitArgs(command, ...args), (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );
}

describe('npm run generate on an unsupported construct', () => {
  it('exits 1 and prints one error line per construct, with file:line:col and pointer', async () => {
    const file = await specWithTwoProblems();
    const result = await run('generate', '--spec', file, '--out', path.join(dir, 'out'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: ${file}:7:40: not supported: style "matrix" is not defined for query parameters (OpenAPI allows form, spaceDelimited, pipeDelimited, deepObject) (at #/paths/~1a/get/parameters/0/style)`,
    );
    expect(result.stderr).toContain(
      `error: ${file}:8:41: not supported: style "form" is not defined for header parameters (OpenAPI allows simple) (at #/paths/~1a/get/parameters/1/style)`,
    );
  }, 60_000);

  it("mock names itself on every line, not generate's `error:` on the second", async () => {
    const file = await specWithTwoProblems();
    const result = await run('mock', '--spec', file);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^mock: \S+:7:40: not supported: style "matrix" .*\(at #\/paths\/~1a\/get\/parameters\/0\/style\)$/,
      ),
      expect.stringMatching(
        /^mock: \S+:8:41: not supported: style "form" .*\(at #\/paths\/~1a\/get\/parameters\/1\/style\)$/,
      ),
    ]);
  }, 60_000);
});
