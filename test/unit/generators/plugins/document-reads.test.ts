/**
 * Only the document-to-document plugins read the raw document (`ir.document`); the others read the
 * IR and its schema model. Held two ways: in their sources, and when they run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../generators/core/ir.js';
import { documentFrom } from '../../../../generators/core/load.js';
import { definePlugin } from '../../../../generators/plugin.js';
import { generate } from '../../../../generators/pipeline.js';
import { BUILT_IN_PLUGINS } from '../../../../generators/plugins/registry.js';

const READERS = ['types', 'contract-document', 'mock-document'];

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('runtime/'))
    .map((file) => path.join(folder, file));
}

describe('the raw document', () => {
  it('is declared as read by the document-to-document plugins only', () => {
    expect(
      Object.values(BUILT_IN_PLUGINS)
        .filter((plugin) => plugin.readsDocument)
        .map((plugin) => plugin.name)
        .sort(),
    ).toEqual([...READERS].sort());
  });

  it.each(Object.keys(BUILT_IN_PLUGINS).filter((name) => !READERS.includes(name)))(
    '%s does not read ir.document in its sources',
    (name) => {
      const readers = sources(path.resolve('generators/plugins', name)).filter((file) =>
        /\bir\.document\b/.test(readFileSync(file, 'utf8')),
      );
      expect(readers).toEqual([]);
    },
  );

  it('throws, naming the plugin, when a plugin that does not declare it reads it', async () => {
    const snoop = definePlugin({
      name: 'snoop',
      description: 'reads what it should not',
      proves: 'none',
      // Past the types, which give a plugin no document: the guard at run time is what this tests.
      generate: ({ ir }) => ({
        files: [
          { path: 'snoop/paths.txt', content: Object.keys((ir as unknown as Ir).document.paths).join('\n') },
        ],
      }),
    });
    const document = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} };
    expect(buildIr(documentFrom('t.yaml', document)).document).toBe(document);
    await expect(
      generate({
        spec: 'test/fixtures/specs/paging-3.1.yaml',
        out: '(memory)',
        command: 'test',
        write: false,
        released: false,
        plugins: [{ plugin: snoop as never, options: {}, root: 'snoop/' }],
        log: () => {},
      }),
    ).rejects.toThrow(/the plugin snoop read ir\.document/);
  });

  it('is not among the keys a plugin sees: spreading, rest-destructuring and serialising the IR leave it out', async () => {
    let seen: { spread: string[]; rest: string[]; json: string[]; has: boolean } | undefined;
    const copier = definePlugin({
      name: 'copier',
      description: 'copies the IR without naming the document',
      proves: 'none',
      generate: ({ ir }) => {
        const { operations: _operations, ...rest } = ir;
        seen = {
          spread: Object.keys({ ...ir }),
          rest: Object.keys(rest),
          json: Object.keys(JSON.parse(JSON.stringify(ir)) as object),
          has: 'document' in ir,
        };
        return { files: [] };
      },
    });
    await generate({
      spec: 'test/fixtures/specs/paging-3.1.yaml',
      out: '(memory)',
      command: 'test',
      write: false,
      released: false,
      plugins: [{ plugin: copier as never, options: {}, root: 'copier/' }],
      log: () => {},
    });
    expect(seen!.spread).toContain('operations');
    for (const keys of [seen!.spread, seen!.rest, seen!.json]) expect(keys).not.toContain('document');
    expect(seen!.has).toBe(false);
  });
});
