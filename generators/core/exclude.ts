/**
 * Operations a config's document leaves out of generation (its `exclude`): a public spec's one
 * operation that cannot be generated (Trello's two GET paths that differ only in a parameter's
 * name), or a part of an API a team does not call. Left out of the bundled document itself, before
 * the IR is built, so every output (types, contract, mock, SDKs, suites) and the spec digest they
 * record describe the same operations. The spec file stays as it is: lint and the docs read it whole.
 */
import { digestOf } from './load.js';
import type { ExcludedOperation, LoadedDocument, OpenApiDocument } from './document.js';
import { HTTP_METHODS, type HttpMethod } from './ir.js';
import { deref } from './refs.js';

/**
 * One entry, in one of three forms: `GET /boards/{id}` (a method and a path, as the spec writes
 * the path), `/boards/{id}` (every operation of the path), or an operationId. A `*` in a path
 * matches any characters (`/admin/*`), as the mcp plugin's path filters do.
 */
export interface OperationSelector {
  method?: HttpMethod;
  path?: RegExp;
  operationId?: string;
}

/** The selector an entry stands for, or why it is none. */
export function parseExclusion(entry: string): OperationSelector | { problem: string } {
  const text = entry.trim();
  if (text === '')
    return { problem: 'must name an operation: "GET /path", "/path" (all its methods) or an operationId' };
  const [first, ...rest] = text.split(/\s+/);
  if (rest.length === 0) return first.startsWith('/') ? { path: pathPattern(first) } : { operationId: first };
  const method = first.toLowerCase() as HttpMethod;
  if (rest.length > 1 || !HTTP_METHODS.includes(method) || !rest[0].startsWith('/'))
    return {
      problem: `must be "METHOD /path" (METHOD one of ${HTTP_METHODS.map((each) => each.toUpperCase()).join(', ')}), "/path" or an operationId`,
    };
  return { method, path: pathPattern(rest[0]) };
}

function pathPattern(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

function selects(selector: OperationSelector, method: HttpMethod, path: string, operation: unknown): boolean {
  if (selector.operationId !== undefined)
    return (operation as { operationId?: unknown }).operationId === selector.operationId;
  return (selector.method === undefined || selector.method === method) && selector.path!.test(path);
}

/**
 * The document without the operations the selectors name (a path item left with none goes too),
 * and, per selector, how many operations it named: one that names none is a mistake its caller
 * reports (a typo would otherwise leave out nothing, silently). The loaded document is not
 * changed: the result shares every object it does not leave out.
 */
export function excludeOperations(
  loaded: LoadedDocument,
  selectors: OperationSelector[],
): { loaded: LoadedDocument; matched: number[] } {
  const matched = selectors.map(() => 0);
  const left: ExcludedOperation[] = [];
  const source = loaded.document;
  const paths: Record<string, unknown> = {};
  for (const [path, rawItem] of Object.entries((source.paths ?? {}) as Record<string, unknown>)) {
    const item = deref<Record<string, unknown>>(source, rawItem);
    if (!item || typeof item !== 'object') {
      paths[path] = rawItem;
      continue;
    }
    const excluded = HTTP_METHODS.filter((method) => {
      const operation = item[method];
      if (!operation || typeof operation !== 'object') return false;
      let named = false;
      selectors.forEach((selector, index) => {
        if (selects(selector, method, path, operation)) {
          matched[index] += 1;
          named = true;
        }
      });
      return named;
    });
    if (excluded.length === 0) {
      paths[path] = rawItem;
      continue;
    }
    left.push(...excluded.map((method) => ({ method, path })));
    // A path item that is a $ref becomes the item it points to (its own fields over that item's, as
    // OpenAPI 3.1 reads them) without the operations left out; the item pointed to stays as it is.
    const kept = Object.fromEntries(
      Object.entries({ ...item, ...(rawItem as Record<string, unknown>) }).filter(
        ([key]) => key !== '$ref' && !excluded.includes(key as HttpMethod),
      ),
    );
    if (HTTP_METHODS.some((method) => method in kept)) paths[path] = kept;
  }
  if (matched.every((count) => count === 0)) return { loaded, matched };
  const document: OpenApiDocument = { ...source, paths };
  let digest: string | undefined;
  return {
    // Not `...loaded`: spreading would read its digest, a third of a second on a large spec.
    loaded: {
      sourcePath: loaded.sourcePath,
      document,
      openapiVersion: loaded.openapiVersion,
      get digest() {
        return (digest ??= digestOf(document));
      },
      files: loaded.files,
      excluded: [...(loaded.excluded ?? []), ...left],
    },
    matched,
  };
}

/**
 * The operation (or path) of the document an entry that names none was probably meant to name: the
 * same but for case, the names of path parameters or a last `/`. Undefined when none is that close.
 */
export function nearestOperation(document: OpenApiDocument, entry: string): string | undefined {
  const loose = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/\{[^}]*\}/g, '{}')
      .replace(/(.)\/$/, '$1');
  const wanted = loose(entry);
  for (const [path, rawItem] of Object.entries((document.paths ?? {}) as Record<string, unknown>)) {
    if (loose(path) === wanted) return path;
    const item = deref<Record<string, unknown>>(document, rawItem);
    if (!item || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { operationId?: unknown } | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const named = `${method.toUpperCase()} ${path}`;
      if (loose(named) === wanted) return named;
      if (typeof operation.operationId === 'string' && loose(operation.operationId) === wanted)
        return operation.operationId;
    }
  }
  return undefined;
}
