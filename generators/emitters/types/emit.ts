/**
 * TypeScript types for the whole document, from openapi-typescript's programmatic API:
 * `paths`, `operations`, `components` and `webhooks`. Rendered once per IR and shared by the
 * emitters that embed them (the client package carries its own copy).
 */
import openapiTS, { astToString } from 'openapi-typescript';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir, IrOperation } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';

const rendered = new WeakMap<Ir, Promise<string>>();

export function renderTypes(ir: Ir): Promise<string> {
  let types = rendered.get(ir);
  if (!types) {
    // openapi-typescript reads the already-bundled document; structuredClone because it annotates in place.
    types = openapiTS(structuredClone(ir.document) as Parameters<typeof openapiTS>[0], { silent: true }).then((ast) => astToString(ast));
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
