/**
 * A CPU quota for a benchmark target: its processes in a cgroup of their own, limited to a share of
 * one core (cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us` over `cpu.cfs_period_us`), so that an
 * instance is limited by its quota rather than by what else the machine runs, and two or three
 * such instances show whether what they share (the database) lets each add its share. Needs a
 * writable cgroup file system (root, no container that hides it); where there is none,
 * `cpuQuotas` says why in one line instead.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The CFS period the quotas are shares of (the kernel's default). */
const PERIOD_US = 100_000;

export interface CpuQuota {
  /** Moves these processes (and so their future children) into the quota's cgroup. */
  place(pids: number[]): void;
  /** Removes the cgroup once its processes have exited (they must be stopped first). */
  remove(): Promise<void>;
}

export interface CpuQuotas {
  /** `cgroup v1 cpu.cfs_quota_us` or `cgroup v2 cpu.max`, for the report. */
  kind: string;
  /** A new cgroup limited to `cores` of one core's time (0.25: a quarter of a core). */
  create(name: string, cores: number): CpuQuota;
  /** Moves these processes back to the root cgroup: no quota. */
  release(pids: number[]): void;
}

interface Mount {
  type: string;
  point: string;
  options: string[];
}

function mounts(): Mount[] {
  return readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields.length >= 4)
    .map(([, point, type, options]) => ({ type, point, options: options.split(',') }));
}

/** Where a cgroup with a CPU limit can be made: v2 where its root offers the cpu controller, else v1's cpu hierarchy. */
function findHierarchy(): { version: 1 | 2; root: string } | string {
  if (process.platform !== 'linux') return 'cgroups are Linux only';
  let found: Mount[];
  try {
    found = mounts();
  } catch (error) {
    return `cannot read /proc/self/mounts: ${(error as Error).message}`;
  }
  for (const mount of found.filter((candidate) => candidate.type === 'cgroup2')) {
    try {
      const controllers = readFileSync(path.join(mount.point, 'cgroup.controllers'), 'utf8').split(/\s+/);
      if (controllers.includes('cpu')) return { version: 2, root: mount.point };
    } catch {
      // not readable: try the next
    }
  }
  const v1 = found.find((mount) => mount.type === 'cgroup' && mount.options.includes('cpu'));
  if (v1 && existsSync(path.join(v1.point, 'cpu.cfs_quota_us'))) return { version: 1, root: v1.point };
  return 'no cgroup file system with the cpu controller is mounted';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's CPU quotas, or why there are none (one line). */
export function cpuQuotas(): CpuQuotas | string {
  const hierarchy = findHierarchy();
  if (typeof hierarchy === 'string') return hierarchy;
  const { version, root } = hierarchy;
  const create = (name: string, cores: number): CpuQuota => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    const quota = Math.max(1000, Math.round(cores * PERIOD_US));
    if (version === 2) {
      writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    } else {
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
    return {
      place: (pids) => {
        for (const pid of pids) writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
      },
      remove: async () => {
        // A cgroup is removed once its last process has exited, which follows a stop by a moment.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          try {
            rmdirSync(dir);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
            await pause(100);
          }
        }
      },
    };
  };
  if (version === 2) {
    // Children of the root get the cpu controller only when the root hands it down.
    try {
      const enabled = readFileSync(path.join(root, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
      if (!enabled.includes('cpu')) writeFileSync(path.join(root, 'cgroup.subtree_control'), '+cpu');
    } catch (error) {
      return `cannot enable the cpu controller under ${root}: ${(error as Error).message}`;
    }
  }
  // A probe, so that a read-only or foreign cgroup file system is found out before any target starts.
  const probe = `bench-probe-${process.pid}`;
  try {
    create(probe, 1);
  } catch (error) {
    return `cannot make a cgroup under ${root}: ${(error as Error).message}`;
  } finally {
    if (existsSync(path.join(root, probe))) rmdirSync(path.join(root, probe));
  }
  return {
    kind: version === 2 ? 'cgroup v2 cpu.max' : 'cgroup v1 cpu.cfs_quota_us',
    create,
    release: (pids) => {
      for (const pid of pids) writeFileSync(path.join(root, 'cgroup.procs'), String(pid));
    },
  };
}
