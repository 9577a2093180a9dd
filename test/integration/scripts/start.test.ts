/**
 * `npm start` (scripts/start.ts, started with tsx) when a port it needs is taken: it stops before
 * anything else, in one line naming the variable that moves the port, exit 1, having started no
 * Prism and made no key (a key made then would never be shown).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { binPath, freePort, startProcess } from '../../../scripts/lib/processes.js';

const folder = mkdtempSync(path.join(tmpdir(), 'start-ports-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('refuses taken ports in one line naming PORT and DOCS_PORT, exit 1, and makes no database or key', async () => {
  const holders = await Promise.all(
    [0, 1].map(async () => {
      const holder = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      return holder;
    }),
  );
  const [servicePort, docsPort] = holders.map((holder) => (holder.address() as net.AddressInfo).port);
  const database = path.join(folder, 'start.db');
  try {
    const running = startProcess(binPath('tsx'), ['scripts/start.ts'], {
      env: {
        PORT: String(servicePort),
        DOCS_PORT: String(docsPort),
        MOCK_PORT: String(await freePort()),
        DATABASE_PATH: database,
      },
    });
    const code = await new Promise((resolve) => running.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(running.output().trim()).toBe(
      `start: 127.0.0.1:${servicePort} is in use (set PORT to a free port); 127.0.0.1:${docsPort} is in use (set DOCS_PORT to a free port)`,
    );
    expect(existsSync(database)).toBe(false);
  } finally {
    for (const holder of holders) holder.close();
  }
}, 60_000);
