/**
 * What this repository adds to the toolkit's commands when they run in it: the toolkit's first
 * user is a repository that also holds a reference service and its dashboard, so here `generate`
 * also bundles the dashboard's UI, `check:generated` checks that bundle, `dev` serves and reloads
 * the service, and `test:contract` runs the suites against the service as well as the mock.
 *
 * Those steps live in home-steps.ts, which imports the service and esbuild and is not part of the
 * contract-kit package (scripts/pack-toolkit.ts leaves it out). They run only where the command's
 * working folder is this checkout; in any other folder, and in the installed package, there are none.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importAtRunTime } from '../../generators/core/run-time-import.js';
import { ROOT } from './root.js';

export interface ServiceUnderTest {
  /** The CONTRACT_* variables that point the suites at it, with its keys. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export interface HomeSteps {
  /** Builds what this repository generates besides the documents (the dashboard's UI) into `out`; one line to print. */
  afterGenerate(out: string): Promise<string>;
  /** Folders under `out` that afterGenerate writes, which the documents' drift check leaves to checkGenerated. */
  extraOutputs: string[];
  /** What differs between those builds and `out` (lines to print), and the line that says they match. */
  checkGenerated(out: string): Promise<{ problems: string[]; ok: string; fix: string }>;
  /** The operation IDs the reference service implements (the dev loop names the others). */
  serviceHandlers(): Promise<Set<string>>;
  /** The command that serves the reference service (the dev loop reloads it on PORT). */
  serviceCommand: string[];
  /** The reference service on a fresh database, with the keys the suites' checks need. */
  startService(): Promise<ServiceUnderTest>;
}

const STEPS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'home-steps.ts');

/** This repository's steps, when the command runs in its checkout; undefined anywhere else. */
export async function homeSteps(): Promise<HomeSteps | undefined> {
  if (path.resolve(process.cwd()) !== ROOT || !existsSync(STEPS)) return undefined;
  // A computed specifier: the installed package has no such file, and imports nothing of the service.
  return ((await importAtRunTime(pathToFileURL(STEPS).href)) as { HOME_STEPS: HomeSteps }).HOME_STEPS;
}
