/**
 * Operation ids the IR derives for operations without one (`get /users/{id}` → `getUsersById`):
 * two paths may derive the same id (daniweb's `GET /users` and `GET /users/~`, whose `~` no
 * identifier keeps), or a derived id may be another operation's own; every handler, client call
 * and suite is keyed by the id, so a collision was a duplicate identifier in the stubs' handlers
 * and the suites' calls, and one operation's requests went to the other's handler.
 */
import { expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../generators/core/load.js';

const ok = { responses: { '200': { description: 'OK' } } };

const ids = (paths: Record<string, unknown>) =>
  buildIr(
    documentFrom('derived-ids.json', { openapi: '3.0.3', info: { title: 'Ids', version: '1' }, paths }),
  ).operations.map((operation) => [
    `${operation.method} ${operation.path}`,
    operation.id,
    operation.idIsDerived,
  ]);

it('derives an id from the method and the path', () => {
  expect(ids({ '/users/{id}': { get: ok } })).toEqual([['get /users/{id}', 'getUsersById', true]]);
});

it('numbers a derived id another path derives too, in the order of the spec', () => {
  expect(ids({ '/users': { get: ok }, '/users/~': { get: ok }, '/users/-': { get: ok } })).toEqual([
    ['get /users', 'getUsers', true],
    ['get /users/~', 'getUsers2', true],
    ['get /users/-', 'getUsers3', true],
  ]);
});

it('numbers past the ids other paths derive, so adding one renames only those deriving its id', () => {
  expect(ids({ '/users': { get: ok }, '/users/~': { get: ok }, '/users2': { get: ok } })).toEqual([
    ['get /users', 'getUsers', true],
    ['get /users/~', 'getUsers3', true],
    ['get /users2', 'getUsers2', true],
  ]);
});

it("leaves the spec's own ids as written and numbers a derived one they take, in any case", () => {
  expect(
    ids({
      '/users': { get: ok },
      '/people': { get: { operationId: 'GetUsers', ...ok } },
      '/staff': { get: { operationId: 'getUsers2', ...ok } },
    }),
  ).toEqual([
    ['get /users', 'getUsers3', true],
    ['get /people', 'GetUsers', false],
    ['get /staff', 'getUsers2', false],
  ]);
});
