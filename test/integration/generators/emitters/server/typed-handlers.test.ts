/**
 * The generated Fastify stubs' typed handler map (generated/server): tsc accepts a handler that
 * returns the documented shape and refuses wrong shapes at compile time.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let workDir: string;
beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'typed-handlers-')); // inside the repo, so the handler files resolve fastify's types
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('typed handler map', () => {
  const TSC = path.resolve('node_modules/.bin/tsc');
  const compile = async (source: string) => {
    const file = path.join(workDir, `handler-${Math.random().toString(36).slice(2)}.ts`);
    await writeFile(file, source);
    return new Promise<string>((resolve) =>
      execFile(TSC, ['--noEmit', '--strict', '--skipLibCheck', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', file], (error, stdout) => resolve(error ? stdout : '')),
    );
  };
  const header = `import type { Handlers } from '${path.resolve('generated/server/index.js')}';\n`;

  it('accepts a handler that returns the documented shape', async () => {
    expect(await compile(`${header}export const ok: Handlers['getHealth'] = async () => ({ status: 'ok' as const });\n`)).toBe('');
  });

  it('refuses a handler that returns the wrong shape', async () => {
    const errors = await compile(`${header}export const bad: Handlers['getHealth'] = async () => ({ status: 'fine', uptime: 'long' });\n`);
    expect(errors).toMatch(/error TS2322/);
  });

  it('refuses a handler that reads a body field the spec does not have', async () => {
    const errors = await compile(`${header}export const bad: Handlers['createSubject'] = async (request) => { void request.body.nickname; return undefined as never; };\n`);
    expect(errors).toMatch(/nickname/);
  });
});
