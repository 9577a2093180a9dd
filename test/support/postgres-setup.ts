/**
 * vitest globalSetup of the integration and e2e tiers: one embedded PostgreSQL per run, shared by
 * every test file (each test still gets databases of its own, see postgres.ts). It starts in the
 * background (postgres-server.ts, a process of its own) while the first files run, so a run that
 * never touches PostgreSQL waits for nothing; if it cannot start, the error is written where the
 * tests that need it read it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/lib/lint.js';
import { tsxArgs } from '../../scripts/lib/processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server's URL (its `postgres` database), and the file its start error goes to. */
    postgres: { url: string; errorFile: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const errorFile = path.join(tmpdir(), `pg-shared-error-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Node itself with tsx's loader (not the tsx CLI, which runs a second process): its exit means the server is gone.
  const child = spawn(
    process.execPath,
    tsxArgs(fileURLToPath(new URL('./postgres-server.ts', import.meta.url))),
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`the shared PostgreSQL's process exited (${code}) before naming its URL`)),
    );
  });
  lines.on('line', (line) => {
    if (line.startsWith('error: '))
      void writeFile(errorFile, JSON.parse(line.slice('error: '.length)) as string);
  });
  project.provide('postgres', { url, errorFile });
  return async () => {
    child.stdin!.end(); // the server process stops PostgreSQL and exits
    await exited;
    await rm(errorFile, { force: true });
  };
}
