/**
 * vitest globalSetup of the integration and e2e tiers: one embedded PostgreSQL per run, shared by
 * every test file (each test still gets databases of its own, see postgres.ts). It starts in the
 * background while the first files run, so a run that never touches PostgreSQL waits for nothing;
 * if it cannot start, the error is written where the tests that need it read it.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchPostgres } from '../../scripts/lib/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server's URL (its `postgres` database), and the file its start error goes to. */
    postgres: { url: string; errorFile: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchPostgres();
  const errorFile = path.join(tmpdir(), `pg-shared-error-${process.pid}-${randomBytes(4).toString('hex')}`);
  project.provide('postgres', { url: server.url, errorFile });
  server.ready.catch((error: Error) => writeFile(errorFile, error.message));
  return async () => {
    await server.stop();
    await rm(errorFile, { force: true });
  };
}
