/**
 * CPU time by party during a load (Linux /proc): the service instances (each target's process
 * group), the embedded PostgreSQL (the postmaster this process started, its backends and the
 * backends it has reaped) and the load generator (this process). Per request, it says which party
 * a request costs most, and whether the machine's cores were all busy, which decides whether a
 * second instance can add anything. Elsewhere than Linux it reports nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  pgrp: number;
  /** utime + stime, and cutime + cstime (reaped children), in ms. */
  own: number;
  reaped: number;
}

function readStats(): Stat[] {
  const stats: Stat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = text.lastIndexOf(')');
      const fields = text.slice(close + 2).split(' '); // fields[0] is the state (field 3)
      stats.push({
        pid: Number(entry),
        comm: text.slice(text.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        own: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
        reaped: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
      });
    } catch {
      // gone meanwhile
    }
  }
  return stats;
}

/** The processes of a process group (a target started by processes.ts: tsx and the node it runs). */
export function processesInGroup(group: number): number[] {
  return readStats()
    .filter((stat) => stat.pgrp === group)
    .map((stat) => stat.pid);
}

export interface CpuSample {
  instances: number;
  postgres: number;
  loadGenerator: number;
  wallMs: number;
}

/** CPU ms so far of the instances (process groups `groups`), of PostgreSQL (without the backends `ignored`: the benchmark's own), and of this process. */
export function sampleCpu(groups: number[], ignored: number[] = []): CpuSample | undefined {
  if (process.platform !== 'linux') return undefined;
  const stats = readStats();
  const instances = stats.filter((s) => groups.includes(s.pgrp)).reduce((sum, s) => sum + s.own, 0);
  const postmasters = stats.filter((s) => s.ppid === process.pid && s.comm === 'postgres');
  const backends = stats.filter((s) => postmasters.some((p) => p.pid === s.ppid) && !ignored.includes(s.pid));
  const postgres = [...postmasters.map((p) => p.own + p.reaped), ...backends.map((b) => b.own)].reduce(
    (sum, ms) => sum + ms,
    0,
  );
  const self = process.cpuUsage();
  return { instances, postgres, loadGenerator: (self.user + self.system) / 1000, wallMs: performance.now() };
}

/** What a load cost, after - before, summed over the rounds of a phase. */
export interface CpuSpent {
  instances: number;
  postgres: number;
  loadGenerator: number;
  wallMs: number;
  requests: number;
}

export function spent(
  before: CpuSample | undefined,
  after: CpuSample | undefined,
  requests: number,
): CpuSpent | undefined {
  if (!before || !after) return undefined;
  return {
    instances: after.instances - before.instances,
    postgres: after.postgres - before.postgres,
    loadGenerator: after.loadGenerator - before.loadGenerator,
    wallMs: after.wallMs - before.wallMs,
    requests,
  };
}

export function addSpent(a: CpuSpent | undefined, b: CpuSpent | undefined): CpuSpent | undefined {
  if (!a || !b) return a ?? b;
  return {
    instances: a.instances + b.instances,
    postgres: a.postgres + b.postgres,
    loadGenerator: a.loadGenerator + b.loadGenerator,
    wallMs: a.wallMs + b.wallMs,
    requests: a.requests + b.requests,
  };
}

/** `CPU per request: instances 95 µs, PostgreSQL 60 µs, load generator 20 µs; 1.8 of 2 cores busy`. */
export function describeCpu(cpu: CpuSpent | undefined): string {
  if (!cpu || cpu.requests === 0) return 'CPU not measured (Linux only)';
  const per = (ms: number) => `${((ms * 1000) / cpu.requests).toFixed(0)} µs`;
  const busy = (cpu.instances + cpu.postgres + cpu.loadGenerator) / cpu.wallMs;
  return `CPU per request: instances ${per(cpu.instances)}, PostgreSQL ${per(cpu.postgres)}, load generator ${per(cpu.loadGenerator)}; ${busy.toFixed(1)} of ${availableParallelism()} cores busy with them`;
}
