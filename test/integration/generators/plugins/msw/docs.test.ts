/**
 * docs/zod-msw.md's blocks, run as written (its client validation block is
 * client-validation.test.ts's): the zod block on a subject from mock data and on a broken one, the
 * MSW block (a default answer, then a 404 override) and the resolver block (a typed body kept and
 * read back, a typed query) with tsx, each in a process of its own, so its msw server is the only
 * one there, and the command that runs the committed contract suites of our spec
 * against the committed handlers (`CONTRACT_MSW=…`). Starts: tsx and `sh -c` child processes; no
 * socket is opened (msw intercepts fetch).
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { blockWith, docBlocks } from '../../../../support/doc-blocks.js';

/** Runs a command to its end: its exit code and everything it printed. */
function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string; stdout: string }>((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, CI: '1', ...env } });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((output += chunk), (stdout += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (exit) => resolve({ code: exit, output, stdout }));
  });
}

const BLOCKS = path.join(ROOT, '.cache', `docs-zod-msw-blocks-${process.pid}`);
afterAll(() => rm(BLOCKS, { recursive: true, force: true }));

/** A TypeScript block of the page written into .cache with its imports pointed at the generated packages. */
async function blockFile(marker: string, name: string): Promise<string> {
  const code = blockWith(await docBlocks('zod-msw.md'), 'ts', marker, 'zod-msw.md')
    .replace("'assessment-service-client'", JSON.stringify(path.join(ROOT, 'generated/client/src/index.ts')))
    .replace("'./generated/zod/index.js'", JSON.stringify(path.join(ROOT, 'generated/zod/index.ts')))
    .replace("'./generated/msw/index.js'", JSON.stringify(path.join(ROOT, 'generated/msw/index.ts')))
    .replace(
      "'./generated/mock-data/index.js'",
      JSON.stringify(path.join(ROOT, 'generated/mock-data/index.ts')),
    );
  await mkdir(BLOCKS, { recursive: true });
  const file = path.join(BLOCKS, name);
  await writeFile(file, code);
  return file;
}

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

it("runs docs/zod-msw.md's zod block: a subject parses, a broken one is reported by path", async () => {
  const file = await blockFile('Subject.safeParse', 'zod.mts');
  const good = await run(TSX, [file], { SUBJECT_JSON: JSON.stringify(mockSubject({ seed: 3 })) });
  expect(good.code, good.output).toBe(0);
  expect(good.stdout.split('\n').slice(0, 2)).toEqual([
    mockSubject({ seed: 3 }).id,
    "[ 'application/json' ]",
  ]);
  const broken = await run(TSX, [file], {
    SUBJECT_JSON: JSON.stringify({ ...mockSubject({ seed: 3 }), livemode: 'no' }),
  });
  expect(broken.code, broken.output).toBe(0);
  expect(broken.output).toMatch(/livemode: /);
}, 120_000);

it("runs docs/zod-msw.md's MSW block: the example answers, the override raises NotFoundError", async () => {
  const file = await blockFile('setupServer(...handlers)', 'msw.mts');
  const result = await run(TSX, [file]);
  expect(result.code, result.output).toBe(0);
  expect(result.stdout.trim().split('\n')).toEqual(['subject', '404']);
}, 120_000);

it("runs docs/zod-msw.md's resolver block: the body is kept and read back, the query is a number", async () => {
  const file = await blockFile('listSubjectsHandler({', 'resolver.mts');
  const result = await run(TSX, [file]);
  expect(result.code, result.output).toBe(0);
  expect(result.stdout.trim().split('\n')).toEqual(['research', 'limit 3']);
}, 120_000);

it("runs docs/zod-msw.md's command: the suites pass against the handlers, naming what does not apply", async () => {
  const command = blockWith(await docBlocks('zod-msw.md'), 'sh', 'CONTRACT_MSW=', 'zod-msw.md').trim();
  const { code, output } = await run('sh', ['-c', command]);
  expect(code, output.slice(-3000)).toBe(0);
  expect(output).toContain('Not applicable on msw:');
  // Checks ran and passed (the stateless and input-refusing ones are skipped under their own names).
  expect(output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+\d+ passed/);
}, 300_000);
