/**
 * Where the loader says an error is (core/load.ts `locate`, the `file:line:col` of every SpecError)
 * in a YAML spec: the value the pointer names, or the deepest one on its way. Unquoted numeric keys
 * (`200:`) are reached by their pointer's "200", as in a JSON spec. Writes a temporary file; starts
 * no process.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate } from '../../../../generators/core/load.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();

const YAML = `openapi: 3.1.0
paths:
  /a:
    get:
      responses:
        200:
          description: OK
        '404':
          description: Missing
      tags:
        - one
        - two
`;

describe('locate in a YAML spec', () => {
  const folder = scratch.make('locate-');
  const file = path.join(folder, 'spec.yaml');
  writeFileSync(file, YAML);
  const json = path.join(folder, 'spec.json');
  writeFileSync(
    json,
    JSON.stringify(
      { openapi: '3.1.0', paths: { '/a': { get: { responses: { 200: { description: 'OK' } } } } } },
      null,
      2,
    ),
  );

  it('reaches a value below an unquoted numeric key, as in JSON', () => {
    expect(locate(file, '/paths/~1a/get/responses/200/description')).toEqual({ line: 7, column: 24 });
    expect(locate(file, '/paths/~1a/get/responses/200')).toEqual({ line: 7, column: 11 });
    expect(locate(json, '/paths/~1a/get/responses/200/description')).toEqual({ line: 8, column: 28 });
  });

  it('reaches quoted keys and elements, and stops at the deepest value on the way past the document', () => {
    expect(locate(file, '/paths/~1a/get/responses/404/description')).toEqual({ line: 9, column: 24 });
    expect(locate(file, '/paths/~1a/get/tags/1')).toEqual({ line: 12, column: 11 });
    expect(locate(file, '/paths/~1a/get/tags/7')).toEqual({ line: 11, column: 9 });
    expect(locate(file, '/paths/~1a/post/responses')).toEqual({ line: 4, column: 5 });
    expect(locate(file, '/nowhere')).toEqual({ line: 1, column: 1 });
  });
});
