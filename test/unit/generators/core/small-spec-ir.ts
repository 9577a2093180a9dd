/**
 * The IR of a small spec, for the IR's media and parameter tests: the spec is written to a temporary
 * JSON file and loaded from there, so errors name a real file, line and column.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import type { Ir, IrOperation } from '../../../../generators/core/ir.js';
import { loadDocument } from '../../../../generators/core/load.js';

export type IrOf = (
  paths: Record<string, unknown>,
  version?: string,
  components?: Record<string, unknown>,
) => Promise<Ir>;

/** `irOf(paths, version, components)` for the calling file's tests, in a directory removed after them. */
export function useIrOf(prefix: string): IrOf {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let counter = 0;
  return async (paths, version = '3.1.0', components = {}) => {
    const file = path.join(dir, `spec-${(counter += 1)}.json`);
    await writeFile(
      file,
      JSON.stringify(
        { openapi: version, info: { title: 'Media API', version: '1.0.0' }, paths, components },
        null,
        2,
      ),
    );
    return buildIr(await loadDocument(file));
  };
}

export const only = (ir: Ir): IrOperation => ir.operations[0];
export const ok = { '200': { description: 'OK' } };
