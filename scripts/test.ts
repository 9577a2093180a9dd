/**
 * `npm test`, every gate, as CI runs it, in three phases on all cores:
 *   1. lint, code style (ESLint, Prettier), check:generated, typecheck and the unit tier, side by side (minutes of CPU, no waiting);
 *   2. once they all pass, the integration tier and test:contract, side by side;
 *   3. then the e2e tier. Side by side with the integration tier, each tier's files took 3 to 12
 *      times as long as alone (two cores shared by some ten processes: the e2e tier alone took
 *      542 s, beside integration about 1,300 s), and tests ran out of their time.
 * Phase 1 output is printed per step when it ends; phases 2 and 3 stream, each line prefixed with its
 * step. Every step's time is printed, and a table of all of them at the end; above it, a streamed
 * step that failed has its failure lines and last lines printed again (lib/failure-recap.ts). Exits 1
 * when any step fails (a phase does not start after a failure in an earlier one).
 */
import { spawn } from 'node:child_process';
import { FailureRecap } from './lib/failure-recap.js';
import { ROOT } from './lib/root.js';

interface Step {
  name: string;
  script: string;
}

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
  /** A streamed step that failed: what to print again above the table. */
  recap?: string[];
}

const PHASES: Array<{ stream: boolean; steps: Step[] }> = [
  {
    stream: false,
    steps: [
      { name: 'lint', script: 'lint' },
      { name: 'code style', script: 'lint:code' },
      { name: 'check:generated', script: 'check:generated' },
      { name: 'typecheck', script: 'typecheck' },
      { name: 'unit', script: 'test:unit' },
    ],
  },
  {
    stream: true,
    steps: [
      { name: 'integration', script: 'test:integration' },
      { name: 'contract', script: 'test:contract' },
    ],
  },
  { stream: true, steps: [{ name: 'e2e', script: 'test:e2e' }] },
];

// The steps write into pipes: colours when this runs in a terminal, none in a log (CI). Some tools
// colour whenever FORCE_COLOR is set at all, whatever its value, so only one of the two is set.
const COLOR: Record<string, string> =
  process.env.NO_COLOR !== undefined || process.env.FORCE_COLOR !== undefined
    ? {}
    : process.stdout.isTTY
      ? { FORCE_COLOR: '1' }
      : { NO_COLOR: '1' };
const width = Math.max(...PHASES.flatMap((phase) => phase.steps.map((step) => step.name.length)));
const seconds = (since: number) => (performance.now() - since) / 1000;

function run(step: Step, stream: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', step.script], {
      cwd: ROOT,
      env: { ...process.env, ...COLOR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const buffered: string[] = [];
    const recap = new FailureRecap();
    const prefix = `${step.name.padEnd(width)} │ `;
    let partial = '';
    const keep = (line: string) => {
      if (!stream) return void buffered.push(line);
      process.stdout.write(`${prefix}${line}\n`);
      recap.add(line);
    };
    const take = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) keep(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      if (partial) keep(partial);
      const outcome: Outcome = {
        name: step.name,
        ok: code === 0,
        seconds: seconds(started),
        ...(stream && code !== 0 ? { recap: recap.lines() } : {}),
      };
      if (!stream && buffered.length > 0)
        process.stdout.write(`── ${step.name} ──\n${buffered.join('\n')}\n`);
      console.log(
        `test: ${step.name} ${outcome.ok ? 'passed' : `FAILED (exit ${code})`} in ${outcome.seconds.toFixed(1)} s`,
      );
      resolve(outcome);
    });
  });
}

const started = performance.now();
const outcomes: Outcome[] = [];
for (const [index, phase] of PHASES.entries()) {
  const phaseStarted = performance.now();
  console.log(`test: phase ${index + 1}: ${phase.steps.map((step) => step.name).join(', ')}, side by side`);
  outcomes.push(...(await Promise.all(phase.steps.map((step) => run(step, phase.stream)))));
  console.log(`test: phase ${index + 1} took ${seconds(phaseStarted).toFixed(1)} s`);
  if (outcomes.some((outcome) => !outcome.ok)) break;
}

for (const outcome of outcomes) {
  if (outcome.recap)
    console.log(
      `\n── ${outcome.name} FAILED; again, its failure lines ──\n${outcome.recap.length > 0 ? outcome.recap.join('\n') : '(it printed nothing)'}`,
    );
}
console.log(`\ntest: ${'step'.padEnd(width)}    time   result`);
for (const outcome of outcomes)
  console.log(
    `test: ${outcome.name.padEnd(width)}  ${outcome.seconds.toFixed(1).padStart(6)} s  ${outcome.ok ? 'passed' : 'FAILED'}`,
  );
const skipped = PHASES.flatMap((phase) => phase.steps).filter(
  (step) => !outcomes.some((outcome) => outcome.name === step.name),
);
for (const step of skipped)
  console.log(`test: ${step.name.padEnd(width)}       -    not run (an earlier step failed)`);
const failed = outcomes.filter((outcome) => !outcome.ok);
console.log(
  `test: ${failed.length === 0 && skipped.length === 0 ? 'every gate passed' : `FAILED: ${failed.map((outcome) => outcome.name).join(', ')}`} in ${seconds(started).toFixed(1)} s`,
);
process.exitCode = failed.length === 0 && skipped.length === 0 ? 0 : 1;
