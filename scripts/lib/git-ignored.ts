/** What git ignores, asked of git itself (its rules: .gitignore files at every level, info/exclude, the global excludes). */
import { spawnSync } from 'node:child_process';

/** Which of `files` git ignores here; none where git cannot tell (no repository, no git). */
export function gitIgnored(files: string[], cwd = process.cwd()): Set<string> {
  if (files.length === 0) return new Set();
  const answer = spawnSync('git', ['check-ignore', '--stdin', '-z'], {
    cwd,
    input: files.join('\0'),
    encoding: 'utf8',
  });
  // 0: some ignored, 1: none, 128: not a repository.
  if (answer.status !== 0) return new Set();
  return new Set(answer.stdout.split('\0').filter(Boolean));
}
