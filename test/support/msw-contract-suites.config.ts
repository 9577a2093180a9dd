/**
 * The vitest config of one run of many specs' generated contract suites against their MSW handlers
 * (msw-contract.test.ts): one project per spec, each its generated vitest.config.ts with its own
 * target, findings folder and report in the project's environment (one run shares one process
 * environment, which the generated global setup would read), its own `-t` sample, and its suite
 * files sharing a worker. The plan (MSW_CONTRACT_PLAN, a JSON file of `MswContractProject`s) says
 * which.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

export interface MswContractProject {
  slug: string;
  /** The generated contract-tests/vitest.config.ts. */
  config: string;
  /** The msw plugin's msw/index.ts: the target. */
  msw: string;
  report: string;
  findings: string;
  testNamePattern?: string;
  /** More variables for the suites (CONTRACT_RUNS). */
  env: Record<string, string>;
}

const GLOBAL_SETUP = fileURLToPath(new URL('./msw-contract-global-setup.ts', import.meta.url));

const plan = JSON.parse(readFileSync(process.env.MSW_CONTRACT_PLAN!, 'utf8')) as MswContractProject[];
const projects = await Promise.all(
  plan.map(async (entry): Promise<TestProjectInlineConfiguration> => {
    const generated = (await tsImport(pathToFileURL(entry.config).href, import.meta.url)) as {
      default: { test: NonNullable<TestProjectInlineConfiguration['test']> };
    };
    const suites = path.dirname(entry.config);
    return {
      test: {
        ...generated.default.test,
        name: entry.slug,
        // A worker runs a spec's suite files one after another, its modules (the runtime, Ajv,
        // fast-check, msw) loaded once: the handlers are still started and stopped per file (setup.ts).
        isolate: false,
        root: suites,
        // The generated global setup, with this project's environment (msw-contract-global-setup.ts).
        globalSetup: [GLOBAL_SETUP],
        env: {
          ...entry.env,
          CONTRACT_SUITES: suites,
          CONTRACT_MSW: entry.msw,
          CONTRACT_REPORT: entry.report,
          CONTRACT_FINDINGS_DIR: entry.findings,
        },
        ...(entry.testNamePattern ? { testNamePattern: entry.testNamePattern } : {}),
      },
    };
  }),
);

export default defineConfig({ test: { projects } });
