/**
 * Golden files per emitter and fixture spec, in a tree you can browse:
 * test/golden/__snapshots__/<fixture>/<file>. Update them with `npm run test:golden:update`
 * after an intended change, and read the diff in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generators/pipeline.js';

const FIXTURES = path.resolve('test/fixtures/specs');
const RUNTIME = path.resolve('generators/emitters/client/runtime');
const fixtures = readdirSync(FIXTURES).filter((name) => /\.(ya?ml|json)$/.test(name)).sort();

describe.each(fixtures)('emitters on %s', (fixture) => {
  const name = fixture.replace(/\.(ya?ml|json)$/, '');
  const run = () =>
    generate({ spec: path.join('test/fixtures/specs', fixture), out: '(memory)', command: `npm run generate -- --spec test/fixtures/specs/${fixture}`, write: false, log: () => {} });

  it('matches the golden files', async () => {
    const { files } = await run();
    // The runtime is copied verbatim; its own tests cover it, so golden files skip it.
    const golden = files.filter((file) => !file.path.startsWith('client/src/core/'));
    for (const file of golden) {
      await expect(file.content).toMatchFileSnapshot(path.join('__snapshots__', name, file.path));
    }
  });

  it('copies the hand-written runtime into the client unchanged (under its header)', async () => {
    const { files } = await run();
    const copies = files.filter((file) => file.path.startsWith('client/src/core/'));
    expect(copies.map((file) => path.basename(file.path)).sort()).toEqual(readdirSync(RUNTIME).filter((file) => file.endsWith('.ts')).sort());
    for (const copy of copies) expect(copy.content.endsWith(readFileSync(path.join(RUNTIME, path.basename(copy.path)), 'utf8'))).toBe(true);
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
