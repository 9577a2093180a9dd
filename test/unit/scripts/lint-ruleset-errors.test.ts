/** A ruleset that does not load, or a spec that is not there, says why (a temporary folder; the linters' loaders, no process). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter, SpectralLinter } from '../../../scripts/lib/lint.js';

describe('a Spectral ruleset that does not load', () => {
  it('names the file and the reasons Spectral gives, where its error said nothing', async () => {
    // Spectral throws an AggregateError with an empty message: `lint` printed "lint: " and exited 2.
    const dir = await mkdtemp(path.join(tmpdir(), 'ruleset-'));
    try {
      const ruleset = path.join(dir, '.spectral.yaml');
      await writeFile(
        ruleset,
        'extends: ["spectral:oas"]\nrules:\n  my-rule:\n    given: "$.info"\n    then: { field: title, function: casingg }\n',
      );
      const error = await SpectralLinter.load(ruleset).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toMatch(/\.spectral\.yaml: .*Function is not defined/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('lint on a file that does not exist', () => {
  it('says so once, where both tools reported two findings at 1:1', async () => {
    const linter = await Linter.load();
    await expect(linter.lint(['no-such-spec.yaml'])).rejects.toThrow('no such file: no-such-spec.yaml');
  });
});
