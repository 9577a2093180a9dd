/**
 * The global setup of one spec's project in msw-contract-suites.config.ts: what the generated
 * global-setup.ts does (the spec's own contractGlobalSetup over its cases.json), given the
 * project's environment instead of the process's, which every project of the run shares.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { Cases } from '../../generators/plugins/contract-tests/runtime/cases.js';
import type { contractGlobalSetup } from '../../generators/plugins/contract-tests/runtime/global.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const env: Record<string, string | undefined> = { ...process.env, ...project.config.env };
  const suites = env.CONTRACT_SUITES!;
  const global = (await import(pathToFileURL(path.join(suites, 'core', 'global.ts')).href)) as {
    contractGlobalSetup: typeof contractGlobalSetup;
  };
  const cases = JSON.parse(readFileSync(path.join(suites, 'cases.json'), 'utf8')) as Cases;
  return global.contractGlobalSetup(cases, env);
}
