/**
 * The toolkit's one command line, `contract-kit <command>` (bin/contract-kit.mjs, this checkout's):
 * it lists its commands, every command prints its usage on --help, an unknown command or option is
 * one line and exit 2, a folder without a config is told to run init, and a signal sent to the
 * launcher reaches the command (the mock stops Prism and removes its scratch folder).
 * Starts: the command line (node with tsx's loader), and Prism under `mock`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../scripts/lib/commands.js';
import { freePort, listeningUrl, startProcess } from '../../../scripts/lib/processes.js';
import { ROOT } from '../../../scripts/lib/root.js';

const BIN = path.join(ROOT, 'bin', 'contract-kit.mjs');
const empty = mkdtempSync(path.join(tmpdir(), 'contract-kit-cli-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

function contractKit(
  args: string[],
  cwd = ROOT,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('contract-kit', () => {
  it('lists every command with one line each', async () => {
    const { code, stdout } = await contractKit(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: contract-kit <command> \[options\]/);
    for (const [name, command] of Object.entries(COMMANDS))
      expect(stdout).toContain(`  ${name.padEnd(15)}  ${command.summary}`);
  }, 60_000);

  it.each(Object.keys(COMMANDS))(
    '%s --help prints its usage and exits 0, doing nothing else',
    async (name) => {
      const { code, stdout, stderr } = await contractKit([name, '--help'], empty);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: /);
      expect(readdirSync(empty)).toEqual([]);
    },
    60_000,
  );

  it('takes check-breaking for check:breaking, and refuses an unknown command or option with exit 2', async () => {
    // Side by side: three short processes.
    const [alias, unknown, option] = await Promise.all([
      contractKit(['check-breaking', '--help']),
      contractKit(['generte']),
      contractKit(['lint', '--bogus']),
    ]);
    expect(alias.stdout).toMatch(/^usage: contract-kit check:breaking /);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe('contract-kit: unknown command "generte"');
    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toMatch(/^lint: Unknown option '--bogus'/);
  }, 60_000);

  it('test:contract against a service says, before it sends anything, that the suites write to it', async () => {
    // A user learned it from a record of theirs the suites deleted. Nothing listens at the port:
    // the suites stop at their first request, after the line.
    const url = `http://127.0.0.1:${await freePort()}`;
    const reportFile = path.join(tmpdir(), `contract-kit-cli-report-${process.pid}.json`);
    const { code, stdout } = await contractKit(['test:contract'], ROOT, {
      CONTRACT_BASE_URL: url,
      CONTRACT_REPORT: reportFile,
    });
    expect(code).toBe(1);
    // CONTRACT_REPORT gets the reports of every target, and the run names it last.
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`contract: reports written to ${reportFile}`);
    expect(JSON.parse(await readFile(reportFile, 'utf8')).reports).toHaveLength(1);
    await rm(reportFile, { force: true });
    const lines = stdout.split('\n');
    const warning = lines.findIndex((line) =>
      line.startsWith(
        `contract: ${url}: the suites send it every operation of the spec, creates, updates and deletes included`,
      ),
    );
    expect(warning, stdout).toBeGreaterThanOrEqual(0);
    expect(warning).toBeLessThan(lines.indexOf(`contract: ${url}`));
    expect(lines[warning]).toContain('point them at a sandbox, not at data you keep');
  }, 120_000);

  it('tells a folder without a config to run init, exit 2', async () => {
    const names = ['lint', 'docs', 'test:contract'];
    const results = await Promise.all(names.map((name) => contractKit([name], empty)));
    for (const [i, name] of names.entries()) {
      const { code, stderr } = results[i];
      expect(code, name).toBe(2);
      expect(stderr.trim(), name).toBe(
        `${name}: ${empty}: config: no contract-kit.config.ts, contract-kit.config.mts, contract-kit.config.mjs, contract-kit.config.js, contract-kit.config.json here (\`contract-kit init\` writes one)`,
      );
    }
  }, 120_000);

  it('passes a SIGTERM sent to it on to the command: the mock stops Prism and cleans up', async () => {
    const scratch = () => readdirSync(tmpdir()).filter((name) => name.startsWith('mock-'));
    const before = new Set(scratch());
    const port = await freePort();
    const running = startProcess(
      process.execPath,
      [BIN, 'mock', '--spec', 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml'],
      { env: { MOCK_PORT: String(port) }, cwd: ROOT },
    );
    let made: string[] = [];
    try {
      expect(await listeningUrl(running, /^mock: (\S+) /m)).toBe(`http://127.0.0.1:${port}`);
      // The example request it prints works as pasted: the spec's first GET without parameters.
      await expect.poll(() => running.output()).toContain(`try:  curl http://127.0.0.1:${port}/stations`);
      expect((await fetch(`http://127.0.0.1:${port}/stations`)).status).toBe(200);
      // Where it says a refused request's reasons are.
      expect(running.output()).toContain(
        "a refused request gets the spec's 400 or 422; why, in its sl-violations header",
      );
      const refused = await fetch(`http://127.0.0.1:${port}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"passenger_name": 7}',
      });
      expect([400, 422]).toContain(refused.status);
      const violations = JSON.parse(refused.headers.get('sl-violations') ?? '[]') as { message: string }[];
      expect(violations.map((violation) => violation.message).join('\n')).toMatch(/passenger_name|required/);
      made = scratch().filter((name) => !before.has(name));
      expect(made).toHaveLength(1);
    } finally {
      running.child.kill('SIGTERM'); // the launcher alone, not its process group
    }
    const code = await new Promise((resolve) => running.child.once('exit', (exit) => resolve(exit)));
    expect(code).toBe(0);
    expect(scratch().filter((name) => made.includes(name))).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/stations`)).rejects.toThrow();
  }, 120_000);
});
