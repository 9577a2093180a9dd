/**
 * Names a spec may use that mean something to JavaScript (fixture kinds/reserved-operation-ids-3.0.yaml:
 * operation ids `delete`, `new`, `constructor`, `toString`; parameters and form fields `constructor`,
 * `toString`, `valueOf`): the output typechecks as a consumer compiles it (the corpus's strict
 * consumer programs: `tsc -b`, NodeNext, lib ES2022 + DOM), every operation round-trips through
 * both SDKs against the stubs, stubs without handlers answer 501 for operations named like Object's
 * members, and the zod schemas read only what a value has. Starts tsc, the stubs and python3.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from '../../../generators/pipeline.js';
import { fixtureStubs } from '../../support/fixture-stubs.js';
import { consumerProjects, typecheckFindings } from '../../../scripts/lib/corpus/typecheck.js';
import { runProcess } from '../../../scripts/lib/corpus/stages-build.js';
import { binPath } from '../../../scripts/lib/processes.js';
import { expectEveryOperationRoundTrips } from '../../support/roundtrip.js';

const SPEC = 'test/fixtures/kinds/reserved-operation-ids-3.0.yaml';
let root: string;

beforeAll(async () => {
  // Inside the repository, so the consumer program's `types: ['node']` finds @types/node.
  await mkdir(path.resolve('.cache'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache', 'reserved-names-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('the output typechecks under the strict consumer programs', async () => {
  const out = path.join(root, 'out');
  await generate({ spec: SPEC, out, command: 'test', write: true, skip: ['sdks'], log: () => {} });
  const projects = await consumerProjects(root, [out]);
  const result = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(typecheckFindings(output, out, []).map((finding) => finding.detail)).toEqual([]);
  expect(result.code, output.slice(0, 2000)).toBe(0);
}, 180_000);

it(
  'every operation round-trips in TypeScript and Python',
  () => expectEveryOperationRoundTrips(SPEC, 9),
  180_000,
);

it('stubs without handlers answer 501 for operations named constructor and toString', async () => {
  const stubs = await fixtureStubs(SPEC);
  try {
    for (const [method, operationId] of [
      ['GET', 'constructor'],
      ['POST', 'toString'],
    ] as const) {
      const response = await stubs.app.inject({
        method,
        url: '/objects',
        ...(method === 'POST'
          ? { payload: 'valueOf=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {}),
      });
      expect(response.statusCode, operationId).toBe(501);
      expect(response.json()).toEqual({
        code: 'not_implemented',
        message: `${operationId} is not implemented.`,
        param: null,
      });
    }
  } finally {
    await stubs.close();
  }
}, 120_000);

it('the zod schemas read only what a value has: a Thing without valueOf, a query without constructor', async () => {
  const out = path.join(root, 'zod');
  await generate({
    spec: SPEC,
    out,
    command: 'test',
    write: true,
    skip: ['sdks'],
    include: ['zod'],
    log: () => {},
  });
  const schemas = await import(path.join(out, 'zod', 'index.ts'));
  expect(schemas.Thing.safeParse({ id: '1' }).success).toBe(true);
  expect(schemas.Thing.safeParse({ id: '1', valueOf: 3 }).success).toBe(false);
  expect(schemas.Thing.parse({ id: '1', valueOf: 'v' })).toEqual({ id: '1', valueOf: 'v' });
  const query = schemas.operationSchemas['GET /objects'].parameters.query;
  expect(query.safeParse({}).success).toBe(true);
  expect(query.safeParse({ constructor: 'a' }).success).toBe(true);
}, 120_000);
