/**
 * `npx tsx scripts/cpu-by-process.ts [--top N] -- <command…>`: where a command's CPU goes, by kind
 * of process (issue 44: `npm test` is CPU-bound on two cores, so its wall time is its CPU time
 * over two, and what to cut is what burns the most CPU, not what waits longest). Runs the command,
 * reads /proc every 200 ms while it runs, and prints each kind's CPU seconds (user + system) and
 * process count, largest first: vitest's workers, tsx scripts by file, Prism, tsc, python, … A
 * process is the command's when its parent is (other work on the machine is left out); one that
 * lives less than one poll is missed (its CPU is then under-counted, never doubled).
 * `--each KIND` (repeatable) also lists that kind's processes one by one, costliest first, with their command
 * lines and working folders (which tsc run, which test's Prism).
 * Linux only; exits with the command's code.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { processKind } from './lib/process-kind.js';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' }, each: { type: 'string', multiple: true } },
  allowPositionals: true,
});
if (positionals.length === 0) {
  process.stderr.write('usage: npx tsx scripts/cpu-by-process.ts [--top N] -- <command…>\n');
  process.exit(2);
}

const TICKS = 100; // USER_HZ on Linux
/** The command's processes, by pid and start time (pids are reused): a process is the command's when its parent is. */
const seen = new Map<string, { cpu: number; command: string; cwd: string }>();
const ours = new Set<string>();
const keyOf = new Map<number, string>();

function poll(root: number): void {
  const stats: Array<{ pid: number; ppid: number; key: string; cpu: number; stat: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
      stats.push({ pid: Number(name), ppid: Number(fields[1]), key: `${name}@${fields[19]}`, cpu, stat });
    } catch {
      // gone between the listing and the read
    }
  }
  // Parents before children, whatever order the pids come in (a few passes settle it).
  for (let pass = 0; pass < 3; pass += 1)
    for (const { pid, ppid, key, cpu, stat } of stats) {
      const parent = keyOf.get(ppid);
      if (!ours.has(key) && pid !== root && !(parent && ours.has(parent))) continue;
      ours.add(key);
      keyOf.set(pid, key);
      const known = seen.get(key);
      if (known) known.cpu = Math.max(known.cpu, cpu);
      else {
        let command = '';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        } catch {
          // gone: named by its stat
        }
        // Only --each prints working folders: not read otherwise.
        let cwd = '';
        if (values.each)
          try {
            cwd = readlinkSync(`/proc/${pid}/cwd`);
          } catch {
            // gone, or not ours to read
          }
        seen.set(key, {
          cpu,
          command: command || `(${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))})`,
          cwd,
        });
      }
    }
}

/** CPU seconds of this process's reaped children and theirs: every process of the tree, however short-lived. */
function reapedChildrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

/** The processes of one kind, costliest first: CPU, working folder, command line (shortened). */
function eachOf(kind: string): string[] {
  const processes = [...seen.values()]
    .filter((entry) => processKind(entry.command) === kind)
    .sort((a, b) => b.cpu - a.cpu);
  return [
    `each ${kind}:`,
    ...processes.map(
      (entry) => `${entry.cpu.toFixed(1).padStart(8)}  ${entry.cwd}  ${entry.command.slice(0, 300)}`,
    ),
  ];
}

const started = performance.now();
const reapedBefore = reapedChildrenCpu();
const child = spawn(positionals[0], positionals.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => poll(child.pid!), 200);
child.on('error', (error) => {
  clearInterval(timer);
  process.stderr.write(`cpu-by-process: cannot run ${positionals[0]}: ${error.message}\n`);
  process.exit(2);
});
child.on('exit', (code, signal) => {
  clearInterval(timer);
  const reaped = reapedChildrenCpu() - reapedBefore;
  const kinds = new Map<string, { cpu: number; count: number }>();
  for (const { cpu, command } of seen.values()) {
    const kind = processKind(command);
    const entry = kinds.get(kind) ?? { cpu: 0, count: 0 };
    entry.cpu += cpu;
    entry.count += 1;
    kinds.set(kind, entry);
  }
  const total = [...kinds.values()].reduce((sum, entry) => sum + entry.cpu, 0);
  const wall = (performance.now() - started) / 1000;
  const lines = [...kinds.entries()]
    .sort((a, b) => b[1].cpu - a[1].cpu)
    .slice(0, Number(values.top))
    .map(([kind, { cpu, count }]) => `${cpu.toFixed(1).padStart(8)} ${String(count).padStart(6)}  ${kind}`);
  process.stderr.write(
    [
      `cpu-by-process: ${reaped.toFixed(0)} CPU-s in ${wall.toFixed(0)} s wall (${(reaped / wall).toFixed(2)} cores busy on average); ${total.toFixed(0)} of them seen by kind (the rest: processes shorter than a poll, or not reaped by their parents)`,
      '   CPU-s  procs  kind',
      ...lines,
      ...(values.each ?? []).flatMap(eachOf),
      '',
    ].join('\n'),
  );
  process.exit(signal ? 1 : (code ?? 1));
});
