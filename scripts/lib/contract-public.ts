/**
 * The generated contract suites of a public spec against Prism mocking that spec, as a new user
 * would try them: generate, mock, run, read the report. Used by `npm run test:contract:public`
 * (every spec of the corpus) and by test/e2e/generators/plugins/contract-tests/public-specs.test.ts (a handful).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Report } from '../../generators/plugins/contract-tests/runtime/report.js';
import { generate } from '../../generators/pipeline.js';
import { runContractSuite, type SuiteRun } from './contract.js';
import { ROOT } from './root.js';
import { PRISM_LISTENING } from './mock.js';
import { binPath, listeningUrl, startProcess, waitForHttp } from './processes.js';

export { PUBLIC_SPECS } from './public-specs.js';

export interface PublicRun {
  name: string;
  spec: string;
  run: SuiteRun;
  /** The end-of-run report; undefined when the suites did not run to the end. */
  report?: Report;
  /** Where the report is written, every finding in full. */
  reportFile: string;
  seconds: number;
  /** How often Prism crashed and was started again. */
  prismRestarts: number;
}

/**
 * Generates the suites of `spec` into .cache/contract-public/<name>, mocks it with Prism and runs
 * them; with `generated`, uses the suites and mock document already generated into that folder.
 */
export async function runAgainstPrism(
  name: string,
  spec: string,
  env: Record<string, string> = {},
  options: { echo?: boolean; testNamePattern?: string; generated?: string; timeoutMs?: number } = {},
): Promise<PublicRun> {
  const started = Date.now();
  const out = options.generated ?? path.join(ROOT, '.cache', 'contract-public', name);
  if (!options.generated) {
    await rm(out, { recursive: true, force: true });
    await mkdir(out, { recursive: true });
    await generate({
      spec,
      out,
      command: `npm run generate -- --spec ${spec} --out ${path.relative(ROOT, out)}`,
      write: true,
      skip: ['sdks', 'python'],
      log: () => {},
    });
  }
  // The first start on port 0 (the kernel's choice, read from Prism's start line); restarts on that port.
  let port = 0;
  const start = () =>
    startProcess(binPath('prism'), [
      'mock',
      path.join(out, 'mock', 'openapi.json'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ]);
  let prism = start();
  // Prism crashes on some valid requests (an optional array header left out): it is brought back,
  // the suites wait for it (their transport waits out refused connections), and the request it
  // dropped stays a mock finding.
  let stopping = false;
  let restarts = 0;
  const supervise = (running: typeof prism) =>
    running.child.once('exit', () => {
      if (stopping) return;
      restarts += 1;
      prism = start();
      supervise(prism);
    });
  supervise(prism);
  const reportFile = path.join(out, 'report.json');
  try {
    // Prism answers any path once it has read the spec (GitHub's takes a while).
    port = Number(new URL(await listeningUrl(prism, PRISM_LISTENING, 300_000)).port);
    await waitForHttp(`http://127.0.0.1:${port}/`, prism, 300_000);
    const run = await runContractSuite(
      {
        CONTRACT_TARGET_NAME: `Prism mocking ${name}`,
        CONTRACT_BASE_URL: `http://127.0.0.1:${port}`,
        CONTRACT_STATEFUL: 'false',
        CONTRACT_MOCK: 'true',
        CONTRACT_REPORT: reportFile,
        ...env,
      },
      {
        configPath: path.join(out, 'contract-tests', 'vitest.config.ts'),
        echo: options.echo,
        ...(options.testNamePattern ? { testNamePattern: options.testNamePattern } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      },
    );
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as Report)
      : undefined;
    return {
      name,
      spec,
      run,
      report,
      reportFile,
      seconds: Math.round((Date.now() - started) / 1000),
      prismRestarts: restarts,
    };
  } finally {
    stopping = true;
    await prism.stop();
  }
}
