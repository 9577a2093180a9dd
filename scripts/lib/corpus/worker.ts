/**
 * One spec through the corpus stages, in a process of its own (started by sweep.ts): a crash, a hang
 * or a leak stays with its spec, and the sweep can stop it at the time limit. With `--serve` it runs
 * specs one after another instead (the fixed sample: each start loads the whole toolkit), and a crash
 * or a hang still ends only the spec it happened in. Its input and output: worker-protocol.ts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { StubServer } from '../roundtrip/server.js';
import { normalizeMessage } from './kinds.js';
import { STAGES, type Stage, type StageResult } from './result.js';
import { SERVE_FLAG, WORKER_MARK, type WorkerEvent, type WorkerInput } from './worker-protocol.js';
import { generateStage, pythonStage, type SpecRun, type StageOutcome } from './stages-build.js';
import { typecheckStage } from './typecheck.js';
import { badInputStage, contractStage, roundtripStage, startCannedStubs, stubsStage } from './stages-run.js';

function emit(event: WorkerEvent): void {
  process.stdout.write(`${WORKER_MARK}${JSON.stringify(event)}\n`);
}

/** The stages a stage needs to have passed (bad-input needs the stubs to start, even when their stage is not asked for). */
const NEEDS: Record<Stage, Stage[]> = {
  generate: [],
  typecheck: ['generate'],
  python: ['generate'],
  stubs: ['generate'],
  roundtrip: ['generate'],
  contract: ['generate'],
  'bad-input': ['generate', 'stubs'],
};

/** Errors and rejections no handler took during the current stage (recorded, so the worker runs on to say what the stage did). */
const unhandled: unknown[] = [];

export async function runSpec(
  input: WorkerInput,
  report: (event: WorkerEvent) => void = emit,
): Promise<void> {
  const run: SpecRun = { ...input, out: path.resolve(input.out), names: [input.file] };
  const done = new Map<Stage, StageResult>();
  let server: StubServer | undefined;
  const startServer = async (): Promise<string | undefined> => {
    try {
      server = await startCannedStubs(run);
      return undefined;
    } catch (error) {
      return `the stubs did not start: ${(error as Error).message.split('\n')[0]}`;
    }
  };
  const work: Record<Stage, () => Promise<StageOutcome>> = {
    generate: () => generateStage(run),
    typecheck: () => typecheckStage(run),
    python: () => pythonStage(run),
    stubs: () => stubsStage(run, (started) => (server = started)),
    roundtrip: () => roundtripStage(run),
    contract: () => contractStage(run),
    'bad-input': () => badInputStage(run, server!),
  };
  try {
    // generate always runs: every other stage reads its output.
    const wanted = STAGES.filter((stage) => stage === 'generate' || input.stages.includes(stage));
    for (const stage of wanted) {
      let blocked = NEEDS[stage]
        .filter((need) => need !== 'stubs' || input.stages.includes('stubs'))
        .find((need) => done.get(need)?.status !== 'pass');
      if (!blocked && stage === 'bad-input' && !server) {
        const failed = await startServer();
        if (failed) blocked = 'stubs';
      }
      if (blocked) {
        const result: StageResult = {
          stage,
          status: 'skipped',
          ms: 0,
          findings: [],
          reason: `${blocked} did not pass`,
        };
        done.set(stage, result);
        report({ event: 'end', result });
        continue;
      }
      report({ event: 'start', stage });
      const started = performance.now();
      unhandled.length = 0;
      let outcome: StageOutcome;
      try {
        outcome = await work[stage]();
      } catch (error) {
        // A stage's own failure to run is ours: the stages catch what the spec or a tool causes.
        const message = error instanceof Error ? error.message : String(error);
        outcome = {
          status: 'fail',
          findings: [
            {
              origin: 'ours',
              kind: `${stage}: the stage threw: ${message.split('\n')[0].slice(0, 160)}`,
              detail: (error instanceof Error ? (error.stack ?? message) : message).slice(0, 600),
              fails: true,
            },
          ],
        };
      }
      // A rejection nobody handled would have ended a plain `npm run generate` with a stack trace.
      for (const error of unhandled.splice(0))
        outcome = {
          ...outcome,
          status: 'fail',
          findings: [
            ...outcome.findings,
            {
              origin: 'ours',
              kind: `${stage}: an error nobody handled (the process would crash): ${error instanceof Error ? `${error.name}: ${normalizeMessage(error.message, run.names)}` : typeof error}`,
              detail: (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 600),
              fails: true,
              count: 1,
            },
          ],
        };
      const result: StageResult = { stage, ms: Math.round(performance.now() - started), ...outcome };
      done.set(stage, result);
      report({ event: 'end', result });
    }
  } finally {
    await server?.close();
    if (!input.keep) await rm(input.out, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // A server the stages start runs in this process: what would crash it is a finding of the stage, not the end of the spec.
  process.on('unhandledRejection', (error) => unhandled.push(error));
  process.on('uncaughtException', (error) => unhandled.push(error));
  // Exit once stdout is flushed: a pipe is written asynchronously, and exiting at once could drop the
  // last stage's line behind a long log (the suites' output of a large spec).
  const exit = (code: number) => process.stdout.write('', () => process.exit(code));
  const specs =
    process.argv[2] === SERVE_FLAG ? serveSpecs() : runSpec(JSON.parse(process.argv[2]) as WorkerInput);
  specs.then(
    () => exit(0),
    (error: unknown) => {
      console.error(error);
      exit(1);
    },
  );
}

/** `--serve`: the specs on stdin, one at a time, each followed by `done`. */
async function serveSpecs(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    await runSpec(JSON.parse(line) as WorkerInput);
    emit({ event: 'done' });
  }
}
