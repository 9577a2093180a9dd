/**
 * Child processes for long-running tools (Prism, servers): start, wait until they answer,
 * stop them with their whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './root.js';

const bins = new Map<string, string>();

/**
 * tsx's loader, by URL (it resolves from any working folder), to start a script as Node itself:
 * `node --import TSX_LOADER script.ts`. The tsx binary
 * would start a Node of its own first, about 0.2 CPU-s more for each process.
 */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Node's arguments to run `script` (a TypeScript file, then its own arguments) with tsx's loader: `spawn(process.execPath, tsxArgs(...))`. */
export const tsxArgs = (script: string, ...args: string[]): string[] => [
  '--import',
  TSX_LOADER,
  script,
  ...args,
];

/**
 * Node's arguments to run `contract-kit <command> [args]` as `npm run <command>` does in this
 * checkout (bin/contract-kit.mjs: the command from its bundle): `spawn(process.execPath, contractKitArgs(...))`.
 */
export const contractKitArgs = (command: string, ...args: string[]): string[] => [
  path.join(ROOT, 'bin', 'contract-kit.mjs'),
  command,
  ...args,
];

/**
 * A command one of the toolkit's dependencies provides (prism, redocly, vitest, tsx): the first
 * `node_modules/.bin/<name>` from the toolkit's folder up, as Node resolves its packages: its own
 * node_modules here, or the project's where npm hoisted the installed package's dependencies.
 */
export function binPath(name: string): string {
  let found = bins.get(name);
  if (found) return found;
  for (let dir = ROOT; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) {
      found = candidate;
      break;
    }
    // Nowhere: the toolkit's own folder, so the error says where it should have been.
    if (path.dirname(dir) === dir) return path.join(ROOT, 'node_modules', '.bin', name);
  }
  bins.set(name, found);
  return found;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed so far (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `command` in its own process group, in `cwd` (default the working folder: the project's). */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; inherit?: boolean; cwd?: string } = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    detached: true, // own process group, so stop() also ends the tool's children
    stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs `stop` on SIGINT or SIGTERM, for a command that starts tools in process groups of their own
 * (Prism): a signal that arrives before `ready()` waits for it, so that what is still starting is
 * stopped once started rather than left running when Node's default handler ends this process.
 *
 * Under npm, the parent's end counts as a signal too. `npx` and `npm run` start a command through
 * `sh -c`, which passes no signal on: a signal to npm (a supervisor's, an IDE's stop button) ended
 * npm and sh and left this process, and Prism, running with no parent. Only under npm (which sets
 * `npm_command`): started directly, a parent that exits may mean to leave it running (`(cmd &)`).
 * `watch` is for tests.
 */
export function stopOnSignal(
  stop: () => Promise<void>,
  watch: { parentPid?: () => number; everyMs?: number } = {},
): {
  readonly requested: boolean;
  ready(): Promise<void>;
} {
  let ready = false;
  let requested = false;
  let stopping: Promise<void> | undefined;
  const onSignal = () => {
    requested = true;
    if (ready) stopping ??= stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (watch.parentPid !== undefined || process.env.npm_command !== undefined) {
    const parentPid = watch.parentPid ?? (() => process.ppid);
    const parent = parentPid();
    const orphaned = setInterval(() => {
      if (parentPid() === parent) return;
      clearInterval(orphaned);
      onSignal();
    }, watch.everyMs ?? 500);
    orphaned.unref();
  }
  return {
    get requested() {
      return requested;
    },
    async ready() {
      ready = true;
      if (requested) await (stopping ??= stop());
    },
  };
}

/** Polls url until it answers (any status) or the process exits or the timeout passes. */
export async function waitForHttp(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null)
      throw new Error(
        `process exited (${running.child.exitCode}) before answering ${url}:\n${running.output()}`,
      );
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      // A refused connection costs nothing: poll often, so a caller waits at most a few ms past the start.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${running.output()}`);
}

/**
 * The address a process told to listen on port 0 prints once it listens (the first capture of
 * `pattern` in its output). Port 0 lets the kernel choose as the server binds: a port chosen
 * beforehand (freePort) stays free until the server starts, seconds under load, and any process's
 * connection or listener may take it in that window.
 */
export function listeningUrl(running: RunningProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const { child } = running;
  return new Promise((resolve, reject) => {
    // Each look reads from the start of the last line it saw unfinished: Prism prints a line per route
    // first (tens of thousands on a large spec), and scanning all of it per chunk would be quadratic.
    let from = 0;
    const found = () => {
      const output = running.output();
      const url = pattern.exec(output.slice(from))?.[1];
      from = output.lastIndexOf('\n') + 1;
      return url;
    };
    const finish = (error?: Error, url?: string) => {
      clearTimeout(timer);
      child.stdout?.off('data', look);
      child.stderr?.off('data', look);
      child.off('close', closed);
      if (error) reject(error);
      else resolve(url!);
    };
    const look = () => {
      const url = found();
      if (url) finish(undefined, url);
    };
    // 'close', not 'exit': the last output may still be in the pipes when the process exits.
    const closed = (code: number | null) => {
      const url = found();
      if (url) finish(undefined, url);
      else finish(new Error(`process exited (${code}) before saying where it listens:\n${running.output()}`));
    };
    const timer = setTimeout(
      () => finish(new Error(`no listening address printed within ${timeoutMs} ms:\n${running.output()}`)),
      timeoutMs,
    );
    if (!child.stdout && !child.stderr)
      return finish(new Error('listeningUrl needs the process output (not inherited)'));
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('close', closed);
    look();
  });
}

/**
 * A free TCP port on 127.0.0.1, for a port that must be known before its server starts (a proxy's
 * upstream, a restart on the same address). Where the server can print its address, start it on
 * port 0 and read it (listeningUrl) instead: nothing can take the port in between.
 *
 * The port stays free only until its server binds it, seconds under load, so it is drawn where
 * nothing else draws: below the kernel's ephemeral range (no listen(0) and no outgoing connection
 * gets a port there), and reserved across processes by creating a file for it exclusively (the
 * test tiers and the contract step each start servers side by side). A reservation older than
 * RESERVATION_MS is stale and may be taken again. The kernel's listen(0) remains the fallback
 * where the range cannot be read (not Linux).
 */
export async function freePort(): Promise<number> {
  const ephemeral = await ephemeralRange();
  if (!ephemeral || ephemeral[0] - RESERVED_FLOOR < 1000) return kernelPort();
  await mkdir(RESERVATIONS, { recursive: true });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = RESERVED_FLOOR + randomInt(ephemeral[0] - RESERVED_FLOOR);
    if (!(await reserve(port))) continue;
    if (await portIsFree(port)) return port;
  }
  return kernelPort();
}

/** Ports drawn by freePort start here: above the usual fixed ones (3000, 4010, 5432, 8080). */
const RESERVED_FLOOR = 15_000;
export const RESERVATIONS = path.join(tmpdir(), 'toolkit-port-reservations');
const RESERVATION_MS = 10 * 60_000;

async function ephemeralRange(): Promise<[number, number] | undefined> {
  const text = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => undefined);
  const [low, high] = (text ?? '').trim().split(/\s+/).map(Number);
  return low && high ? [low, high] : undefined;
}

/** True when this process now holds the port's reservation (a new file, or a stale one renewed). */
async function reserve(port: number): Promise<boolean> {
  const file = path.join(RESERVATIONS, String(port));
  try {
    await writeFile(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const age = await stat(file).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age < RESERVATION_MS) return false;
    // Stale: taken anew. Two processes taking one stale file at the same instant could both win;
    // that costs what listen(0) always risked, a collision, and only after ten idle minutes.
    await unlink(file).catch(() => undefined);
    return writeFile(file, String(process.pid), { flag: 'wx' }).then(
      () => true,
      () => false,
    );
  }
}

/** Whether a server could listen on this port now (nothing else holds it). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Stops a command whose ports are taken, in one line naming the variable that moves each, exit 1:
 * before it starts anything (a server on the port would otherwise answer for ours, or a listen
 * would fail halfway, leaving the processes already started behind).
 */
export async function exitIfPortsTaken(
  name: string,
  host: string,
  ports: Array<{ port: number; variable: string }>,
): Promise<void> {
  const taken: string[] = [];
  for (const { port, variable } of ports) {
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      taken.push(`${variable} must be a port number from 0 to 65535`);
    else if (!(await portIsFree(port, host)))
      taken.push(`${host}:${port} is in use (set ${variable} to a free port)`);
  }
  if (taken.length === 0) return;
  console.error(`${name}: ${taken.join('; ')}`);
  process.exit(1);
}

/**
 * Every process below `pid` (children, theirs, …), read from /proc: ending exactly the processes a
 * process started, whatever group they run in (Prism runs in one of its own). Empty where /proc
 * cannot be read.
 */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // pid (comm) state ppid …; comm may hold spaces and parentheses: read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Ends `pid` and every process below it, by their IDs (SIGKILL: for a time limit, not a shutdown). */
export function killTree(pid: number): void {
  for (const each of [...descendants(pid).reverse(), pid]) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
