/** Test helpers that read facts from the spec itself, so tests never hard-code its examples. */
import path from 'node:path';
import { loadDocument } from '../../generators/core/load.js';
import type { OpenApiDocument } from '../../generators/core/document.js';
import { deref } from '../../generators/core/refs.js';

export const SPEC_PATH = path.resolve('spec/openapi.yaml');

let cached: Promise<OpenApiDocument> | undefined;
export function specDocument(): Promise<OpenApiDocument> {
  cached ??= loadDocument(SPEC_PATH).then((loaded) => loaded.document);
  return cached;
}

/** Follows local $refs: the generators' own resolver. */
export { deref };

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface SpecOperation {
  method: (typeof METHODS)[number];
  path: string;
  operation: any;
}

export function operationsOf(document: OpenApiDocument): SpecOperation[] {
  return Object.entries<any>(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
}

/** The value of the first example of an operation's response for a status. */
export function firstResponseExample(document: OpenApiDocument, operation: any, status: string): unknown {
  const response = deref(document, operation.responses[status]);
  const media = response.content['application/json'];
  if ('example' in media) return media.example;
  const first = Object.values<any>(media.examples)[0];
  return deref(document, first).value;
}

/** The value of the first example of an operation's request body. */
export function requestExample(document: OpenApiDocument, operation: any): unknown {
  const media = deref(document, operation.requestBody).content['application/json'];
  if ('example' in media) return media.example;
  return deref(document, Object.values<any>(media.examples)[0]).value;
}

/** A concrete URL path: every {param} replaced by the given value. */
export function fillPath(template: string, value = 'any_id_123'): string {
  return template.replace(/\{[^}]+\}/g, value);
}
