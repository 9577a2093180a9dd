/** Running the generated contract suites against a target, as a child vitest process. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { binPath, killTree } from './processes.js';

/** The suites of the document generated into `out` (default generated/): their vitest config. */
export const contractConfig = (out = 'generated') => path.resolve(out, 'contract-tests', 'vitest.config.ts');

export interface SuiteRun {
  code: number;
  output: string;
  /** The run was ended at its time limit (`timeoutMs`). */
  timedOut?: boolean;
}

/**
 * Runs the suites in `configPath` (those whose file names contain a `files` entry, when given;
 * the checks whose names match `testNamePattern`, when given) with the target in `env` (or, with
 * `msw`, the MSW handlers of that module answering in the suites' own processes); streams
 * output when `echo` (to stderr with `echo: 'stderr'`, so stdout stays free for a JSON report);
 * findings become GitHub annotations only with `annotate` (and GITHUB_ACTIONS=true).
 */
export function runContractSuite(
  env: Record<string, string>,
  options: {
    configPath?: string;
    echo?: boolean | 'stderr';
    files?: string[];
    testNamePattern?: string;
    annotate?: boolean;
    /** The MSW handlers module (the msw plugin's msw/index.ts) to check in-process: sets CONTRACT_MSW; the target is named "msw". */
    msw?: string;
    /** Ends the run (vitest and its workers) after this long; its findings so far stay in CONTRACT_FINDINGS_DIR. */
    timeoutMs?: number;
    /**
     * A folder where vitest keeps the suites' modules once transformed (its experimental
     * fsModuleCache, keyed by their content), for a caller that runs the suites many times: each
     * later run skips about a third of a run's start-up CPU.
     */
    moduleCache?: string;
    /** More vitest options (e.g. a second reporter: `--reporter=json --outputFile.json=FILE`). */
    vitestArgs?: string[];
  } = {},
): Promise<SuiteRun> {
  return new Promise((resolve) => {
    const child = spawn(
      binPath('vitest'),
      [
        'run',
        '--config',
        options.configPath ?? contractConfig(),
        '--reporter=verbose',
        '--color=false',
        ...(options.testNamePattern ? ['-t', options.testNamePattern] : []),
        ...(options.moduleCache
          ? ['--experimental.fsModuleCache', `--experimental.fsModuleCachePath=${options.moduleCache}`]
          : []),
        ...(options.vitestArgs ?? []),
        ...(options.files ?? []),
      ],
      {
        // GitHub annotations only from the real run (npm run test:contract), never from tests' planted bugs.
        env: {
          ...process.env,
          ...(options.annotate ? {} : { GITHUB_ACTIONS: '' }),
          ...(options.msw ? { CONTRACT_MSW: path.resolve(options.msw) } : {}),
          ...env,
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const echo = options.echo
      ? new SkippedCounter(options.echo === 'stderr' ? process.stderr : process.stdout)
      : undefined;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      echo?.write(chunk.toString());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killTree(child.pid!);
          }, options.timeoutMs);
    const drained = (stream: Readable) =>
      stream.readableEnded ? Promise.resolve() : new Promise<void>((done) => stream.once('end', done));
    child.on('exit', (code) => {
      clearTimeout(timer);
      // What vitest wrote last may still be in the pipes (a worker it left can hold them open: a second at most).
      void Promise.race([
        Promise.all([drained(child.stdout), drained(child.stderr)]),
        new Promise((done) => setTimeout(done, 1000).unref()),
      ]).then(() => {
        echo?.end();
        resolve({ code: code ?? 1, output, ...(timedOut ? { timedOut } : {}) });
      });
    });
  });
}

/**
 * What a person reads of a run: every line but the checks skipped as not applicable, which are
 * counted by reason and said at the end in a line each. On a stateless mock the bad-input stage
 * alone is thousands of them (Trello: 6,283 of 8,668 lines), all for one reason; the suites list
 * the API stage's by name too ("Not applicable on …"). What a caller gets (`output`) keeps them.
 */
export class SkippedCounter {
  private partial = '';
  private readonly reasons = new Map<string, number>();

  constructor(private readonly out: NodeJS.WritableStream) {}

  write(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    const shown = lines.filter((line) => !this.skipped(line));
    if (shown.length > 0) this.out.write(`${shown.join('\n')}\n`);
  }

  end(): void {
    if (this.partial && !this.skipped(this.partial)) this.out.write(`${this.partial}\n`);
    this.partial = '';
    for (const [reason, count] of this.reasons)
      this.out.write(` ↓ ${count} check(s) not applicable, not listed one by one: ${reason}\n`);
  }

  /** A skipped check's line (vitest's verbose reporter: ` ↓ file > … > name [not applicable: why]`), counted. */
  private skipped(line: string): boolean {
    const reason = /^\s*↓ .*\[not applicable: (.*)\]$/.exec(line)?.[1];
    if (reason === undefined) return false;
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
    return true;
  }
}
