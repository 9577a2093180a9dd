/**
 * The generated Fastify stubs' typed handler map (generated/server): tsc accepts a handler that
 * returns the documented shape and refuses wrong shapes at compile time (one tsc run for all three).
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
  const header = `import type { Handlers } from '${path.resolve('generated/server/index.js')}';\n`;
  const SOURCES = {
    ok: `${header}export const ok: Handlers['getHealth'] = async () => ({ status: 'ok' as const });\n`,
    wrongShape: `${header}export const bad: Handlers['getHealth'] = async () => ({ status: 'fine', uptime: 'long' });\n`,
    unknownField: `${header}export const bad: Handlers['createSubject'] = async (request) => { void request.body.nickname; return undefined as never; };\n`,
  };
  type Name = keyof typeof SOURCES;
  /**
   * One tsc run over the three handler files (one compiler start instead of three); each file's
   * diagnostics are the lines that name it, with their indented continuations. Whatever names
   * neither refused file (an error in the generated stubs themselves) counts against `ok`.
   */
  let compiled: Promise<Record<Name, string>> | undefined;
  const diagnostics = (name: Name) =>
    (compiled ??= (async () => {
      const files = Object.fromEntries(
        Object.keys(SOURCES).map((key) => [key, path.join(workDir, `handler-${key}.ts`)]),
      ) as Record<Name, string>;
      for (const key of Object.keys(SOURCES) as Name[]) await writeFile(files[key], SOURCES[key]);
      const stdout = await new Promise<string>((resolve) =>
        execFile(
          TSC,
          [
            '--noEmit',
            '--strict',
            '--skipLibCheck',
            '--module',
            'NodeNext',
            '--moduleResolution',
            'NodeNext',
            '--target',
            'ES2022',
            '--pretty',
            'false',
            ...Object.values(files),
          ],
          (error, out) => resolve(error ? out : ''),
        ),
      );
      const byFile: Record<Name, string> = { ok: '', wrongShape: '', unknownField: '' };
      let current: Name = 'ok';
      for (const line of stdout.split('\n').filter(Boolean)) {
        if (!/^\s/.test(line))
          current =
            (Object.keys(files) as Name[]).find(
              (key) => key !== 'ok' && line.includes(`${path.basename(files[key])}(`),
            ) ?? 'ok';
        byFile[current] += `${line}\n`;
      }
      return byFile;
    })()).then((byFile) => byFile[name]);

  it('accepts a handler that returns the documented shape', async () => {
    expect(await diagnostics('ok')).toBe('');
  });

  it('refuses a handler that returns the wrong shape', async () => {
    const errors = await diagnostics('wrongShape');
    expect(errors).toMatch(/error TS2322/);
  });

  it('refuses a handler that reads a body field the spec does not have', async () => {
    const errors = await diagnostics('unknownField');
    expect(errors).toMatch(/nickname/);
  });
});
