/**
 * `npm run test:contract [-- --spec PATH] [--report json]`: the generated contract suites of the
 * config's first document (or the listed document --spec names) against the Prism mock of that
 * document (a mock: stateful checks are reported as not applicable, by name, and what it gets
 * wrong is a mock finding) and, in this repository, against the reference service on a fresh
 * database with a second account's key for the cross-tenant checks (home.ts). With
 * CONTRACT_BASE_URL (and CONTRACT_API_KEY, ...) set, against that target alone. Each run ends with
 * its report per class; `--report json` prints the reports as one JSON document on stdout instead
 * (the suites' output goes to stderr), and CONTRACT_REPORT=path writes that document to a file.
 * Exits 1 when a finding fails the run (target, suite; spec too with CONTRACT_STRICT_SPEC=true,
 * the default for this repository's own spec).
 */
import { existsSync } from 'node:fs';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '../generators/plugins/contract-tests/runtime/report.js';
import { failCli, parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run test:contract [-- --spec PATH] [--report json]
  The generated contract suites of the first document contract-kit.config.ts lists (or of the
  listed document --spec names), from its output folder, against the Prism mock of that document
  (in the contract-kit repository, also against its reference service); with CONTRACT_BASE_URL (and CONTRACT_API_KEY, ...)
  set, against that target alone. Spec findings fail the run with CONTRACT_STRICT_SPEC=true.
  --report json   print the reports as one JSON document on stdout (the suites' output on stderr)`;

const { values } = parseCliArgs(
  'test:contract',
  USAGE,
  { spec: { type: 'string' }, report: { type: 'string' } },
  false,
);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { contractConfig, runContractSuite } = await import('./lib/contract-suite.js');
const { homeSteps } = await import('./lib/home.js');
const { startMock } = await import('./lib/mock.js');
const { chosenDocument } = await import('./lib/project.js');
if (values.report !== undefined && values.report !== 'json')
  failCli('test:contract', `--report takes json (got ${values.report})`);
const json = values.report === 'json';
const { spec, listed } = await chosenDocument('test:contract', values.spec);
if (!listed) failCli('test:contract', `${spec} is not a document contract-kit.config.ts lists`);
const configPath = contractConfig(listed.out);
const mockSpec = path.resolve(listed.out, 'mock', 'openapi.json');
for (const [file, plugin] of [
  [configPath, 'contract-tests'],
  ...(process.env.CONTRACT_BASE_URL ? [] : [[mockSpec, 'mock-document']]),
])
  if (!existsSync(file))
    failCli(
      'test:contract',
      `no ${path.relative(process.cwd(), file)}: run \`npm run generate\` first (with the ${plugin} plugin among ${spec}'s plugins)`,
    );
// With --report json, stdout carries the JSON alone.
const say = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const echo = json ? ('stderr' as const) : true;
const reportsDir = await mkdtemp(path.join(tmpdir(), 'contract-reports-'));
const results: Array<{ target: string; code: number; output?: string; report?: Report }> = [];

async function run(target: string, env: Record<string, string>): Promise<void> {
  const reportFile = path.join(reportsDir, `${results.length}.json`);
  say(`contract: ${target}`);
  // The suites write their report where this script reads it, and do not name that file: it is
  // removed at the end, and CONTRACT_REPORT, if set, gets the reports of every target.
  const result = await runContractSuite(
    { ...env, CONTRACT_REPORT: reportFile, CONTRACT_REPORT_UNNAMED: 'true' },
    { configPath, echo, annotate: true },
  );
  const report = await readFile(reportFile, 'utf8').then(
    (text) => JSON.parse(text) as Report,
    () => undefined,
  );
  results.push({ target, ...result, report });
}

try {
  if (process.env.CONTRACT_BASE_URL) {
    // Said before anything is sent: a user pointing the suites at their own service learned it from
    // a record of theirs the suites deleted.
    say(
      `contract: ${process.env.CONTRACT_BASE_URL}: the suites send it every operation of the spec, creates, updates and deletes included, and afterwards delete only what they created of resources an OpenAPI link ties to a delete operation; a write to a record only the spec's example names is sent where its GET answers 404 (CONTRACT_WRITE_EXAMPLES=true sends it anyway): point them at a sandbox, not at data you keep`,
    );
    await run(process.env.CONTRACT_BASE_URL, {});
  } else {
    const home = await homeSteps();
    // This repository's spec against its own targets: the spec is ours to fix, so its findings fail the run too.
    if (home) process.env.CONTRACT_STRICT_SPEC ??= 'true';
    const mock = await startMock(0, '127.0.0.1', { specFile: mockSpec });
    try {
      await run(`Prism mock at ${mock.url}`, {
        CONTRACT_TARGET_NAME: 'Prism mock',
        CONTRACT_BASE_URL: mock.url,
        CONTRACT_STATEFUL: 'false',
        CONTRACT_MOCK: 'true',
      });
    } finally {
      await mock.stop();
    }
    if (home) {
      const service = await home.startService();
      try {
        await run(`reference service at ${service.env.CONTRACT_BASE_URL}`, service.env);
      } finally {
        await service.stop();
      }
    }
  }
} finally {
  await rm(reportsDir, { recursive: true, force: true });
}

/** vitest's "Tests  37 passed | 36 skipped (73)" line, as numbers. */
const count = (output: string | undefined, word: string) =>
  Number(new RegExp(`Tests\\s.*?(\\d+) ${word}`).exec(output ?? '')?.[1] ?? 0);
for (const result of results) {
  const counts = result.report?.counts;
  say(
    `contract: ${result.target}: ${result.code === 0 ? 'passed' : 'FAILED'}${counts ? ` (findings: ${counts.target} target, ${counts.suite} suite, ${counts.mock} mock, ${counts.spec} spec)` : ' (no report: the suites did not run to the end)'}`,
  );
}
const failed = results.reduce(
  (sum, result) =>
    sum +
    count(result.output, 'failed') +
    (result.code !== 0 && count(result.output, 'failed') === 0 ? 1 : 0),
  0,
);
say(
  `contract: ${results.reduce((sum, result) => sum + count(result.output, 'passed'), 0)} passed, ${failed} failed, ${results.reduce((sum, result) => sum + count(result.output, 'skipped'), 0)} skipped`,
);
const document = {
  reports: results.map(
    (result) =>
      result.report ?? {
        target: result.target,
        error: 'the suites did not run to the end',
        exitCode: result.code,
      },
  ),
};
if (json) process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
if (process.env.CONTRACT_REPORT) {
  await writeFile(process.env.CONTRACT_REPORT, `${JSON.stringify(document, null, 2)}\n`);
  say(`contract: reports written to ${process.env.CONTRACT_REPORT}`);
}
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
