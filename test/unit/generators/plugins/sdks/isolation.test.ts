/**
 * openapi-generator is opt-in (`--sdks`) and isolated: a missing JAR is reported as a warning and
 * every other emitter's output is still produced. (A JAR that crashes, which starts java, is in
 * test/integration/generators/plugins/sdks/isolation.test.ts.)
 */
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
  it('are not generated unless asked for', async () => {
    const { files, warnings } = await generate({
      spec: SPEC,
      out: '(memory)',
      command: 'test',
      write: false,
      log: () => {},
    });
    expect(files.some((file) => file.path.startsWith('sdks/'))).toBe(false);
    expect(files.some((file) => file.path.startsWith('python/'))).toBe(true);
    expect(warnings.filter((warning) => warning.startsWith('sdks'))).toEqual([]);
  });

  it('a missing JAR is reported and the SDKs output kept, without aborting generation', async () => {
    process.env.OPENAPI_GENERATOR_JAR = path.join(tmpdir(), 'no-such-dir', 'openapi-generator.jar');
    const { files, warnings } = await generate({
      spec: SPEC,
      out: '(memory)',
      command: 'test',
      write: false,
      include: ['sdks'],
      log: () => {},
    });
    expect(warnings.join('\n')).toMatch(
      /^sdks: failed, previous output in sdks\/ kept: openapi-generator JAR not found at /m,
    );
    expect(files.some((file) => file.path.startsWith('python/'))).toBe(true);
  });
});
