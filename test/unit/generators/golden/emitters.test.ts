/**
 * Golden files per emitter and fixture spec, in a tree you can browse:
 * test/golden/__snapshots__/<fixture>/<file>. Update them with `npm run test:golden:update`
 * after an intended change, and read the diff in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';

const FIXTURES = path.resolve('test/fixtures/specs');
/** Hand-written runtimes copied verbatim into the output: output folder -> source folder. */
const RUNTIMES = [
  { copy: 'client/src/core/', source: path.resolve('generators/emitters/client/runtime'), extension: '.ts' },
  { copy: 'server/core/', source: path.resolve('generators/emitters/server/runtime'), extension: '.ts' },
  { copy: 'contract-tests/core/', source: path.resolve('generators/emitters/contract-tests/runtime'), extension: '.ts' },
  // The Python package's folder is named after the spec, so this one is matched by its tail.
  { copy: '/_core/', source: path.resolve('generators/emitters/python/runtime'), extension: '.py' },
];
const isCopyOf = (file: string, copy: string) => (copy.startsWith('/') ? file.startsWith('python/') && file.includes(copy) : file.startsWith(copy));
const fixtures = readdirSync(FIXTURES).filter((name) => /\.(ya?ml|json)$/.test(name)).sort();

describe.each(fixtures)('emitters on %s', (fixture) => {
  const name = fixture.replace(/\.(ya?ml|json)$/, '');
  const run = () =>
    generate({ spec: path.join('test/fixtures/specs', fixture), out: '(memory)', command: `npm run generate -- --spec test/fixtures/specs/${fixture}`, write: false, skip: ['sdks'], log: () => {} });

  it('matches the golden files', async () => {
    const { files } = await run();
    // The runtimes are copied verbatim and tested on their own, so golden files skip them.
    const golden = files.filter((file) => !RUNTIMES.some((runtime) => isCopyOf(file.path, runtime.copy)));
    for (const file of golden) {
      await expect(file.content).toMatchFileSnapshot(path.join('__snapshots__', name, file.path));
    }
  });

  it.each(RUNTIMES)('copies the hand-written runtime into $copy unchanged (under its header)', async ({ copy, source, extension }) => {
    const { files } = await run();
    const copies = files.filter((file) => isCopyOf(file.path, copy));
    expect(copies.map((file) => path.basename(file.path)).sort()).toEqual(readdirSync(source).filter((file) => file.endsWith(extension)).sort());
    for (const file of copies) expect(file.content.endsWith(readFileSync(path.join(source, path.basename(file.path)), 'utf8'))).toBe(true);
  });

  it('is deterministic: same spec, same bytes', async () => {
    const [first, second] = [await run(), await run()];
    expect(second.files).toEqual(first.files);
  });

  it('starts every generated file with a header naming the source and the command', async () => {
    const { files } = await run();
    for (const file of files) {
      const head = file.content.slice(0, 400);
      expect(head, file.path).toContain(`test/fixtures/specs/${fixture}`);
      expect(head, file.path).toContain(`npm run generate -- --spec test/fixtures/specs/${fixture}`);
    }
  });
});
