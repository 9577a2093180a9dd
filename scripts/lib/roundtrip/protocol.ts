/**
 * The round trip's language-neutral protocol (`npm run check:roundtrip`). The harness writes the
 * calls it wants as JSON (`cases.json`); a driver per language performs them through that
 * language's generated SDK against the stubs and reports what each call returned; the harness
 * compares both ways (what the server decoded, checked by the stub's handlers, and what the
 * client returned). A new language is one `Driver` (see drivers.ts):
 *
 *   run(casesFile, { baseURL, outDir }) -> DriverResult[]
 *
 * A driver in another language is a program that reads `cases.json` (a `CasesFile`) and prints
 * one `DriverResult` per line as JSON. For each case it calls `operationId` through its SDK with
 * `request` (path parameters positionally in `pathOrder`; query, header and cookie parameters and
 * the body as that SDK takes them; `contentType` picks the request media type, `accept` the
 * response one), adds the header `X-Roundtrip-Case: <id>` to the call, and reports the result
 * encoded as below. It reports an error (the SDK threw, or refused the call) instead of a result.
 *
 * Values are JSON, with three wrappers for what JSON cannot hold:
 *   { "$bytes": "<base64>" }                              bytes (a binary body or response)
 *   { "$file": { "name", "type", "bytes": "<base64>" } }  a file (a multipart part)
 *   { "$events": [ { "event"?, "id"?, "retry"?, "data" } ] }  a server-sent event stream, in order
 *   { "$records": [ ... ] }                                an NDJSON stream, in order
 *   { "$form": [ [ name, "<text>" | { "$file": ... } ], ... ] }  a multipart/form-data answer: its
 *                                                          parts in order, text as written (JSON
 *                                                          parts as their JSON text) or a file
 */
import type { Ir } from '../../../generators/core/ir.js';

/** One value as the protocol writes it (JSON with the wrappers above). */
export type WireValue = unknown;

export interface CaseRequest {
  /** Path parameters by name (given positionally, in `pathOrder`). */
  path: Record<string, WireValue>;
  query: Record<string, WireValue>;
  header: Record<string, WireValue>;
  cookie: Record<string, WireValue>;
  /** The request media type; absent: the operation's default (or it takes no body). */
  contentType?: string;
  /** The body: an object's properties for JSON objects, form and multipart bodies; text; `$bytes`. */
  body?: WireValue;
  /** The response media type to ask for; absent: the preferred one. */
  accept?: string;
}

export interface CaseResponse {
  status: number;
  mediaType?: string;
  kind?: string;
  /** What the stub answers: JSON, text, `$bytes`, `$events`, `$records`, `$form`; absent for no body. */
  body?: WireValue;
}

export interface Case {
  /** Unique per run, sent in X-Roundtrip-Case. */
  id: string;
  operationId: string;
  method: string;
  path: string;
  /** Path parameter names in template order. */
  pathOrder: string[];
  request: CaseRequest;
  response: CaseResponse;
}

export interface CasesFile {
  spec: string;
  seed: number;
  cases: Case[];
}

export interface DriverResult {
  id: string;
  /** What the SDK returned, encoded as above (absent for no body). */
  result?: WireValue;
  /** Why the call failed, when it did. */
  error?: string;
}

export const CASE_HEADER = 'x-roundtrip-case';

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** What a driver gets: the IR, where the SDKs are, the stubs' URL and the cases file. */
export interface DriverContext {
  ir: Ir;
  /** Where the SDKs were generated (the `--out` of npm run generate). */
  outDir: string;
  baseURL: string;
  /** The cases, also written to this file for drivers in other languages. */
  casesFile: string;
}

export interface Driver {
  /** The name printed in the report and accepted by --lang. */
  name: string;
  /** Short names --lang accepts. */
  aliases: string[];
  /** Opt-in plugins whose output it calls, generated when it runs (e.g. `mcp`). */
  plugins?: string[];
  run(cases: Case[], context: DriverContext): Promise<DriverResult[]>;
}
