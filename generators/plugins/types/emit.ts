/**
 * TypeScript types for the whole document, from openapi-typescript's programmatic API:
 * `paths`, `operations`, `components` and `webhooks`. Rendered once per IR and shared by the
 * emitters that embed them (the client package carries its own copy). For a streamed response
 * (text/event-stream, NDJSON) whose item schema the spec gives, the media type's type is one
 * item's data (an event's `data`, one record), not the raw stream text: what the client yields
 * and the server stub writes.
 */
import type { Ir } from '../../core/ir.js';
import { resolvedPath } from '../../core/refs.js';
import { renderDocument, type DocumentJob, type StreamSchema } from '../../core/document-worker.js';
import { oncePer } from '../../core/once-per.js';
import { listedWebhooks } from '../../core/webhook-items.js';

function streamSchemas(ir: Ir): StreamSchema[] {
  const found: StreamSchema[] = [];
  for (const operation of ir.operations) {
    for (const response of operation.responses) {
      for (const media of response.content) {
        if (!media.stream?.dataSchema) continue;
        const at = resolvedPath(ir.document, [
          'paths',
          operation.path,
          operation.method,
          'responses',
          response.status,
        ]);
        if (at) found.push({ at: [...at, 'content', media.mediaType], schema: media.stream.dataSchema });
      }
    }
  }
  return found;
}

/**
 * What the types are rendered from: the document, with each streamed media type's item schema. An
 * OpenAPI 3.0 document's webhooks (root `x-webhooks`, webhook-items.ts) are typed as `webhooks`, as
 * a 3.1 document's are: openapi-typescript reads only the latter.
 */
export function typesJob(ir: Ir): Extract<DocumentJob, { kind: 'types' }> {
  const listed = listedWebhooks(ir.document);
  const document =
    listed?.pointer === '/x-webhooks' ? { ...ir.document, webhooks: listed.items } : ir.document;
  return { kind: 'types', document, streamSchemas: streamSchemas(ir) };
}

/**
 * The types, rendered once per IR in the generators' worker thread: openapi-typescript is the
 * largest single step on a spec of any size, and the other emitters need none of it.
 */
export const renderTypes: (ir: Ir) => Promise<string> = oncePer((ir: Ir) => renderDocument(ir, typesJob(ir)));
