/**
 * The run around the suites (vitest globalSetup): the configuration check before any suite, a
 * findings folder every suite process writes to, and at the end the report per class (printed),
 * as JSON (CONTRACT_REPORT=path) and as GitHub Actions annotations (when GITHUB_ACTIONS is set).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cases } from './cases.js';
import { ConfigurationError } from './findings.js';
import { preflight } from './preflight.js';
import { buildReport, formatReport, githubAnnotations, readProblems } from './report.js';
import { targetFromEnv } from './target.js';

export async function contractGlobalSetup(
  cases: Cases,
  env: Record<string, string | undefined> = process.env,
): Promise<() => void> {
  let name: string;
  try {
    const target = targetFromEnv(env);
    name = target.name;
    await preflight(target, cases, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // One message and no stack: nothing ran, and the message says what to fix.
    console.error(`\ncontract configuration: ${error.message}\n`);
    process.exit(2);
  }
  // The suites run in worker processes started after this, which inherit the variable.
  const own = !env.CONTRACT_FINDINGS_DIR;
  const dir = env.CONTRACT_FINDINGS_DIR ?? mkdtempSync(path.join(tmpdir(), 'contract-findings-'));
  mkdirSync(dir, { recursive: true });
  env.CONTRACT_FINDINGS_DIR = dir;
  return () => {
    const report = buildReport(
      readProblems(dir),
      {
        target: name,
        specDigest: cases.specDigest,
        locations: cases.locations,
      },
      env,
    );
    console.log(`\n${formatReport(report)}\n`);
    if (env.CONTRACT_REPORT) {
      mkdirSync(path.dirname(path.resolve(env.CONTRACT_REPORT)), { recursive: true });
      writeFileSync(env.CONTRACT_REPORT, `${JSON.stringify(report, null, 2)}\n`);
      // Unnamed where the caller reads the file and removes it (test:contract names its own).
      if (env.CONTRACT_REPORT_UNNAMED !== 'true')
        console.log(`contract report written to ${env.CONTRACT_REPORT}`);
    }
    if (env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(report)) console.log(line);
    if (own) rmSync(dir, { recursive: true, force: true });
  };
}
