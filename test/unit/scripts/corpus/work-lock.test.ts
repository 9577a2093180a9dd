/**
 * One check:corpus run at a time per work folder (scripts/lib/corpus/work-lock.ts): a second run of
 * a seed beside the first removed the runtime declarations the first's typecheck read, and six of
 * its specs failed the stage. Starts no process (the parent of this one stands in for a running
 * holder; a pid past the kernel's limit for one that has ended).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { lockWorkFolder, WorkFolderBusy } from '../../../../scripts/lib/corpus/work-lock.js';

let folder: string;
afterEach(() => rmSync(path.dirname(folder), { recursive: true, force: true }));
const fresh = () => (folder = path.join(mkdtempSync(path.join(tmpdir(), 'work-lock-')), '2031'));

it('is taken, refused to a second run while the first runs, and taken again once released', () => {
  fresh();
  const release = lockWorkFolder(folder, process.ppid);
  expect(readFileSync(path.join(folder, '.lock'), 'utf8').trim()).toBe(String(process.ppid));
  expect(() => lockWorkFolder(folder)).toThrow(WorkFolderBusy);
  expect(() => lockWorkFolder(folder)).toThrow(
    `another check:corpus run (pid ${process.ppid}) is using ${folder}; wait for it, or give this one another --seed (if no such run is going on, remove ${path.join(folder, '.lock')})`,
  );
  release();
  expect(existsSync(path.join(folder, '.lock'))).toBe(false);
  lockWorkFolder(folder)();
});

it('takes over a lock its run left behind when it was killed', () => {
  fresh();
  lockWorkFolder(folder, process.pid)();
  writeFileSync(path.join(folder, '.lock'), '4194305\n');
  const release = lockWorkFolder(folder);
  expect(readFileSync(path.join(folder, '.lock'), 'utf8').trim()).toBe(String(process.pid));
  release();
});

it("is refused while its file has no id yet (a run taking it), and a release leaves another run's lock", () => {
  fresh();
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, '.lock'), '');
  expect(() => lockWorkFolder(folder)).toThrow(/pid starting/);
  rmSync(path.join(folder, '.lock'));
  const release = lockWorkFolder(folder);
  // Taken over meanwhile by another run (this one was thought gone): its lock stays.
  writeFileSync(path.join(folder, '.lock'), `${process.ppid}\n`);
  release();
  expect(readFileSync(path.join(folder, '.lock'), 'utf8').trim()).toBe(String(process.ppid));
});
