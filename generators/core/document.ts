/**
 * The document's types: what the loader (load.ts) returns and what every reader of the document
 * (refs, discriminators, generic schemas, the IR) takes. A leaf: it imports nothing, so the loader
 * is not the root of the type graph (as openapi-typescript keeps its document types in `types.ts`).
 */

// The document is user data of unknown shape until the IR builder has normalised it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiDocument = Record<string, any>;

/** A JSON Schema as written in the document (2020-12 for 3.1, the OAS dialect for 3.0). */
export type JsonSchema = Record<string, unknown> | boolean;

/** A bundled document: every external $ref inlined, internal $refs kept. */
export interface LoadedDocument {
  /** The root file, relative to the working directory, as given on the command line. */
  sourcePath: string;
  /** The bundled document as plain JSON data. */
  document: OpenApiDocument;
  /** The OpenAPI version line, e.g. "3.1.0". */
  openapiVersion: string;
  /**
   * sha256 of the bundled document's canonical JSON: the spec digest every artifact records.
   * Computed when first read: on a large spec it takes a third of a second, which the types'
   * worker thread (the longest part of a generation) need not wait for.
   */
  readonly digest: string;
  /** Every file the document was read from (for watch mode). */
  files: string[];
  /** Operations the config's `exclude` left out of `document` (none when it left out none). */
  excluded?: ExcludedOperation[];
}

/** An operation the config left out: the API has it, this generation describes it not. */
export interface ExcludedOperation {
  /** Lower case, as the document's path items key it. */
  method: string;
  /** As the spec writes it. */
  path: string;
}

/** A line and column in a file, both from 1. */
export interface Position {
  line: number;
  column: number;
}
