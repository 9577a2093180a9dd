/**
 * The mock's copy of the spec, `mock/openapi.json` (what it holds: document.ts). JSON, not YAML:
 * Prism reads either, and JSON is written ~15x faster for large specs. It is printed with the
 * contract's renderings (contract/emit.ts), in the generators' worker thread on a large spec.
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { contractRenderings } from '../contract/emit.js';

export async function emitMockSpec(ir: Ir): Promise<GeneratedFile[]> {
  return [{ path: 'mock/openapi.json', content: (await contractRenderings(ir)).mock }];
}
