/**
 * docs/zod-msw.md's command, run as written: the committed contract suites of our spec against the
 * committed MSW handlers (`CONTRACT_MSW=…`), in-process. Starts: one `sh -c` of the block (vitest
 * in a child process); no socket is opened.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { blockWith, docBlocks } from '../../../../support/doc-blocks.js';

it("runs docs/zod-msw.md's command: the suites pass against the handlers, naming what does not apply", async () => {
  const command = blockWith(await docBlocks('zod-msw.md'), 'sh', 'CONTRACT_MSW=', 'zod-msw.md').trim();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...process.env, CI: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (exit) => resolve({ code: exit, output }));
  });
  expect(code, output.slice(-3000)).toBe(0);
  expect(output).toContain('Not applicable on msw:');
  // Checks ran and passed (the stateless and input-refusing ones are skipped under their own names).
  expect(output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+\d+ passed/);
}, 300_000);
