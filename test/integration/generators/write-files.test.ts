/**
 * The one writer of generated files (touches a temporary folder, starts nothing): it writes only
 * what differs in its bytes (a same-size change included), reports added and changed files in the
 * files' order, and removes what an earlier run generated and this one did not.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_MARK, writeFiles } from '../../../generators/core/files.js';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'write-files-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('writeFiles', () => {
  it('writes new and changed bytes only, and removes generated files no longer wanted', async () => {
    const files = Array.from({ length: 40 }, (_, index) => ({ path: `dir${index % 3}/file${index}.txt`, content: `// ${GENERATED_MARK}\nfile ${index} é\n` }));
    const first = await writeFiles(out, files);
    expect(first).toMatchObject({ written: 40, changed: [], removed: [] });
    expect(first.added).toEqual(files.map((file) => path.normalize(file.path)));

    const before = (await stat(path.join(out, 'dir1/file1.txt'))).mtimeMs;
    await writeFile(path.join(out, 'hand-written.txt'), 'not generated\n');
    const next = files.slice(1).map((file) => (file.path === 'dir2/file5.txt' ? { ...file, content: file.content.replace('é', 'è') } : file));
    next.push({ path: 'dir0/new.txt', content: 'new\n' });
    const second = await writeFiles(out, next);
    // The same size, other bytes: still a change.
    expect(second).toEqual({ written: 2, added: ['dir0/new.txt'], changed: [path.normalize('dir2/file5.txt')], removed: [path.normalize('dir0/file0.txt')] });
    expect(await readFile(path.join(out, 'dir2/file5.txt'), 'utf8')).toContain('file 5 è');
    expect((await stat(path.join(out, 'dir1/file1.txt'))).mtimeMs).toBe(before);
    expect(await readFile(path.join(out, 'hand-written.txt'), 'utf8')).toBe('not generated\n');
  });
});
