/**
 * openapi-generator is opt-in (`--sdks`) and isolated: a JAR that crashes (java starts and fails)
 * is reported as a warning naming the SDK and the reason, and every other emitter's output is
 * still produced.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';

const SPEC = 'test/fixtures/specs/widgets-3.0.yaml';
const saved = process.env.OPENAPI_GENERATOR_JAR;
afterEach(() => {
  if (saved === undefined) delete process.env.OPENAPI_GENERATOR_JAR;
  else process.env.OPENAPI_GENERATOR_JAR = saved;
});

describe('openapi-generator SDKs', () => {
  it('a crashing JAR names the SDK that failed and why, and the other emitters still run', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bad-jar-'));
    try {
      const jar = path.join(dir, 'openapi-generator.jar');
      await writeFile(jar, 'this is not a jar');
      process.env.OPENAPI_GENERATOR_JAR = jar;
      const lines: string[] = [];
      const { files, warnings } = await generate({
        spec: SPEC,
        out: '(memory)',
        command: 'test',
        write: false,
        include: ['sdks'],
        log: (line) => lines.push(line),
      });
      expect(warnings.join('\n')).toMatch(
        /^sdks: sdks\/typescript-fetch \(generator typescript-fetch\) was not generated: (openapi-generator failed: .*(jar|Jar|JAR)|.*java is not installed)/m,
      );
      for (const root of ['types/', 'client/', 'server/', 'contract-tests/', 'python/'])
        expect(
          files.some((file) => file.path.startsWith(root)),
          root,
        ).toBe(true);
      expect(lines.some((line) => line.startsWith('emit sdks'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
