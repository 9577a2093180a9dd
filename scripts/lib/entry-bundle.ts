/**
 * The service's entry points (the server, its operator CLIs) and the test servers around them,
 * each bundled into one ES module (bin/bundle.mjs), for the processes that tests and scripts
 * start (issue 44: `npm test` starts some 160 of them). Through tsx's loader a service start took
 * 1.1 CPU-s and an operator CLI's run 0.8, where the bundle takes 0.55 and 0.3. `npm run serve` and
 * the CLIs' npm scripts still run through tsx, and tests that start them that way keep doing so.
 */
import { bundledEntry } from '../../bin/bundle.mjs';
import { ROOT } from './root.js';

/** The bundle of `entry` (a TypeScript file of this repository), built when absent or stale. */
export async function entryBundle(entry: string): Promise<string> {
  return bundledEntry(entry, ROOT);
}

/** Node's arguments to run `entry`'s bundle with `args`: `spawn(process.execPath, await bundledArgs(...))`. */
export async function bundledArgs(entry: string, ...args: string[]): Promise<string[]> {
  return [await entryBundle(entry), ...args];
}
