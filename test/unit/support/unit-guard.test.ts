/**
 * The unit tier's guard (test/support/unit-guard.ts) holds: inside a unit test every way to start
 * a process or use a network socket throws, whether the module was imported as ESM, named or by
 * default, or required.
 */
import * as childProcess from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

const REFUSED = /refused: a unit test starts no process and opens no socket/;

describe('unit tier guard', () => {
  it('refuses child processes, however child_process was imported', () => {
    expect(() => execFile('node', ['--version'])).toThrow(REFUSED);
    expect(() => spawn('node', ['--version'])).toThrow(REFUSED);
    expect(() => childProcess.execFileSync('node', ['--version'])).toThrow(REFUSED);
    expect(() => childProcess.fork('nothing.js')).toThrow(REFUSED);
    const required = createRequire(import.meta.url)('node:child_process') as typeof childProcess;
    expect(() => required.spawnSync('node', ['--version'])).toThrow(REFUSED);
    expect(() => required.exec('true')).toThrow(REFUSED);
  });

  it('refuses listening on a socket (net and http)', () => {
    expect(() => net.createServer().listen(0, '127.0.0.1')).toThrow(REFUSED);
    expect(() => createServer().listen(0, '127.0.0.1')).toThrow(REFUSED);
    expect(() => dgram.createSocket('udp4')).toThrow(REFUSED);
  });

  it('refuses connecting a socket, so fetch reaches no server', async () => {
    expect(() => net.connect(4999, '127.0.0.1')).toThrow(REFUSED);
    await expect(fetch('http://127.0.0.1:4999/')).rejects.toSatisfy((error: Error) =>
      REFUSED.test(`${error.message} ${(error.cause as Error | undefined)?.message}`),
    );
  });
});
