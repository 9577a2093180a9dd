/**
 * The breaking-change classifier as a library. `classifyDocuments(base, head)` compares two
 * bundled OpenAPI documents (as `loadDocument(file).document` returns them: local `$ref`s only)
 * and returns every change classified: rule id, where, JSON pointer, detail, who it breaks, what
 * an existing client sees, and the semver bumps the change needs. It never prints, exits or
 * reads files; `npm run check:breaking` (scripts/check-breaking.ts) adds git, the config file,
 * `file:line` and the exit code around the same classification.
 */
import type { OpenApiDocument } from '../core/document.js';
import { compareDocuments } from './compare.js';
import { classify, type Classification, type SwitchedOff } from './gate.js';

export type { ClassifiedFinding, Classification } from './gate.js';

export function classifyDocuments(
  base: OpenApiDocument,
  head: OpenApiDocument,
  options: { off?: SwitchedOff[] } = {},
): Classification {
  return classify(compareDocuments(base, head), options.off ?? []);
}
