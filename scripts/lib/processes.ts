/**
 * Child processes for long-running tools (Prism, servers): start, wait until they answer,
 * stop them with their whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT } from './lint.js';

export const binPath = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed so far (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export function startProcess(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; inherit?: boolean } = {}): RunningProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    detached: true, // own process group, so stop() also ends the tool's children
    stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls url until it answers (any status) or the process exits or the timeout passes. */
export async function waitForHttp(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`process exited (${running.child.exitCode}) before answering ${url}:\n${running.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      // A refused connection costs nothing: poll often, so a caller waits at most a few ms past the start.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${running.output()}`);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
