/**
 * Golden files per emitter and fixture spec, in a tree you can browse:
 * test/golden/__snapshots__/<fixture>/<file>. Update them with `npm run test:golden:update`
 * after an intended change, and read the diff in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTABLE_MODULES, withPortableImports } from '../../../../generators/core/portable.js';
import { builtInPlugins, generate } from '../../../../generators/pipeline.js';

const FIXTURES = path.resolve('test/fixtures/specs');
/** Hand-written runtimes copied verbatim into the output: output folder -> source folder. */
const RUNTIMES: Runtime[] = [
  { copy: 'client/src/core/', source: path.resolve('generators/plugins/client/runtime'), extension: '.ts' },
  {
    copy: 'server/core/',
    source: path.resolve('generators/plugins/server/runtime'),
    extension: '.ts',
    // Its imports of generators/core point beside it, where the parameter decoder is copied.
    portable: './',
    carries: ['param-decoding.ts', 'json-equal.ts', 'schema-keywords.ts'],
  },
  {
    copy: 'contract-tests/core/',
    source: path.resolve('generators/plugins/contract-tests/runtime'),
    extension: '.ts',
  },
  // The Python package's folder is named after the spec, so this one is matched by its tail.
  { copy: '/_core/', source: path.resolve('generators/plugins/python/runtime'), extension: '.py' },
];
interface Runtime {
  copy: string;
  source: string;
  extension: string;
  portable?: string;
  carries?: string[];
}

/** The schema model and value generator the contract runtime imports, copied beside it (core/portable.ts). */
const PORTABLE = { copy: 'contract-tests/core/schema/', source: path.resolve('generators/core') };
const isCopyOf = (file: string, copy: string) =>
  copy.startsWith('/')
    ? file.startsWith('python/') && file.includes(copy)
    : file.startsWith(copy) && !file.slice(copy.length).includes('/');
const fixtures = readdirSync(FIXTURES)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .sort();

describe.each(fixtures)('emitters on %s', (fixture) => {
  const name = fixture.replace(/\.(ya?ml|json)$/, '');
  const run = () =>
    generate({
      spec: path.join('test/fixtures/specs', fixture),
      out: '(memory)',
      command: 'npm run test:golden:update',
      write: false,
      skip: ['sdks'],
      log: () => {},
    });

  it('matches the golden files', async () => {
    const { files } = await run();
    // The runtimes are copied verbatim and tested on their own, so golden files skip them.
    const golden = files.filter(
      (file) =>
        !RUNTIMES.some((runtime) => isCopyOf(file.path, runtime.copy)) &&
        !file.path.startsWith(PORTABLE.copy),
    );
    for (const file of golden) {
      await expect(file.content).toMatchFileSnapshot(path.join('__snapshots__', name, file.path));
    }
  }, 30_000); // a whole generation: a second or two, several times that beside CI's typecheck and lint

  it.each(RUNTIMES)(
    'copies the hand-written runtime into $copy unchanged (under its header)',
    async ({ copy, source, extension, portable, carries = [] }: Runtime) => {
      const { files } = await run();
      const copies = files.filter((file) => isCopyOf(file.path, copy));
      expect(copies.map((file) => path.basename(file.path)).sort()).toEqual(
        [...readdirSync(source).filter((file) => file.endsWith(extension)), ...carries].sort(),
      );
      // Their imports of the value generator point at its copy beside them; what they carry of generators/core is copied as it is.
      for (const file of copies) {
        const name = path.basename(file.path);
        const original = carries.includes(name)
          ? readFileSync(path.resolve('generators/core', name), 'utf8')
          : withPortableImports(readFileSync(path.join(source, name), 'utf8'), portable);
        expect(file.content.endsWith(original)).toBe(true);
      }
    },
  );

  it('copies the schema model and value generator the contract runtime imports, unchanged', async () => {
    const { files } = await run();
    const copies = files.filter((file) => file.path.startsWith(PORTABLE.copy));
    expect(copies.map((file) => file.path.slice(PORTABLE.copy.length)).sort()).toEqual(
      [...PORTABLE_MODULES].sort(),
    );
    for (const file of copies)
      expect(
        file.content.endsWith(
          readFileSync(path.join(PORTABLE.source, file.path.slice(PORTABLE.copy.length)), 'utf8'),
        ),
      ).toBe(true);
  });

  it('is deterministic: same spec, same bytes', async () => {
    const [first, second] = [await run(), await run()];
    expect(second.files).toEqual(first.files);
  }, 30_000);

  it('starts every generated file with a header naming the source and the command', async () => {
    const { files } = await run();
    for (const file of files) {
      const head = file.content.slice(0, 400);
      expect(head, file.path).toContain(`test/fixtures/specs/${fixture}`);
      // Golden files are regenerated by the golden update, not by `generate` (which needs an --out).
      expect(head, file.path).toContain('npm run test:golden:update');
    }
  });
});

describe('plugin options', () => {
  it("reach the output: the client plugin's timeout is the generated client's default and its README's", async () => {
    const { files } = await generate({
      spec: 'test/fixtures/specs/paging-3.1.yaml',
      out: '(memory)',
      command: 'npm run test:golden:update',
      write: false,
      plugins: builtInPlugins(['client']).map((each) =>
        each.plugin.name === 'client' ? { ...each, options: { timeout: 5000 } } : each,
      ),
      log: () => {},
    });
    for (const file of files.filter((each) =>
      ['client/src/client.ts', 'client/README.md'].includes(each.path),
    ))
      await expect(file.content).toMatchFileSnapshot(
        path.join('__snapshots__', 'paging-3.1-client-timeout', file.path),
      );
  }, 30_000);
});
