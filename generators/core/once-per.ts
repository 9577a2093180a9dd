/**
 * What several emitters ask of one IR (its shared schema, the client's plan, the renderings in
 * worker threads) is made once per IR and shared: `oncePer(make)` answers each key object with
 * what `make` made for it first, for as long as the key lives. Callers read the answer, never
 * change it.
 */
export function oncePer<Key extends object, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as Value;
  };
}
