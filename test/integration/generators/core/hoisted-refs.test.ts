/**
 * Schemas a `$ref` reaches that are not components (issue 43: codat's banking API refers into
 * `#/components/schemas/Account/definitions/…`, eos into a schema written in a response): the
 * loader makes each a component, so openapi-typescript's types and the client's schema types name
 * it instead of writing a path through the type that holds it (TS2339, TS2502).
 * Starts: tsc over the generated types and client, under the strict tsconfig a consumer would use.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';
import { runProcess } from '../../../../scripts/lib/corpus/stages-build.js';
import { CONSUMER } from '../../../../scripts/lib/corpus/typecheck.js';
import { binPath } from '../../../../scripts/lib/processes.js';

const SPEC = 'test/fixtures/kinds/hoisted-refs-3.1.yaml';
let workDir: string;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'hoisted-refs-'));
  await generate({ spec: SPEC, out: workDir, command: 'test', write: true, skip: ['sdks'], log: () => {} });
}, 60_000);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('schemas a $ref reaches that are not components', () => {
  it('compile: openapi-typescript’s types and the client, strict, without a diagnostic', async () => {
    // Before: TS2339 (Property 'definitions' does not exist on type …) and TS2502 in types/openapi.ts and client/src/schema.ts.
    const config = path.join(workDir, 'tsconfig.check.json');
    await writeFile(
      config,
      JSON.stringify({
        // The corpus's consumer options, the client's way (no Node types).
        compilerOptions: { ...CONSUMER, types: [] },
        include: ['types/**/*.ts', 'client/src/**/*.ts'],
      }),
    );
    const result = await runProcess(binPath('tsc'), ['-p', config, '--pretty', 'false']);
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
    expect(await readFile(path.join(workDir, 'types', 'openapi.ts'), 'utf8')).toContain(
      '"Account.accountIdentifiers": {',
    );
  }, 60_000);
});
