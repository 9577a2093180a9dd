/**
 * A schema that requires properties of a nullable schema it composes (fixture
 * kinds/nullable-with-required-3.0.yaml, plaid's `Cause` over the nullable `PlaidError`): the
 * output typechecks as a consumer compiles it (the corpus's strict consumer programs), and the
 * required properties are required in the types, as tsc reads them. Starts tsc.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from '../../../generators/pipeline.js';
import { consumerProjects, typecheckFindings } from '../../../scripts/lib/corpus/typecheck.js';
import { runProcess } from '../../../scripts/lib/corpus/stages-build.js';
import { binPath } from '../../../scripts/lib/processes.js';

const SPEC = 'test/fixtures/kinds/nullable-with-required-3.0.yaml';
let root: string;

beforeAll(async () => {
  // Inside the repository, so the consumer program's `types: ['node']` finds @types/node.
  await mkdir(path.resolve('.cache'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache', 'nullable-with-required-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('the output typechecks, and the composed schema requires what it names', async () => {
  const out = path.join(root, 'out');
  await generate({ spec: SPEC, out, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  // A consumer's use of the types, compiled with them: each `@ts-expect-error` fails the build
  // when its line compiles (a required property that is not required, null where it is not taken).
  await writeFile(
    path.join(out, 'types', 'consumer-check.ts'),
    [
      "import type { components } from './openapi.js';",
      "type Cause = components['schemas']['Cause'];",
      "type ScheduleGet = components['schemas']['ScheduleGet'];",
      "export const cause: Cause = { item_id: 'item', error_type: 'ITEM_ERROR', error_code: 'LOGIN' };",
      '// @ts-expect-error error_code is required',
      "export const partial: Cause = { item_id: 'item', error_type: 'ITEM_ERROR' };",
      '// @ts-expect-error a Cause is an object',
      'export const nothing: Cause = null;',
      'export const noSchedule: ScheduleGet = null;',
      "export const schedule: ScheduleGet = { start_date: '2026-12-01', interval: 'WEEKLY' };",
      '// @ts-expect-error interval is required',
      "export const noInterval: ScheduleGet = { start_date: '2026-12-01' };",
      '',
    ].join('\n'),
  );
  const projects = await consumerProjects(root, [out]);
  const result = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(typecheckFindings(output, out, []).map((finding) => finding.detail)).toEqual([]);
  expect(result.code, output.slice(0, 2000)).toBe(0);
}, 180_000);
