/**
 * TypeScript types for the whole document, from openapi-typescript's programmatic API:
 * `paths`, `operations`, `components` and `webhooks`. Rendered once per IR and shared by the
 * emitters that embed them (the client package carries its own copy). For a streamed response
 * (text/event-stream, NDJSON) whose item schema the spec gives, the media type's type is one
 * item's data (an event's `data`, one record), not the raw stream text: what the client yields
 * and the server stub writes.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir, IrOperation } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { deref } from '../../core/refs.js';

const rendered = new WeakMap<Ir, Promise<string>>();

/** A copy of the document whose streamed media types carry their item's schema. */
function typesDocument(ir: Ir): Record<string, unknown> {
  const document = structuredClone(ir.document);
  for (const operation of ir.operations) {
    for (const response of operation.responses) {
      for (const media of response.content) {
        if (!media.stream?.dataSchema) continue;
        const target = deref(document, document.paths?.[operation.path]?.[operation.method]?.responses?.[response.status])?.content?.[media.mediaType];
        if (target) target.schema = structuredClone(media.stream.dataSchema);
      }
    }
  }
  return document;
}

export function renderTypes(ir: Ir): Promise<string> {
  let types = rendered.get(ir);
  if (!types) {
    // openapi-typescript reads the already-bundled document (a copy: it annotates in place).
    types = openapiTS(typesDocument(ir) as unknown as Parameters<typeof openapiTS>[0], { silent: true }).then((ast) => astToString(ast));
    rendered.set(ir, types);
  }
  return types;
}

/** The type of one operation in the rendered types, e.g. `paths['/v1/health']['get']`. */
export function operationType(operation: IrOperation): string {
  return `paths[${stringLiteral(operation.path)}][${stringLiteral(operation.method)}]`;
}

export async function emitTypes(ir: Ir): Promise<GeneratedFile[]> {
  return [{ path: 'types/openapi.ts', content: await renderTypes(ir) }];
}
