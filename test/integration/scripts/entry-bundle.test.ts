/**
 * The bundles tests start the service's entry points from (scripts/lib/entry-bundle.ts): the same
 * output as the entry run through tsx, each module reading beside its own source file, stack
 * traces at the sources' lines, and a rebuild when a module changes, was saved during the build,
 * or the folder was copied. Starts esbuild, and Node on a small entry (bundled and with tsx).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../../../bin/bundle.mjs';
import { bundledArgs, entryBundle } from '../../../scripts/lib/entry-bundle.js';
import { tsxArgs } from '../../../scripts/lib/processes.js';
import { ROOT } from '../../../scripts/lib/root.js';

const run = promisify(execFile);
// Inside the checkout, as the bundled entries are (the bundle's inputs are named from ROOT).
const folder = mkdtempSync(path.join(ROOT, '.cache', 'entry-bundle-test-'));
afterAll(async () => {
  const bundle = await entryBundle(ENTRY);
  for (const file of [folder, bundle, `${bundle}.map`]) rmSync(file, { recursive: true, force: true });
});

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  writeFileSync(path.join(folder, file), text);
};
write('data.txt', 'beside the entry');
write('nested/data.txt', 'beside the nested module');
write(
  'nested/reader.ts',
  [
    "import { readFileSync } from 'node:fs';",
    "export const nested = (): string => readFileSync(new URL('./data.txt', import.meta.url), 'utf8');",
    '',
  ].join('\n'),
);
write(
  'failing.ts',
  [
    // The module's own URL is defined on its first line: no line below it moves in a stack.
    "export const here = new URL('.', import.meta.url).href;",
    'export function fail(): never {',
    "  throw new Error('failed');",
    '}',
    '',
  ].join('\n'),
);
write(
  'entry.ts',
  [
    "import { readFileSync } from 'node:fs';",
    "import { nested } from './nested/reader.js';",
    "const own: string = readFileSync(new URL('./data.txt', import.meta.url), 'utf8');",
    // Text that only names import.meta.url (as the emitters' templates do) stays text.
    'const template = "new URL(\'./x.json\', import.meta.url)";',
    'console.log(JSON.stringify({ own, nested: nested(), template, args: process.argv.slice(2) }));',
    "if (process.argv.includes('--fail')) (await import('./failing.js')).fail();",
    '',
  ].join('\n'),
);
const ENTRY = path.join(folder, 'entry.ts');

describe('an entry bundle', () => {
  it('prints what the entry prints through tsx, each module reading the file beside its own source', async () => {
    const expected = {
      own: 'beside the entry',
      nested: 'beside the nested module',
      template: "new URL('./x.json', import.meta.url)",
      args: ['--flag', 'value'],
    };
    const bundled = await run(process.execPath, await bundledArgs(ENTRY, '--flag', 'value'));
    expect(JSON.parse(bundled.stdout)).toEqual(expected);
    const throughTsx = await run(process.execPath, tsxArgs(ENTRY, '--flag', 'value'));
    expect(JSON.parse(throughTsx.stdout)).toEqual(expected);
  }, 60_000);

  it("names its sources' files and lines in an error's stack when source maps are on (as contract-kit runs it)", async () => {
    const failed = await run(process.execPath, [
      '--enable-source-maps',
      ...(await bundledArgs(ENTRY, '--fail')),
    ]).catch((error: { stderr: string }) => error);
    expect(failed.stderr).toContain(`${path.join(folder, 'failing.ts')}:3:9`);
  }, 60_000);

  it('is built again when one of its modules changes, and only then', async () => {
    const bundle = await entryBundle(ENTRY);
    const builtAt = statSync(bundle).mtimeMs;
    expect(await entryBundle(ENTRY)).toBe(bundle);
    expect(statSync(bundle).mtimeMs).toBe(builtAt);

    write(
      'nested/reader.ts',
      "export const nested = (): string => 'edited';\n// one line longer than before, whatever the clock\n",
    );
    const { stdout } = await run(process.execPath, await bundledArgs(ENTRY));
    expect(JSON.parse(stdout).nested).toBe('edited');
  }, 60_000);

  it('is built again when a module was saved while it was being built (its time at or after the build began)', async () => {
    const bundle = await entryBundle(ENTRY);
    // A save that lands during the build: the build may have read the text before it.
    const inFuture = new Date(Date.now() + 60_000);
    utimesSync(path.join(folder, 'nested', 'reader.ts'), inFuture, inFuture);
    await entryBundle(ENTRY);
    const builtAt = statSync(bundle).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await entryBundle(ENTRY);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(builtAt);
  }, 60_000);

  it("is built again in a copy of its folder that kept the files' times (cp -a, a moved install), running the copy's code", async () => {
    const original = mkdtempSync(path.join(tmpdir(), 'entry-bundle-root-'));
    try {
      writeFileSync(
        path.join(original, 'entry.ts'),
        "console.log(new URL('.', import.meta.url).pathname);\n",
      );
      // Saved well before the build, so the bundle is trusted in its own folder.
      const before = new Date(Date.now() - 60_000);
      utimesSync(path.join(original, 'entry.ts'), before, before);
      const first = await bundledEntry('entry.ts', original);
      const builtAt = statSync(first).mtimeMs;
      expect(await bundledEntry('entry.ts', original)).toBe(first);
      expect(statSync(first).mtimeMs).toBe(builtAt);
      expect((await run(process.execPath, [first])).stdout.trim()).toBe(`${original}/`);
      const copy = `${original}-copy`;
      cpSync(original, copy, { recursive: true, preserveTimestamps: true });
      try {
        const again = await bundledEntry('entry.ts', copy);
        expect(again.startsWith(copy)).toBe(true);
        expect((await run(process.execPath, [again])).stdout.trim()).toBe(`${copy}/`);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    } finally {
      rmSync(original, { recursive: true, force: true });
    }
  }, 60_000);
});
