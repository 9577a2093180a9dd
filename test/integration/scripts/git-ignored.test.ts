/** gitIgnored asks git which paths it ignores. Starts `git` (init, check-ignore) in a temporary folder. */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitIgnored } from '../../../scripts/lib/git-ignored.js';

describe('gitIgnored', () => {
  it("names the paths a repository's .gitignore files leave out, and none outside a repository", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'git-ignored-'));
    try {
      const outside = ['generated/client/dist/index.js'];
      expect(gitIgnored(outside, folder)).toEqual(new Set());
      execFileSync('git', ['init', '-q'], { cwd: folder });
      await writeFile(path.join(folder, '.gitignore'), 'node_modules/\ndist/\n');
      await mkdir(path.join(folder, 'generated/client'), { recursive: true });
      await writeFile(path.join(folder, 'generated/client/.gitignore'), '*.tgz\n');
      const files = [
        'generated/client/dist/esm/index.js',
        'generated/client/client-1.0.0.tgz',
        'generated/client/src/index.ts',
        'generated/client/node_modules/x/index.js',
        'generated/hand-written.md',
      ];
      expect(gitIgnored(files, folder)).toEqual(
        new Set([
          'generated/client/dist/esm/index.js',
          'generated/client/client-1.0.0.tgz',
          'generated/client/node_modules/x/index.js',
        ]),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
