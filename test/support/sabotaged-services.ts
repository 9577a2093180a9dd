/**
 * Sabotaged services (sabotaged-service.ts) as contract targets, all served by one process
 * (sabotaged-services-server.ts): each on a fresh database with the run's keys, as
 * startServiceTarget makes them, but without a start of the service's code per service (about
 * 1.8 CPU-seconds each, most of a sabotage case's fixed cost besides the suites' own vitest).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { prepareServiceTarget } from '../../scripts/lib/contract.js';
import { ROOT } from '../../scripts/lib/root.js';
import type { Sabotage } from './sabotaged-service.js';
import { tsxArgs } from '../../scripts/lib/processes.js';

/** What starts each of the server's answer lines on its stdout. */
export const ANSWER = 'sabotaged-services: ';

export interface SabotagedTarget {
  /** The suites' environment (startServiceTarget's `env`). */
  env: Record<string, string>;
  /** Stops the service and removes its database. */
  stop: () => Promise<void>;
}

export interface SabotagedServices {
  start: (sabotage: Sabotage) => Promise<SabotagedTarget>;
  /** Stops every service and the process serving them. */
  close: () => Promise<void>;
}

/** Starts the serving process; it is ready for requests at once (they wait for its start). */
export function startSabotagedServices(): SabotagedServices {
  // Node itself with tsx's loader (not the tsx CLI, which runs a second process).
  const child = spawn(
    process.execPath,
    tsxArgs(fileURLToPath(new URL('./sabotaged-services-server.ts', import.meta.url))),
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  let exited: string | undefined;
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith(ANSWER)) {
      output += `${line}\n`;
      return;
    }
    const answer = JSON.parse(line.slice(ANSWER.length)) as Answer;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiting?.reject(new Error(`sabotaged services: ${answer.error}`));
    else waiting?.resolve(answer);
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A write after the process died fails here; the exit below already rejected what waits.
  child.stdin.on('error', () => undefined);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `the sabotaged services' process exited (${code ?? signal}):\n${output.slice(-3000)}`;
      for (const waiting of pending.values()) waiting.reject(new Error(exited));
      pending.clear();
      resolve();
    }),
  );

  let next = 0;
  const ask = (request: object) =>
    new Promise<Answer>((resolve, reject) => {
      if (exited) return reject(new Error(exited));
      const id = ++next;
      pending.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });

  return {
    async start(sabotage) {
      const prepared = await prepareServiceTarget();
      let url: string;
      try {
        ({ url } = (await ask({
          start: { sabotage, env: { ...prepared.serviceEnv, SABOTAGE: sabotage } },
        })) as Answer & { url: string });
      } catch (error) {
        await prepared.remove();
        throw error;
      }
      return {
        env: prepared.targetEnv(url),
        stop: async () => {
          try {
            // A process that died stopped its services with it.
            if (!exited) await ask({ stop: url });
          } finally {
            await prepared.remove();
          }
        },
      };
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

interface Answer {
  id: number;
  url?: string;
  error?: string;
}
