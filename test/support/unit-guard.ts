/**
 * The unit tier's promise, enforced (vitest setup file of the `unit` project): a unit test starts
 * no process and opens no network socket. Every way Node starts a child process, listens on a
 * socket or connects one (which is also how `fetch` and `http.request` reach a server) throws
 * instead, naming the call and where the test belongs. In-process work (generation into memory
 * or a temporary folder, Fastify's `inject`, Spectral and Redocly in process) is untouched.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const WHERE =
  'a unit test starts no process and opens no socket; move this test to test/integration (service, stores, CLIs, Prism) or test/e2e (browser, packed packages, Python, contract runs)';

function refuse(what: string): never {
  throw new Error(`${what} refused: ${WHERE}`);
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => refuse(`child_process.${name}`);
}
net.Server.prototype.listen = function listen() {
  return refuse('net.Server.listen');
} as typeof net.Server.prototype.listen;
net.Socket.prototype.connect = function connect() {
  return refuse('net.Socket.connect');
} as typeof net.Socket.prototype.connect;
dgram.createSocket = (() => refuse('dgram.createSocket')) as typeof dgram.createSocket;
// ES module imports of node:child_process (`import { execFile } from ...`) see the patched functions.
syncBuiltinESMExports();
