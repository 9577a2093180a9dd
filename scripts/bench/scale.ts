/**
 * Scale: GitHub's whole spec (1,2xx operations, 13 MB) through the stages the tests run on a fixed
 * sample of it (scripts/lib/spec-sample.ts): generation, a strict typecheck of the client and the
 * stubs, pyright strict on the Python SDK, and the TypeScript round trip of every operation. Each
 * stage reports its time on the whole spec against the sample's, measured in the same run, and
 * whether the whole spec is as clean as the sample (no errors, every operation round-trips); the
 * tests hold the sample to that, so what this adds is the proof that size breaks nothing.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from '../../generators/pipeline.js';
import { GITHUB_SAMPLE, GITHUB_SPEC } from '../lib/public-specs.js';
import { runRoundtrip } from '../lib/roundtrip/run.js';
import type { BenchRow } from './report.js';

interface StageResult {
  ms: number;
  /** Errors found (0 is clean), or operations that did not round-trip. */
  problems: number;
  detail: string;
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, output: `${stdout}${stderr}` }),
    ),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function stagesOf(
  spec: string,
  progress: (line: string) => void,
): Promise<Record<string, StageResult>> {
  // Inside the repository, so the generated stubs resolve fastify from its node_modules.
  await mkdir(path.resolve('.cache'), { recursive: true });
  const out = await mkdtemp(path.resolve('.cache', 'bench-scale-'));
  try {
    const [generated, generateMs] = await timed(() =>
      generate({ spec, out, command: 'npm run bench -- scale', write: true, skip: ['sdks'], log: () => {} }),
    );
    const operations = generated.ir.operations.length;
    progress(
      `  scale: ${path.basename(spec)}: generated ${operations} operations in ${generateMs.toFixed(0)} ms`,
    );
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    };
    await writeFile(
      path.join(out, 'tsconfig.server.json'),
      JSON.stringify({ compilerOptions, include: ['server/**/*.ts', 'types/**/*.ts'] }),
    );
    const tsc = path.resolve('node_modules/.bin/tsc');
    const [typecheck, typecheckMs] = await timed(() =>
      run(tsc, [
        '-b',
        path.join(out, 'client/tsconfig.json'),
        path.join(out, 'tsconfig.server.json'),
        '--pretty',
        'false',
      ]),
    );
    const tsErrors = typecheck.output.split('\n').filter((line) => line.includes('error TS')).length;
    progress(`  scale: ${path.basename(spec)}: tsc ${tsErrors} error(s) in ${typecheckMs.toFixed(0)} ms`);
    const pythonDir = path.join(out, 'python');
    const pkg = (await readdir(pythonDir)).find((name) => !name.includes('.'))!;
    await writeFile(
      path.join(out, 'pyrightconfig.json'),
      JSON.stringify({
        typeCheckingMode: 'strict',
        pythonVersion: '3.9',
        include: [`python/${pkg}`],
        executionEnvironments: [{ root: 'python' }],
      }),
    );
    const [pyright, pyrightMs] = await timed(() =>
      run(path.resolve('node_modules/.bin/pyright'), ['--outputjson', '-p', out]),
    );
    let pyErrors = 1;
    try {
      pyErrors = (JSON.parse(pyright.stdout) as { summary: { errorCount: number } }).summary.errorCount;
    } catch {
      // No report: counted as one error, with what it printed below.
    }
    progress(`  scale: ${path.basename(spec)}: pyright ${pyErrors} error(s) in ${pyrightMs.toFixed(0)} ms`);
    const [roundtrip, roundtripMs] = await timed(() => runRoundtrip({ spec, languages: ['ts'], runs: 1 }));
    progress(
      `  scale: ${path.basename(spec)}: round trip ${roundtrip.passed}/${roundtrip.operations} in ${roundtripMs.toFixed(0)} ms`,
    );
    return {
      generate: { ms: generateMs, problems: 0, detail: `${operations} operations` },
      'strict typecheck (client and stubs)': {
        ms: typecheckMs,
        problems: tsErrors,
        detail: `${tsErrors} error(s)`,
      },
      'pyright strict (Python SDK)': { ms: pyrightMs, problems: pyErrors, detail: `${pyErrors} error(s)` },
      'round trip (TypeScript)': {
        ms: roundtripMs,
        problems: roundtrip.operations - roundtrip.passed,
        detail: `${roundtrip.passed}/${roundtrip.operations} operations`,
      },
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

export async function benchScale(progress: (line: string) => void): Promise<BenchRow[]> {
  const sample = await stagesOf(GITHUB_SAMPLE, progress);
  const whole = await stagesOf(GITHUB_SPEC, progress);
  return Object.entries(whole).map(([stage, result]) => ({
    benchmark: `GitHub's whole spec: ${stage}`,
    baseline: `its 150-operation sample ${(sample[stage].ms / 1000).toFixed(1)} s (${sample[stage].detail})`,
    measured: `${(result.ms / 1000).toFixed(1)} s (${result.detail})`,
    ratio: result.ms / sample[stage].ms,
    goal: 'as clean as the sample',
    met: result.problems === 0,
  }));
}
