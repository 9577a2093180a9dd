/**
 * `npm run test:contract`: the generated contract suites against the Prism mock (stateless:
 * stateful checks are reported as not applicable, by name) and against the reference service on a
 * fresh database. With CONTRACT_BASE_URL (and CONTRACT_API_KEY, ...) set, against that target
 * alone. Exits non-zero when any check fails.
 */
import { runContractSuite, startServiceTarget } from './lib/contract.js';
import { startMock } from './lib/mock.js';
import { freePort } from './lib/processes.js';

const results: Array<{ target: string; code: number; output?: string }> = [];

if (process.env.CONTRACT_BASE_URL) {
  console.log(`contract: ${process.env.CONTRACT_BASE_URL}`);
  results.push({ target: process.env.CONTRACT_BASE_URL, ...(await runContractSuite({}, { echo: true })) });
} else {
  const mock = await startMock(await freePort());
  try {
    console.log(`contract: Prism mock at ${mock.url}`);
    results.push({ target: 'Prism mock', ...(await runContractSuite({ CONTRACT_TARGET_NAME: 'Prism mock', CONTRACT_BASE_URL: mock.url, CONTRACT_STATEFUL: 'false' }, { echo: true })) });
  } finally {
    await mock.stop();
  }
  const service = await startServiceTarget();
  try {
    console.log(`contract: reference service at ${service.env.CONTRACT_BASE_URL}`);
    results.push({ target: 'reference service', ...(await runContractSuite(service.env, { echo: true })) });
  } finally {
    await service.server.stop();
  }
}

/** vitest's "Tests  37 passed | 36 skipped (73)" line, as numbers. */
const count = (output: string | undefined, word: string) => Number(new RegExp(`Tests\\s.*?(\\d+) ${word}`).exec(output ?? '')?.[1] ?? 0);
for (const result of results) console.log(`contract: ${result.target}: ${result.code === 0 ? 'passed' : 'FAILED'}`);
const failed = results.reduce((sum, result) => sum + count(result.output, 'failed') + (result.code !== 0 && count(result.output, 'failed') === 0 ? 1 : 0), 0);
console.log(`contract: ${results.reduce((sum, result) => sum + count(result.output, 'passed'), 0)} passed, ${failed} failed, ${results.reduce((sum, result) => sum + count(result.output, 'skipped'), 0)} skipped`);
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
