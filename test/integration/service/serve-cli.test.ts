/**
 * `npm run serve` (service/server.ts, started with tsx) on an address it cannot take: one line
 * naming the address and what to set, exit 1, never Node's stack.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { binPath } from '../../../scripts/lib/processes.js';

it('refuses a port another process holds in one line, exit 1', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'serve-cli-'));
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as AddressInfo;
  try {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        binPath('tsx'),
        ['service/server.ts'],
        {
          env: {
            ...process.env,
            DATABASE_PATH: path.join(dir, 'service.db'),
            DATABASE_URL: '',
            PORT: String(port),
            HOST: '127.0.0.1',
            LOG: 'off',
          },
        },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `serve: 127.0.0.1:${port} is in use (another service, or an earlier one still running); set PORT to another port`,
    );
  } finally {
    holder.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
