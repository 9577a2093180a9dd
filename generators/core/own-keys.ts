/**
 * Keys of JSON read from a spec as keys, whatever they are named: JSON.parse makes a key named
 * `__proto__` an own property, where an assignment would set the object's prototype instead and a
 * read would find `Object.prototype`. For the copies the generators make of parts of a spec.
 */

/** A key's own value, undefined when the key is not the container's own (or it is no object). */
export function ownValue(container: unknown, key: string): unknown {
  return container && typeof container === 'object' && Object.hasOwn(container, key)
    ? (container as Record<string, unknown>)[key]
    : undefined;
}

/** Sets a key as an own enumerable property, as JSON.parse and Object.fromEntries do; returns the value. */
export function setOwn<T>(container: object, key: string, value: T): T {
  if (key === '__proto__')
    Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
  else (container as Record<string, unknown>)[key] = value;
  return value;
}
