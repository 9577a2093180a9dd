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

/** Whether a value is a path item (or a `$ref` to one): how a list of webhooks is told from other values. */
export const isPathItemLike = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  ('$ref' in value || HTTP_METHODS.some((method) => method in value));

/** Root `x-webhooks`' entries, without extensions of its own (`x-…`, which a list of webhooks may carry). */
function extensionEntries(document: OpenApiDocument): Array<[string, unknown]> {
  const extension = document['x-webhooks'];
  if (!extension || typeof extension !== 'object' || Array.isArray(extension)) return [];
  return Object.entries(extension).filter(([name]) => !name.startsWith('x-'));
}

/**
 * The document's webhooks: OAS 3.1 `webhooks`, else a root `x-webhooks` whose every entry is a path
 * item. That is how OpenAPI 3.0 documents list them (Redocly's convention: GitHub's spec, and our
 * own 3.0 downconversion, sdks/downconvert.ts). Our root `x-webhooks` of signing settings shares the
 * name; its values (a scheme, header names, numbers) are never path items, so the two cannot be taken
 * for each other, and one that holds both is refused (mixedWebhookSettings).
 */
export function listedWebhooks(document: OpenApiDocument): ListedWebhooks | undefined {
  if (document.webhooks && typeof document.webhooks === 'object')
    return { items: document.webhooks, pointer: '/webhooks' };
  const entries = extensionEntries(document);
  if (entries.length > 0 && entries.every(([, value]) => isPathItemLike(value)))
    return { items: Object.fromEntries(entries), pointer: '/x-webhooks' };
  return undefined;
}

/**
 * The path items in a root `x-webhooks` that also holds other values (signing settings): neither a
 * list of webhooks nor settings alone, so the webhooks would be lost either way. Where the document
 * has `webhooks` (3.1), root `x-webhooks` is its settings and is not looked at here.
 */
export function mixedWebhookSettings(document: OpenApiDocument): string[] {
  if (document.webhooks && typeof document.webhooks === 'object') return [];
  const entries = extensionEntries(document);
  const items = entries.filter(([, value]) => isPathItemLike(value)).map(([name]) => name);
  return items.length > 0 && items.length < entries.length ? items : [];
}
