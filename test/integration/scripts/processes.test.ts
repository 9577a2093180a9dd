/** Starts small node processes that listen on port 0 (or fail to), and reads where they listen. */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  freePort,
  listeningUrl,
  RESERVATIONS,
  startProcess,
  waitForHttp,
} from '../../../scripts/lib/processes.js';

const serverOnPortZero = `
  const server = require('node:http').createServer((request, response) => response.end('here'));
  server.listen(0, '127.0.0.1', () => setTimeout(() => console.log('up: http://127.0.0.1:' + server.address().port + ' (ready)'), 200));
`;

describe('listeningUrl', () => {
  it('reads the address a server on port 0 prints once it listens, and that address answers', async () => {
    const running = startProcess(process.execPath, ['-e', serverOnPortZero]);
    try {
      const url = await listeningUrl(running, /^up: (http:\/\/[^\s\x1b]+)/m);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(url).port)).toBeGreaterThan(0);
      await waitForHttp(url, running);
      expect(await (await fetch(url)).text()).toBe('here');
    } finally {
      await running.stop();
    }
  });

  it('fails with what the process printed when it exits before saying where it listens', async () => {
    const running = startProcess(process.execPath, [
      '-e',
      "console.error('EADDRINUSE: address already in use'); process.exit(3)",
    ]);
    await expect(listeningUrl(running, /^up: (\S+)/m)).rejects.toThrow(
      /exited \(3\) before saying where it listens:\n.*EADDRINUSE/,
    );
  });

  it('gives up after its timeout when the line never comes', async () => {
    const running = startProcess(process.execPath, [
      '-e',
      "console.log('starting'); setInterval(() => {}, 1000)",
    ]);
    try {
      // Node's start under load may take longer than the timeout itself: time it from the first line.
      await listeningUrl(running, /^(starting)$/m);
      await expect(listeningUrl(running, /^up: (\S+)/m, 300)).rejects.toThrow(
        /no listening address printed within 300 ms:\nstarting/,
      );
    } finally {
      await running.stop();
    }
  });
});

describe('freePort', () => {
  it('draws distinct, bindable ports below the ephemeral range, each reserved by a file', async () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(15_000);
      expect(port).toBeLessThan(ephemeralLow!);
      expect(existsSync(path.join(RESERVATIONS, String(port)))).toBe(true);
    }
    // Each is free now: a server binds it.
    const server = createServer();
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(ports[0], '127.0.0.1', resolve),
    );
    await new Promise((resolve) => server.close(resolve));
  });
});
