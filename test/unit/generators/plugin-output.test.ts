/**
 * What the pipeline does with a plugin's output and its failures (a plugin author's walk): a
 * throw is an error naming the plugin and where its code threw, never an unhandled rejection that
 * ends the process; an isolated plugin's throw is a warning; a file has one plugin; every file
 * type keeps working with its header (a `#!` line first, a JSON array as it is); and a file the
 * last generation made is removed when no longer made, whatever its type. Writes to a temporary
 * folder only in the last case; no process.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfiguredPlugin } from '../../../generators/config.js';
import type { GeneratedFile } from '../../../generators/core/files.js';
import { SpecError } from '../../../generators/core/load.js';
import { generate, generationFailure } from '../../../generators/pipeline.js';
import { definePlugin, type PluginDefinition } from '../../../generators/plugin.js';

const SPEC = 'test/fixtures/specs/widgets-3.0.yaml';

function configured(plugin: PluginDefinition<Record<string, unknown>, unknown>): ConfiguredPlugin {
  return { plugin, options: {}, root: `${plugin.name}/` };
}

function writing(name: string, files: () => unknown, extra: Partial<PluginDefinition> = {}) {
  return configured(
    definePlugin({
      name,
      description: `${name}: a test plugin`,
      proves: 'none',
      generate: () => ({ files: files() as GeneratedFile[] }),
      ...extra,
    }) as PluginDefinition<Record<string, unknown>, unknown>,
  );
}

const inMemory = (plugins: ConfiguredPlugin[]) =>
  generate({
    spec: SPEC,
    out: '(memory)',
    command: 'test',
    write: false,
    plugins,
    released: false,
    log: () => {},
  });

describe('a plugin that fails', () => {
  it('is an error naming the plugin and where its code threw', async () => {
    const thrower = writing('thrower', () => {
      const missing = undefined as unknown as { path: string };
      return [{ path: 'thrower/x.txt', content: missing.path }];
    });
    await expect(inMemory([thrower])).rejects.toThrow(
      /^the plugin thrower failed: TypeError: Cannot read properties of undefined \(reading 'path'\) \(at .*plugin-output\.test\.ts:\d+:\d+\)$/,
    );
  });

  it('that is isolated is a warning, and the other plugins still write', async () => {
    const thrower = writing(
      'thrower',
      () => {
        throw new Error('no network');
      },
      { isolated: true },
    );
    const fine = writing('fine', () => [{ path: 'fine/a.txt', content: 'a\n' }]);
    const { files, warnings } = await inMemory([thrower, fine]);
    expect(warnings).toContain('thrower: failed, previous output in thrower/ kept: no network');
    expect(files.map((file) => file.path)).toContain('fine/a.txt');
  });

  it('is an error when it returns no files array, or a file that is not { path, content }', async () => {
    await expect(inMemory([writing('empty', () => undefined)])).rejects.toThrow(
      'the plugin empty failed: generate() must return { files: [{ path, content }, …] } (or files as a promise of that array); files was undefined',
    );
    await expect(inMemory([writing('odd', () => [{ path: 'odd/a.txt' }])])).rejects.toThrow(
      'the plugin odd failed: a file must be { path: string, content: string }; got {"path":"odd/a.txt"}',
    );
  });
});

describe('one file, one plugin', () => {
  it('refuses a path two plugins write, or one plugin twice, and the record every generation writes', async () => {
    const first = writing('first', () => [{ path: 'shared/README.md', content: 'a\n' }]);
    first.root = 'shared/';
    const second = writing('second', () => [{ path: 'shared/./README.md', content: 'b\n' }]);
    second.root = 'shared/';
    await expect(inMemory([first, second])).rejects.toThrow(
      'the plugin second failed: it wrote shared/README.md, which the plugin first writes: each file has one plugin',
    );
    const twice = writing('twice', () => [
      { path: 'twice/a.txt', content: 'a\n' },
      { path: 'twice/a.txt', content: 'b\n' },
    ]);
    await expect(inMemory([twice])).rejects.toThrow('the plugin twice failed: it returned twice/a.txt twice');
    const recorder = writing('recorder', () => [{ path: 'provenance.json', content: '{}' }]);
    recorder.root = '';
    await expect(inMemory([recorder])).rejects.toThrow(
      'the plugin recorder failed: it wrote provenance.json, the record every generation writes itself',
    );
  });
});

describe('headers by file type', () => {
  it('keep a #! line first, a JSON array as it is, and go in each type’s comments', async () => {
    const { files } = await inMemory([
      writing('kinds', () => [
        { path: 'kinds/run.mjs', content: '#!/usr/bin/env node\nconsole.log(1);\n' },
        { path: 'kinds/list.json', content: '[1, 2, 3]\n' },
        { path: 'kinds/model.go', content: 'package model\n' },
        { path: 'kinds/page.html', content: '<p>hi</p>\n' },
        { path: 'kinds/blob.bin', content: 'raw' },
      ]),
    ]);
    const content = (name: string) => files.find((file) => file.path === `kinds/${name}`)!.content;
    expect(content('run.mjs')).toMatch(
      /^#!\/usr\/bin\/env node\n\/\/ Generated by the contract toolkit generators from .*\n\/\/ Do not edit: run `test` to regenerate\.\n\nconsole\.log\(1\);\n$/,
    );
    expect(content('list.json')).toBe('[1, 2, 3]\n');
    expect(content('model.go')).toMatch(
      /^\/\/ Generated by the contract toolkit generators .*\n\/\/ Do not edit.*\n\npackage model\n$/,
    );
    expect(content('page.html')).toMatch(
      /^<!-- Generated by the contract toolkit generators .* -->\n\n<p>hi<\/p>\n$/,
    );
    expect(content('blob.bin')).toBe('raw');
  });

  it('refuse a .json file that is not JSON, naming the plugin', async () => {
    await expect(
      inMemory([writing('broken', () => [{ path: 'broken/a.json', content: '{nope' }])]),
    ).rejects.toThrow(/^the plugin broken failed: broken\/a\.json is not JSON: /);
  });
});

describe('a file the last generation made', () => {
  it('is removed when no longer made, header or not', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'plugin-output-'));
    try {
      const run = (names: string[]) =>
        generate({
          spec: SPEC,
          out,
          command: 'test',
          write: true,
          released: false,
          log: () => {},
          plugins: [
            writing('models', () =>
              names.map((name) => ({ path: `models/${name}`, content: `${JSON.stringify(name)}\n` })),
            ),
          ],
        });
      await run(['a.go', 'b.bin', 'c.json']);
      expect(await readFile(path.join(out, 'models', 'b.bin'), 'utf8')).toBe('"b.bin"\n');
      const { written } = await run(['a.go']);
      expect(written?.removed.sort()).toEqual([path.join('models', 'b.bin'), path.join('models', 'c.json')]);
      expect(existsSync(path.join(out, 'models', 'b.bin'))).toBe(false);
      expect(existsSync(path.join(out, 'models', 'a.go'))).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

describe('a failed generation, in one line', () => {
  it('names the spec, unless the error names its own place or plugin', async () => {
    const thrown = await inMemory([
      writing('thrower', () => {
        throw new TypeError('boom');
      }),
    ]).catch((error: unknown) => error);
    expect(generationFailure(SPEC, thrown)).toMatch(/^the plugin thrower failed: TypeError: boom \(at /);
    const spec = new SpecError(SPEC, '/paths', 'no operations');
    expect(generationFailure('other.yaml', spec)).toBe(spec.message);
    expect(generationFailure(SPEC, new Error('first line\n    at somewhere'))).toBe(`${SPEC}: first line`);
    expect(generationFailure(SPEC, 'a string')).toBe(`${SPEC}: a string`);
  });
});
