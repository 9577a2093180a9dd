/**
 * The mock's copy of the spec: the bundled document without security requirements, because
 * the source says the mock ignores authentication and Prism 5 would otherwise answer 401 to a
 * request without a Bearer header. Everything else (schemas, examples, validation) is kept.
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';

export function emitMockSpec(ir: Ir): GeneratedFile[] {
  const document = structuredClone(ir.document);
  delete document.security;
  for (const pathItem of Object.values<Record<string, unknown>>(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      if (operation && typeof operation === 'object' && 'security' in operation) delete (operation as { security?: unknown }).security;
    }
  }
  document['x-mock'] = {
    note: 'Derived for the Prism mock: authentication removed, everything else as in the source.',
    spec_digest: ir.digest,
  };
  // JSON, not YAML: Prism reads either, and JSON is written ~15x faster for large specs.
  return [{ path: 'mock/openapi.json', content: JSON.stringify(document, null, 2) }];
}
