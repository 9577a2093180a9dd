/**
 * `npm run generate` on a construct the generators cannot serve: a real CLI process that exits 1
 * with one `file:line:col` error per construct (the IR's own checks are unit-tested in
 * test/unit/generators/core/ir-parameter-styles.test.ts).
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

describe('npm run generate on an unsupported construct', () => {
  it('exits 1 and prints one error line per construct, with file:line:col and pointer', async () => {
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
    const result = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        contractKitArgs('generate', '--spec', file, '--out', path.join(dir, 'out')),
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: ${file}:7:40: not supported: style "matrix" is not defined for query parameters (OpenAPI allows form, spaceDelimited, pipeDelimited, deepObject) (at #/paths/~1a/get/parameters/0/style)`,
    );
    expect(result.stderr).toContain(
      `error: ${file}:8:41: not supported: style "form" is not defined for header parameters (OpenAPI allows simple) (at #/paths/~1a/get/parameters/1/style)`,
    );
  }, 60_000);
});
