/**
 * The media fixture's Python SDK for the e2e tests that run it (test/e2e/generators/plugins/python/media*):
 * generated from test/fixtures/specs/media-python-3.1.yaml into a fresh directory under .cache, with an
 * echo server that decodes with busboy, qs and URLSearchParams (test/support/media-echo-server.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Ir } from '../../generators/core/ir.js';
import { generate } from '../../generators/pipeline.js';
import { closePythonDrivers } from '../../generators/plugins/python/roundtrip/calls.js';
import { startEchoServer, type EchoServer } from './media-echo-server.js';

export const PYTHON = process.env.PYTHON ?? 'python3';
const SPEC = 'test/fixtures/specs/media-python-3.1.yaml';

export function run(
  command: string,
  args: string[],
  options: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          output: `${stdout}${stderr}`,
        }),
    );
    child.stdin?.end(options.input ?? '');
  });
}

export interface MediaSdk {
  /** The generation's output directory; the SDK is in its `python/` folder. */
  workDir: string;
  sdkDir: string;
  ir: Ir;
  warnings: string[];
  server: EchoServer;
}

/**
 * Generates the SDK and starts the echo server before the calling file's tests, and removes both
 * after them. The fields are filled in `beforeAll`: read them inside tests and hooks only.
 */
export function useMediaSdk(): MediaSdk {
  const sdk = {} as MediaSdk;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    sdk.workDir = await mkdtemp(path.resolve('.cache', 'python-media-'));
    const result = await generate({
      spec: SPEC,
      out: sdk.workDir,
      command: 'test',
      write: true,
      skip: ['sdks'],
      log: () => {},
    });
    sdk.ir = result.ir;
    sdk.warnings = result.warnings;
    sdk.sdkDir = path.join(sdk.workDir, 'python');
    sdk.server = await startEchoServer(sdk.ir);
  });
  afterAll(async () => {
    closePythonDrivers();
    await sdk.server?.close();
    if (sdk.workDir) await rm(sdk.workDir, { recursive: true, force: true });
  });
  return sdk;
}
