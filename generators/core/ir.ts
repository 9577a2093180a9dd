/**
 * The intermediate representation every emitter reads. Built once from a loaded document by
 * build-ir.ts; emitters never look at the raw OpenAPI document except through `document`
 * (kept for emitters whose output is itself a document, such as the mock's copy).
 */
import type { OpenApiDocument } from './load.js';

export interface Ir {
  /** The spec path as given, e.g. "spec/openapi.yaml". */
  source: string;
  /** sha256 of the bundled document: the spec digest every artifact records. */
  digest: string;
  openapiVersion: string;
  info: { title: string; version: string };
  /** The bundled document, for document-to-document emitters. */
  document: OpenApiDocument;
}
