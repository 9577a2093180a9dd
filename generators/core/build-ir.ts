/** Builds the IR from a loaded document. */
import type { Ir } from './ir.js';
import type { LoadedDocument } from './load.js';

export function buildIr(loaded: LoadedDocument): Ir {
  const info = loaded.document.info ?? {};
  return {
    source: loaded.sourcePath,
    digest: loaded.digest,
    openapiVersion: loaded.openapiVersion,
    info: { title: String(info.title ?? 'API'), version: String(info.version ?? '0.0.0') },
    document: loaded.document,
  };
}
