/**
 * Where a document lists its webhooks. One rule for every reader (the IR's events, the types), so
 * that an OpenAPI 3.0 document's webhooks are never read as something else.
 */
import type { OpenApiDocument } from './document.js';
import { HTTP_METHODS } from './ir.js';

/** Where a document lists its webhooks, and the pointer of that list. */
export interface ListedWebhooks {
  items: Record<string, unknown>;
  pointer: '/webhooks' | '/x-webhooks';
}

const isPathItemLike = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  ('$ref' in value || HTTP_METHODS.some((method) => method in value));

/**
 * The document's webhooks: OAS 3.1 `webhooks`, else a root `x-webhooks` whose every value is a path
 * item. That is how OpenAPI 3.0 documents list them (Redocly's convention: GitHub's spec, and our
 * own 3.0 downconversion, sdks/downconvert.ts). Our root `x-webhooks` of signing settings shares the
 * name; its values (a scheme, header names, numbers) are never path items, so the two cannot be taken
 * for each other.
 */
export function listedWebhooks(document: OpenApiDocument): ListedWebhooks | undefined {
  if (document.webhooks && typeof document.webhooks === 'object')
    return { items: document.webhooks, pointer: '/webhooks' };
  const extension = document['x-webhooks'];
  if (
    extension &&
    typeof extension === 'object' &&
    !Array.isArray(extension) &&
    Object.keys(extension).length > 0 &&
    Object.values(extension).every(isPathItemLike)
  )
    return { items: extension, pointer: '/x-webhooks' };
  return undefined;
}
