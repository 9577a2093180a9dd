/**
 * A spec as it was at another point: a file, or `git:<ref>` (the spec's whole folder at that
 * commit, so a spec split across files is read whole). The breaking gate compares with it, and
 * the generated packages' CHANGELOG.md is written from the difference.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { posixPath } from '../core/files.js';
import { loadDocument } from '../core/load.js';
import type { LoadedDocument } from '../core/document.js';

export class ReleasedSpecError extends Error {}
/** The commit exists, the spec did not at it: a document added (or renamed) since. */
export class SpecNotAtCommitError extends ReleasedSpecError {}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** `spec` (a path from the working directory) as it was at commit `ref`. */
export async function loadSpecAtCommit(
  ref: string,
  spec: string,
): Promise<LoadedDocument & { commit: string }> {
  let top: string;
  let commit: string;
  try {
    top = git(process.cwd(), 'rev-parse', '--show-toplevel');
  } catch {
    throw new ReleasedSpecError(
      `git:${ref}: ${process.cwd()} is not in a git repository (give the released spec as a file instead)`,
    );
  }
  try {
    commit = git(top, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    const shallow = git(top, 'rev-parse', '--is-shallow-repository') === 'true';
    throw new ReleasedSpecError(
      `git:${ref} is not a commit in this repository${shallow ? ' (this clone is shallow: `git fetch --unshallow` brings the history)' : ''}`,
    );
  }
  const fromTop = posixPath(path.relative(top, path.resolve(spec)));
  try {
    git(top, 'cat-file', '-e', `${commit}:${fromTop}`);
  } catch {
    throw new SpecNotAtCommitError(`${fromTop} does not exist at ${ref} (${commit.slice(0, 12)})`);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'spec-at-commit-'));
  try {
    execFileSync(
      'sh',
      [
        '-c',
        `git archive ${JSON.stringify(commit)} -- ${JSON.stringify(path.posix.dirname(fromTop))} | tar -x -C ${JSON.stringify(work)}`,
      ],
      { cwd: top, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { ...(await loadDocument(path.join(work, fromTop))), commit };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// A commit named by its full id never changes: the dev loop reads it once per process, not on every save.
const byCommit = new Map<string, Promise<LoadedDocument>>();

/** The last released version of `spec`: `git:<ref>` or a file path. `label` names it in what is written. */
export async function loadReleased(
  source: string,
  spec: string,
): Promise<{ loaded: LoadedDocument; label: string }> {
  if (source.startsWith('git:')) {
    const ref = source.slice('git:'.length);
    const fullId = /^[0-9a-f]{40}$/.test(ref);
    if (!fullId) return { loaded: await loadSpecAtCommit(ref, spec), label: source };
    const key = `${ref}\0${path.resolve(spec)}`;
    if (!byCommit.has(key))
      byCommit.set(
        key,
        loadSpecAtCommit(ref, spec).catch((error: unknown) => {
          byCommit.delete(key);
          throw error;
        }),
      );
    return { loaded: await byCommit.get(key)!, label: `git:${ref.slice(0, 12)}` };
  }
  return { loaded: await loadDocument(source), label: posixPath(source) };
}
