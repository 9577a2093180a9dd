/**
 * Both SDK READMEs say where the default retry policy comes from: the spec's x-retry-policy only
 * when the spec has one (the TypeScript README said "from the spec" for every spec).
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';

const readmes = async (spec: string) => {
  const { files } = await generate({
    spec,
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  });
  const text = (path: string) => files.find((file) => file.path === path)!.content;
  return { ts: text('client/README.md'), python: text('python/README.md') };
};

describe('the retry policy in the SDK READMEs', () => {
  it('is the usual policy for a spec without x-retry-policy', async () => {
    const { ts, python } = await readmes('test/fixtures/specs/widgets-3.0.yaml');
    expect(ts).toMatch(/\| `maxRetries` \| \d+ \(the usual policy: the spec has no `x-retry-policy`\) \|/);
    expect(ts).not.toContain('from the spec');
    expect(python).toContain('(the usual policy: the spec has no `x-retry-policy`)');
  });

  it("is the spec's for a spec with one", async () => {
    const { ts, python } = await readmes('test/fixtures/specs/shop-3.1.json');
    expect(ts).toMatch(/\| `maxRetries` \| \d+ \(the spec's `x-retry-policy`\) \|/);
    expect(python).toContain("(the spec's `x-retry-policy`)");
  });
});
