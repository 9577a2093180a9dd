/**
 * Where the toolkit mends openapi-typescript's output (generators/core/types-rendering.mjs): each
 * fixture's output typechecks as a consumer compiles it (the corpus's strict consumer programs),
 * and a consumer's use of the types compiles as the schema says, with each `@ts-expect-error`
 * line refused by tsc. Starts tsc.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from '../../../generators/pipeline.js';
import { consumerProjects, typecheckFindings } from '../../../scripts/lib/corpus/typecheck.js';
import { runProcess } from '../../../scripts/lib/corpus/stages-build.js';
import { binPath } from '../../../scripts/lib/processes.js';

let root: string;

beforeAll(async () => {
  // Inside the repository, so the consumer program's `types: ['node']` finds @types/node.
  await mkdir(path.resolve('.cache'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache', 'types-mends-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Generates `spec`, adds `consumer` (lines of TypeScript beside types/openapi.ts) and typechecks it all. */
async function expectTypechecks(spec: string, consumer: string[]): Promise<void> {
  const out = path.join(root, path.basename(spec, '.yaml'));
  await generate({ spec, out, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  await writeFile(
    path.join(out, 'types', 'consumer-check.ts'),
    ["import type { components } from './openapi.js';", ...consumer, ''].join('\n'),
  );
  const projects = await consumerProjects(out, [out]);
  const result = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(typecheckFindings(output, out, []).map((finding) => finding.detail)).toEqual([]);
  expect(result.code, output.slice(0, 2000)).toBe(0);
}

it(
  'an object requiring properties of a nullable schema it composes (plaid)',
  () =>
    expectTypechecks('test/fixtures/kinds/nullable-with-required-3.0.yaml', [
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
      "type ScheduleRequest = components['schemas']['ScheduleRequest'];",
      "export const request: ScheduleRequest = { start_date: '2026-12-01' };",
      'export const noRequest: ScheduleRequest = null;',
      '// @ts-expect-error start_date is required',
      "export const undated: ScheduleRequest = { interval: 'WEEKLY' };",
    ]),
  180_000,
);

it(
  'a discriminator property the schema declares too (Apple SiriKit)',
  () =>
    expectTypechecks('test/fixtures/kinds/repeated-discriminator-3.0.yaml', [
      "type DestinationResult = components['schemas']['DestinationResult'];",
      "export const result: DestinationResult = { class: 'DestinationResult', success: 'yes' };",
      '// @ts-expect-error the discriminator is required',
      "export const unnamed: DestinationResult = { success: 'yes' };",
      '// @ts-expect-error the discriminator names this schema',
      "export const other: DestinationResult = { class: 'BooleanResult', success: 'yes' };",
      "type DogResult = components['schemas']['DogResult'];",
      "export const dog: DogResult = { class: 'dog', bark: true };",
      '// @ts-expect-error the declared value, required',
      'export const unnamedDog: DogResult = { bark: true };',
    ]),
  180_000,
);

it(
  "a parameter that $refs another operation's parameter by path (opensuse's obs)",
  () =>
    expectTypechecks('test/fixtures/kinds/parameter-ref-into-path-3.0.yaml', [
      "import type { paths } from './openapi.js';",
      "type Query = NonNullable<paths['/requests/{id}']['get']['parameters']['query']>;",
      "type Header = NonNullable<paths['/requests/{id}']['get']['parameters']['header']>;",
      "export const query: Query = { withhistory: '1' };",
      '// @ts-expect-error the referenced enum holds text',
      'export const wrong: Query = { withhistory: 1 };',
      "export const header: Header = { 'X-Trace': 7 };",
      '// @ts-expect-error the referenced header is an integer',
      "export const text: Header = { 'X-Trace': 'seven' };",
    ]),
  180_000,
);
