/**
 * A document cut into units, the pieces an edit touches one at a time: each root key, except that a
 * root value that is a non-empty object is cut into its entries (one path item, one webhook, one tag
 * group of `info`), and `components` two levels down (one schema, one parameter). The document
 * renderings (types-rendering.mjs, text-renderings.mjs) render a unit once and keep its text while the
 * unit stays deep-equal to its predecessor, so a save re-renders what it touched and splices the rest.
 * Plain JavaScript: it runs in the document worker.
 */

/** How deep units go under a root key: `components` (kind, then name) two levels, any other one. */
const UNIT_DEPTH = { components: 3 };
const DEFAULT_DEPTH = 2;

/** A unit's key: the JSON pointer of its place (RFC 6901), e.g. `/paths/~1users~1{id}`. */
export function pointerOf(path) {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function isPlainObject(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An object with at least one key whose value is defined: what JSON and YAML print as a block. */
function hasDefined(object) {
  for (const key in object) if (Object.hasOwn(object, key) && object[key] !== undefined) return true;
  return false;
}

/**
 * The document's outline: the root's entries in order, each a unit (`unit` is its pointer, `path`
 * its keys) or a container (`children`) of units. Keys whose value is undefined are left out (neither
 * JSON nor YAML prints them). `units` maps each unit's pointer to its path and value.
 */
export function outline(document) {
  const units = new Map();
  const visit = (value, path, depth) => {
    if (path.length < depth && isPlainObject(value) && hasDefined(value)) {
      const children = [];
      for (const key in value) {
        if (!Object.hasOwn(value, key) || value[key] === undefined) continue;
        children.push(visit(value[key], [...path, key], depth));
      }
      return { key: path[path.length - 1], path, pointer: pointerOf(path), children };
    }
    const pointer = pointerOf(path);
    units.set(pointer, { path, value });
    return { key: path[path.length - 1], path, pointer, unit: pointer };
  };
  const entries = [];
  for (const key in document) {
    if (!Object.hasOwn(document, key) || document[key] === undefined) continue;
    entries.push(visit(document[key], [key], UNIT_DEPTH[key] ?? DEFAULT_DEPTH));
  }
  return { entries, units };
}

/**
 * The units a read of a JSON pointer (as keys) depends on, in a document cut as `outline` cuts it:
 * the unit it falls in; when it falls in none (it names nothing yet), every unit that adding it could
 * create. Undefined for a pointer above the units (`#/components/schemas` itself): the caller treats
 * that as reading every unit.
 */
export function unitsOfPath(units, keys) {
  const limit = Math.min(keys.length, UNIT_DEPTH[keys[0]] ?? DEFAULT_DEPTH);
  const candidates = [];
  for (let length = limit; length >= 1; length -= 1) {
    const pointer = pointerOf(keys.slice(0, length));
    if (units.has(pointer)) return [pointer];
    candidates.push(pointer);
  }
  return keys.length >= (UNIT_DEPTH[keys[0]] ?? DEFAULT_DEPTH) ? candidates : undefined;
}

/**
 * Deep equality as a printer sees it: same keys in the same order (order is printed), same array
 * items, primitives by Object.is (so 0 and -0, which YAML prints apart, differ).
 */
export function sameValue(a, b) {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameValue(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index];
    if (key !== others[index] || !sameValue(a[key], b[key])) return false;
  }
  return true;
}

/**
 * The units of `next` that differ from `previous`'s (added, removed, or not deep-equal), as pointers;
 * every unit of both when there is no previous outline. `known(pointer, value)` may answer for a unit
 * without comparing it (true: unchanged, false: changed, undefined: compare).
 */
export function changedUnits(previous, next, known = () => undefined) {
  if (!previous) return new Set(next.units.keys());
  const changed = new Set();
  for (const [pointer, { value }] of next.units) {
    const before = previous.units.get(pointer);
    if (!before) {
      changed.add(pointer);
      continue;
    }
    const answer = known(pointer, value);
    if (answer === false || (answer === undefined && !sameValue(before.value, value))) changed.add(pointer);
  }
  for (const pointer of previous.units.keys()) if (!next.units.has(pointer)) changed.add(pointer);
  return changed;
}
