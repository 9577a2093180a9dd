/**
 * Folders a test file writes specs and configs into, under the system's temporary folder, and
 * removed by the file's `afterAll` (a test run must not leave thousands of folders in /tmp).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Call at the top of a test file: `make(prefix)` gives a fresh folder, gone after the file's tests. */
export function scratchFolders(): { make: (prefix: string) => string } {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    make: (prefix) => {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
  };
}
