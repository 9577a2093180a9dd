/**
 * A fixture spec's generated server stubs in a Fastify app, for the tests that hold the stubs'
 * runtime to a kind of spec (odd paths, refusal statuses, bodies on GET, …): generation into a
 * folder under .cache, inside the repository so that generated code resolves fastify; the app is
 * registered but not listening (a test listens on a socket or uses inject, as it needs).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { serverOptions } from '../../generated/server/index.js';
import { generate, type GenerateResult } from '../../generators/pipeline.js';

export interface FixtureStubs {
  app: FastifyInstance;
  /** The generated output (removed by `close`). */
  dir: string;
  /** What the generation reported. */
  generated: GenerateResult;
  /** Stops the app and removes the generated output. */
  close(): Promise<void>;
}

export async function fixtureStubs(
  spec: string,
  options: {
    /** The operations' handlers by operationId; an operation without one answers as the runtime does. */
    handlers?: Record<string, unknown>;
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<FixtureStubs> {
  await mkdir(path.resolve('.cache'), { recursive: true });
  const dir = await mkdtemp(path.resolve('.cache', `${path.basename(spec).replace(/\.\w+$/, '')}-`));
  const generated = await generate({
    spec,
    out: dir,
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(dir, 'server', 'index.ts'));
  const app = Fastify({
    ...(stubs.serverOptions as typeof serverOptions)(),
    logger: options.logger ?? false,
  });
  await app.register(stubs.routesPlugin, { handlers: options.handlers ?? {}, onUnimplemented: () => {} });
  return {
    app,
    dir,
    generated,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
