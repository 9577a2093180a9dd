/**
 * The one writer of generated files (touches a temporary folder, starts nothing): it writes only
 * what differs in its bytes (a same-size change included, ASCII or not; a size that differs, ASCII
 * or not, without reading the file), reports added and changed
 * files in the files' order, and removes what an earlier run generated and this one did not.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERATED_MARK,
  headedFile,
  OutputWriter,
  withHeader,
  writeFiles,
} from '../../../generators/core/files.js';
import type { ConfiguredPlugin } from '../../../generators/config.js';
import { generate } from '../../../generators/pipeline.js';
import { definePlugin, type PluginDefinition } from '../../../generators/plugin.js';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'write-files-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('writeFiles', () => {
  it('writes new and changed bytes only, and removes generated files no longer wanted', async () => {
    const files = Array.from({ length: 40 }, (_, index) => ({
      path: `dir${index % 3}/file${index}.txt`,
      content: `// ${GENERATED_MARK}\nfile ${index} é\n`,
    }));
    const first = await writeFiles(out, files);
    expect(first).toMatchObject({ written: 40, changed: [], removed: [] });
    expect(first.added).toEqual(files.map((file) => path.normalize(file.path)));

    const before = (await stat(path.join(out, 'dir1/file1.txt'))).mtimeMs;
    await writeFile(path.join(out, 'hand-written.txt'), 'not generated\n');
    const next = files
      .slice(1)
      .map((file) =>
        file.path === 'dir2/file5.txt' ? { ...file, content: file.content.replace('é', 'è') } : file,
      );
    next.push({ path: 'dir0/new.txt', content: 'new\n' });
    const second = await writeFiles(out, next);
    // The same size, other bytes: still a change.
    expect(second).toEqual({
      written: 2,
      added: ['dir0/new.txt'],
      changed: [path.normalize('dir2/file5.txt')],
      removed: [path.normalize('dir0/file0.txt')],
      unread: 0,
    });
    expect(await readFile(path.join(out, 'dir2/file5.txt'), 'utf8')).toContain('file 5 è');
    expect((await stat(path.join(out, 'dir1/file1.txt'))).mtimeMs).toBe(before);
    expect(await readFile(path.join(out, 'hand-written.txt'), 'utf8')).toBe('not generated\n');
  });

  it('compares ASCII content as text only when the file holds its exact bytes', async () => {
    const dir = path.join(out, 'ascii');
    const cases = [
      // An ASCII file, unchanged: left alone.
      { path: 'same.txt', content: 'plain ascii\n', onDisk: Buffer.from('plain ascii\n') },
      // As many bytes as the content has characters, one of them not ASCII: as Latin-1 it would read the same.
      { path: 'latin1.txt', content: 'caf\u00e9\n', onDisk: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
      // ASCII content, a file of its length holding a byte above 0x7f.
      { path: 'high-byte.txt', content: 'ab\n', onDisk: Buffer.from([0x61, 0xe2, 0x0a]) },
      // Not ASCII, unchanged: compared as UTF-8 bytes and left alone.
      { path: 'utf8.txt', content: 'caf\u00e9 \u2014\n', onDisk: Buffer.from('caf\u00e9 \u2014\n') },
      // Not ASCII, a file of another size: changed (its size says so; the content is counted, not encoded).
      { path: 'utf8-size.txt', content: 'caf\u00e9 \u2014\n', onDisk: Buffer.from('caf\u00e9 \u2014!\n') },
    ];
    await rm(dir, { recursive: true, force: true });
    await writeFiles(
      dir,
      cases.map((file) => ({ path: file.path, content: 'placeholder\n' })),
    );
    for (const file of cases) await writeFile(path.join(dir, file.path), file.onDisk);
    const result = await writeFiles(dir, cases);
    expect(result.changed).toEqual(['latin1.txt', 'high-byte.txt', 'utf8-size.txt']);
    for (const file of cases)
      expect(await readFile(path.join(dir, file.path))).toEqual(Buffer.from(file.content));
  });

  it('compares as soon as asked but writes nothing before finish, and compares again a path whose content changed', async () => {
    const dir = path.join(out, 'two-steps');
    await rm(dir, { recursive: true, force: true });
    await writeFiles(dir, [
      { path: 'kept.txt', content: 'same\n' },
      { path: 'edited.txt', content: 'first\n' },
    ]);
    const writer = new OutputWriter(dir);
    writer.compare({ path: 'kept.txt', content: 'same\n' });
    writer.compare({ path: 'edited.txt', content: 'second\n' });
    writer.compare({ path: 'new.txt', content: 'new\n' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nothing on disk changed yet: a generation that fails before finish writes nothing.
    expect((await readdir(dir)).sort()).toEqual(['edited.txt', 'kept.txt']);
    expect(await readFile(path.join(dir, 'edited.txt'), 'utf8')).toBe('first\n');
    // finish is given other content for edited.txt than was compared: the same bytes as on disk.
    const result = await writer.finish([
      { path: 'edited.txt', content: 'first\n' },
      { path: 'kept.txt', content: 'same\n' },
      { path: 'new.txt', content: 'new\n' },
    ]);
    expect(result).toEqual({ written: 1, added: ['new.txt'], changed: [], removed: [], unread: 0 });
    expect(await readFile(path.join(dir, 'new.txt'), 'utf8')).toBe('new\n');
  });

  it('writes a headed file piece by piece (header, content, last newline): the bytes withHeader makes, a change in any piece found', async () => {
    const dir = path.join(out, 'pieces');
    const provenance = { source: 'spec.json', command: 'npm run generate' };
    const document = (word: string, note: string) =>
      JSON.stringify({ openapi: '3.1.0', info: { title: word, description: note } }, null, 2);
    const headed = (content: string, command = provenance.command) =>
      headedFile({ path: 'openapi.json', content }, { ...provenance, command });
    const onDisk = () => readFile(path.join(dir, 'openapi.json'), 'utf8');
    const steps: Array<[string, ReturnType<typeof headed>, boolean]> = [
      ['written', headed(document('first', 'caf\u00e9')), true],
      ['the same pieces again', headed(document('first', 'caf\u00e9')), false],
      // The same size, one character of the content other, beyond ASCII and within it.
      ['a character beyond ASCII', headed(document('first', 'caf\u00e8')), true],
      ['a character within ASCII', headed(document('fir5t', 'caf\u00e8')), true],
      ['ASCII only', headed(document('fir5t', 'cafe')), true],
      ['ASCII only, the same size', headed(document('first', 'cafe')), true],
      // The header piece alone other, at the same size.
      ['the header', headed(document('first', 'cafe'), 'npm run Generate'), true],
    ];
    for (const [step, file, changes] of steps) {
      const result = await writeFiles(dir, [file]);
      expect({ step, written: result.written }).toEqual({ step, written: changes ? 1 : 0 });
      expect(await onDisk()).toBe(file.content);
    }
    // The same text cut elsewhere (a header that ends as the content began), known by its stamp: nothing to write.
    const cutAfter = headedFile(
      { path: 'cut.ts', content: 'Q` to regenerate.\n\nbody' },
      { source: 's', command: 'gen' },
    );
    const cutBefore = headedFile(
      { path: 'cut.ts', content: 'body' },
      { source: 's', command: 'gen` to regenerate.\n\nQ' },
    );
    expect(cutBefore.content).toBe(cutAfter.content);
    await writeFiles(dir, [cutAfter]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await writeFiles(dir, [cutAfter]);
    expect(await writeFiles(dir, [cutBefore])).toMatchObject({ written: 0, unread: 1 });
    const last = steps.at(-1)![1];
    expect(last.content).toBe(
      withHeader('openapi.json', document('first', 'cafe'), { ...provenance, command: 'npm run Generate' }),
    );
    expect(last.content.endsWith('}\n')).toBe(true);
  });

  it('knows an unchanged file by its stamp once it has read it, and reads it again after any edit, however small and however disguised', async () => {
    const dir = path.join(out, 'stamps');
    await rm(dir, { recursive: true, force: true });
    const file = { path: 'kept.txt', content: `${GENERATED_MARK}\nsame bytes \u00e9\n` };
    const target = path.join(dir, file.path);
    await writeFiles(dir, [file]);
    // A modification time in whole seconds, so that the disguised edit below can put it back exactly.
    const written = Math.floor(Date.now() / 1000) - 60;
    await utimes(target, written, written);
    // Just changed (utimes too): too recently for its stamp to be trusted, so it is read.
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 0 });
    // Past the margin in which a just-changed file is not trusted (100 ms here), a read remembers it...
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 0 });
    // ...and the next generation knows it without reading it.
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 1 });
    // Another editor's change of one byte, with the size and the modification time put back: the change time still moves.
    await writeFile(target, file.content.replace('same', 'Same'));
    await utimes(target, written, written);
    expect((await stat(target, { bigint: true })).mtimeNs).toBe(BigInt(written) * 1_000_000_000n);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 1, changed: ['kept.txt'], unread: 0 });
    expect(await readFile(target, 'utf8')).toBe(file.content);
    // Replaced by a file of the same bytes (a new inode, as an editor's safe write makes): read again, found the same.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 0 });
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 1 });
    await rm(target);
    await writeFile(target, file.content);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await writeFiles(dir, [file])).toMatchObject({ written: 0, unread: 0 });
    // Other content than remembered, the file untouched: its stamp says it holds what was remembered,
    // so it differs, known without reading (the dev loop's large files change at every save).
    expect(
      await writeFiles(dir, [{ ...file, content: file.content.replace('same', 'other') }]),
    ).toMatchObject({ written: 1, changed: ['kept.txt'], unread: 1 });
    expect(await readFile(target, 'utf8')).toBe(file.content.replace('same', 'other'));
  });
});

/** A plugin of the user's, configured as the config would (no options, its own folder). */
function configured(plugin: PluginDefinition<Record<string, never>>): ConfiguredPlugin {
  return { plugin: plugin as unknown as ConfiguredPlugin['plugin'], options: {}, root: `${plugin.name}/` };
}

describe("generate's writes into a folder a generated package was built in", () => {
  it('removes what the last generation recorded and this one did not, never what a build made from it', async () => {
    // A user builds the generated package in place (`npm pack` in generated/client): tsc copies
    // each file's header, mark and all, into dist/. Before, the next generation removed every
    // compiled .js as stale and left the .d.ts files.
    const folder = await mkdtemp(path.join(tmpdir(), 'write-built-'));
    const spec = path.resolve('test/fixtures/specs/paging-3.1.yaml');
    const plugin = (files: string[]) =>
      configured(
        definePlugin<Record<string, never>>({
          name: 'package-like',
          description: 'Files of a package',
          proves: 'none: a test plugin',
          generate: () => ({
            files: files.map((file) => ({ path: `package-like/${file}`, content: `export const x = 1;\n` })),
          }),
        }),
      );
    const run = (files: string[]) =>
      generate({ spec, out: folder, command: 'x', write: true, plugins: [plugin(files)], log: () => {} });
    try {
      await run(['src/index.ts', 'src/old.ts']);
      const built = path.join(folder, 'package-like/dist/index.js');
      await mkdir(path.dirname(built), { recursive: true });
      await writeFile(built, `// ${GENERATED_MARK} from x.\nexport const x = 1;\n`);
      const second = await run(['src/index.ts']);
      expect(second.written?.removed).toEqual([path.join('package-like', 'src', 'old.ts')]);
      expect(await readFile(built, 'utf8')).toContain('export const x = 1;');
      // Without a record (a first generation, an older toolkit's output), the mark alone tells.
      await rm(path.join(folder, 'provenance.json'));
      const third = await run(['src/index.ts']);
      expect(third.written?.removed).toEqual([path.join('package-like', 'dist', 'index.js')]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
