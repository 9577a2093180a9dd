/**
 * One `check:corpus` run at a time per work folder (`.cache/corpus/work/<seed>/`): two runs of one
 * seed share it (a `--filter` recheck beside a sweep), and the first to end removes the runtime
 * declarations the other's typecheck reads, which then fails for every spec after. A second run
 * is refused, naming the first; a lock whose process has ended is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class WorkFolderBusy extends Error {}

/** Whether a process of this id is running (signal 0 tests without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock for this process, or throws WorkFolderBusy; returns its release. */
export function lockWorkFolder(folder: string, pid = process.pid): () => void {
  mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, '.lock');
  const holderOf = () => {
    try {
      return Number.parseInt(readFileSync(lock, 'utf8'), 10);
    } catch {
      return undefined;
    }
  };
  // Only a lock that still holds this process's id is removed (a run that took over a lock this
  // one left behind keeps its own).
  const release = () => {
    if (holderOf() === pid) rmSync(lock, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lock, `${pid}\n`, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf();
    // No id yet: a run that has just made the file and not yet written it, which is running.
    if (holder === undefined || Number.isNaN(holder) || (holder !== pid && running(holder)))
      throw new WorkFolderBusy(
        `another check:corpus run (pid ${Number.isNaN(holder) ? 'starting' : holder}) is using ${folder}; wait for it, or give this one another --seed (if no such run is going on, remove ${lock})`,
      );
    // Left by a run that ended without releasing it (killed): taken over.
    rmSync(lock, { force: true });
  }
  throw new WorkFolderBusy(`could not take the lock of ${folder}`);
}
