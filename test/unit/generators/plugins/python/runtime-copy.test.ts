/**
 * The runtime every generated Python package carries (`<package>/_core/`) is a verbatim copy of
 * generators/plugins/python/runtime/, whatever the spec: which is why pyright checks it once, in our
 * SDK's check, and every other check leaves it out (test/support/pyright.ts). Starts no process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { emitPython } from '../../../../../generators/plugins/python/emit.js';

const RUNTIME = 'generators/plugins/python/runtime';

async function runtimeOf(spec: string): Promise<Record<string, string>> {
  const files = await emitPython(buildIr(await loadDocument(spec)));
  return Object.fromEntries(
    files
      .filter((file) => /\/_core\//.test(file.path))
      .map((file) => [file.path.replace(/^.*\/_core\//, ''), file.content]),
  );
}

describe("the Python SDK's runtime", () => {
  it('is the runtime folder, file for file, for specs unlike each other', async () => {
    const sources = Object.fromEntries(
      readdirSync(RUNTIME, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.py'))
        .map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(RUNTIME, file), 'utf8')]),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    for (const spec of [
      'spec/openapi.yaml',
      'test/fixtures/specs/media-3.1.yaml',
      'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    ])
      expect(await runtimeOf(spec), spec).toEqual(sources);
  });
});
