/**
 * JSON equality for every Ajv of the process, copied beside the runtimes that validate with Ajv
 * (the server stubs' and the contract suites'); importing it installs it. It imports no module of
 * the toolkit.
 */
import { createRequire } from 'node:module';

/**
 * JSON values equal by their content. Ajv compares objects (`uniqueItems`, a `const` or `enum` that
 * holds one) with fast-deep-equal, which calls `a.valueOf()` or `a.toString()` when an object's own
 * differs from Object.prototype's: a JSON body with an own "valueOf" or "toString" key (a hostile
 * client's, or fast-check's, which draws such keys) made it throw, and the stubs answered 500, in
 * request validation and in the serializer's oneOf checks alike. Dates and RegExps, which handlers
 * may answer with, compare by their value.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (Array.isArray(a))
    return (
      a.length === (b as unknown[]).length &&
      a.every((item, index) => jsonEqual(item, (b as unknown[])[index]))
    );
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(other).length &&
    keys.every(
      (key) => Object.hasOwn(other, key) && jsonEqual((a as Record<string, unknown>)[key], other[key]),
    )
  );
}

// Ajv reads its equal function when it compiles a schema: every Ajv of the process (fast-json-stringify's
// too, made when a route's serializer is built) compiles after this module is loaded. Its `code` is what
// standalone validators import, unchanged.
// The module's exports object, as Ajv's own require() sees it (an ESM default import of it differs by loader).
const ajvEqual = createRequire(import.meta.url)('ajv/dist/runtime/equal.js') as {
  default: ((a: unknown, b: unknown) => boolean) & { code?: string | undefined };
};
if (ajvEqual.default !== jsonEqual)
  ajvEqual.default = Object.assign(jsonEqual, { code: ajvEqual.default.code });
