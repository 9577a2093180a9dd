/** A config's `exclude`: which operations each entry names, and the document without them. No process. */
import { describe, expect, it } from 'vitest';
import { documentFrom } from '../../../../generators/core/load.js';
import {
  excludeOperations,
  nearestOperation,
  parseExclusion,
  type OperationSelector,
} from '../../../../generators/core/exclude.js';

const ok = { '200': { description: 'OK' } };

function spec() {
  return documentFrom('api.yaml', {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/boards/{id}': {
        summary: 'A board',
        get: { operationId: 'getBoard', responses: ok },
        delete: { operationId: 'deleteBoard', responses: ok },
      },
      '/boards/{id}/cards/{filter}': { get: { operationId: 'cardsByFilter', responses: ok } },
      '/admin/users': { get: { operationId: 'adminUsers', responses: ok }, post: { responses: ok } },
      '/shared': { $ref: '#/components/pathItems/shared', description: 'from the path' },
    },
    components: {
      pathItems: {
        shared: {
          description: 'from the item',
          get: { operationId: 'sharedGet', responses: ok },
          put: { operationId: 'sharedPut', responses: ok },
        },
      },
    },
  });
}

function selector(entry: string): OperationSelector {
  const parsed = parseExclusion(entry);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

describe('parseExclusion', () => {
  it('reads "METHOD /path" (any case), "/path" and an operationId', () => {
    expect(selector('GET /boards/{id}')).toEqual({ method: 'get', path: /^\/boards\/\{id\}$/ });
    expect(selector('delete  /boards/{id}')).toMatchObject({ method: 'delete' });
    expect(selector('/admin/*')).toEqual({ path: /^\/admin\/.*$/ });
    expect(selector('getBoard')).toEqual({ operationId: 'getBoard' });
  });

  it('refuses an entry of no such form, saying what the forms are', () => {
    for (const entry of ['', '  ', 'FETCH /boards', 'GET boards', 'GET /a /b'])
      expect(parseExclusion(entry), JSON.stringify(entry)).toEqual({
        problem: expect.stringMatching(/operationId/),
      });
  });
});

describe('excludeOperations', () => {
  it('leaves out what each entry names, a path item with no operation left, and counts what each named', () => {
    const loaded = spec();
    const { loaded: kept, matched } = excludeOperations(loaded, [
      selector('GET /boards/{id}/cards/{filter}'),
      selector('DELETE /boards/{id}'),
      selector('/admin/*'),
      selector('sharedPut'),
      selector('GET /nowhere'),
    ]);
    expect(matched).toEqual([1, 1, 2, 1, 0]);
    expect(kept.document.paths).toEqual({
      '/boards/{id}': { summary: 'A board', get: { operationId: 'getBoard', responses: ok } },
      // A $ref'd path item becomes the item without the operation, its own fields over the item's.
      '/shared': { description: 'from the path', get: { operationId: 'sharedGet', responses: ok } },
    });
    expect(kept.document.components).toBe(loaded.document.components);
    // What was left out, for the IR (the contract suites) and provenance.json.
    expect(kept.excluded).toEqual([
      { method: 'delete', path: '/boards/{id}' },
      { method: 'get', path: '/boards/{id}/cards/{filter}' },
      { method: 'get', path: '/admin/users' },
      { method: 'post', path: '/admin/users' },
      { method: 'put', path: '/shared' },
    ]);
  });

  it('changes neither the loaded document nor its digest, and the result has its own digest', () => {
    const loaded = spec();
    const before = JSON.stringify(loaded.document);
    const digest = loaded.digest;
    const { loaded: kept } = excludeOperations(loaded, [selector('deleteBoard')]);
    expect(JSON.stringify(loaded.document)).toBe(before);
    expect(loaded.digest).toBe(digest);
    expect(kept.digest).toMatch(/^sha256:/);
    expect(kept.digest).not.toBe(digest);
    expect(kept.files).toBe(loaded.files);
  });

  it('returns the loaded document itself when no entry names an operation', () => {
    const loaded = spec();
    expect(excludeOperations(loaded, [selector('GET /nowhere')]).loaded).toBe(loaded);
  });
});

describe('nearestOperation', () => {
  it('names what an entry that names nothing was probably meant to: case, parameter names, a last slash', () => {
    const { document } = spec();
    expect(nearestOperation(document, 'getboard')).toBe('getBoard');
    expect(nearestOperation(document, 'GET /boards/{x}/cards/{y}')).toBe('GET /boards/{id}/cards/{filter}');
    expect(nearestOperation(document, '/boards/{board}/')).toBe('/boards/{id}');
    expect(nearestOperation(document, 'get  /shared')).toBe('GET /shared');
    expect(nearestOperation(document, 'GET /nowhere')).toBeUndefined();
  });
});
