/**
 * Optic 1.0.9's breaking-changes standard (what `optic diff base head --check` runs), called
 * in process so dozens of pairs take seconds instead of one CLI start each.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface OpticVerdict {
  breaking: boolean;
  messages: string[];
}

export async function opticJudge(): Promise<(base: unknown, head: unknown) => Promise<OpticVerdict>> {
  const { parseOpenAPIWithSourcemap, checkOpenAPIVersion, denormalize } = require('@useoptic/openapi-io');
  const { compareSpecs } = require('@useoptic/openapi-utilities');
  const { RuleRunner } = require('@useoptic/rulesets-base');
  const { BreakingChangesRuleset } = require('@useoptic/standard-rulesets');
  const runner = new RuleRunner([new BreakingChangesRuleset()]);
  // Optic reads specs from files: each in a folder of its own, removed once parsed.
  const load = async (document: unknown) => {
    const work = await mkdtemp(path.join(tmpdir(), 'optic-'));
    try {
      const file = path.join(work, 'spec.json');
      await writeFile(file, JSON.stringify(document));
      const parsed = await parseOpenAPIWithSourcemap(file);
      const version = checkOpenAPIVersion(parsed.jsonLike);
      // The CLI validates, then denormalises (inlines path-level parameters and allOf) before comparing.
      return denormalize({ ...parsed, version, isEmptySpec: false }, version, []);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
  return async (base, head) => {
    const [from, to] = await Promise.all([load(base), load(head)]);
    const results = await compareSpecs(from, to, runner, {});
    const failed = results.results.filter(
      (result: { passed: boolean; exempted?: boolean }) => !result.passed && !result.exempted,
    );
    return {
      breaking: failed.length > 0,
      messages: [
        ...new Set<string>(
          failed.map((result: { name: string; error?: string }) => `${result.name}: ${result.error ?? ''}`),
        ),
      ],
    };
  };
}
