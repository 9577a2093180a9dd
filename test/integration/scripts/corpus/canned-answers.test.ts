/**
 * The corpus check's canned stubs answer inside the contract what an operation accepts (issue 43):
 * an operation that documents no success answers its redirect or its `default` with a body of its
 * schema (before: 200 without a body, "the body is not JSON"), a JSON string is written as JSON,
 * and the stubs write an object that must have undeclared properties with them (before:
 * fast-json-stringify left them out, "must NOT have fewer than 1 properties"), and an answer carries
 * the headers it must (before: none, "required header Cache-Control is missing"). Judged by the bad-input
 * stage itself, every hostile request of every operation of the fixture.
 * Starts: the fixture's generated stubs on a loopback socket (in process).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';
import type { SpecRun } from '../../../../scripts/lib/corpus/stages-build.js';
import { badInputStage, startCannedStubs } from '../../../../scripts/lib/corpus/stages-run.js';
import type { StubServer } from '../../../../scripts/lib/roundtrip/server.js';

const SPEC = 'test/fixtures/kinds/canned-answers-3.0.yaml';
let run: SpecRun;
let server: StubServer | undefined;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  const out = await mkdtemp(path.resolve('.cache', 'canned-answers-')); // inside the repo, so generated code resolves fastify
  run = { name: SPEC, file: SPEC, out, seed: 43, contractRuns: 1, contractTimeLimitMs: 60_000, names: [] };
  ({ ir: run.ir } = await generate({
    spec: SPEC,
    out,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  }));
  server = await startCannedStubs(run);
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (run?.out) await rm(run.out, { recursive: true, force: true });
});

describe('the canned stubs', () => {
  it('answer every hostile request the operations accept inside their contract', async () => {
    const outcome = await badInputStage(run, server!);
    expect(outcome.findings.filter((finding) => finding.fails)).toEqual([]);
  }, 60_000);

  it.each([
    ['an operation that documents no success, its redirect', '/items/i1/page', 302, {}],
    ['an operation that documents only default, as a 200 with a JSON string', '/packages', 200, 'example'],
  ])('answer %s', async (_, target, status, body) => {
    const response = await fetch(`${server!.url}${target}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(await response.text())).toEqual(body);
  });

  it('send the headers an answer must carry: each its example, else a value of its schema', async () => {
    const response = await fetch(`${server!.url}/tokens`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.has('x-trace')).toBe(false); // optional: an implementation may leave it out
  });

  it('write the properties an object must have though it does not declare them', async () => {
    const body = (await (await fetch(`${server!.url}/apis`)).json()) as Record<string, { info: object }>;
    expect(Object.keys(body).length).toBeGreaterThan(0);
    for (const entry of Object.values(body)) expect(Object.keys(entry.info).length).toBeGreaterThan(0);
  });
});
