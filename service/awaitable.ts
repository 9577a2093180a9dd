/**
 * A value the store gives at once or later. On SQLite the reads every request makes (its key, its
 * rate limits, one row by id) are answered synchronously (better-sqlite3, caches); on PostgreSQL
 * they cross the network. The request's hot path takes either, so an answer already there costs
 * no promise and no turn of the microtask queue (each `await` on that path did: spec/DECISIONS.md).
 * A call that answers at once also fails at once: it throws where a promise would reject. Its
 * callers `await` it inside async code or run where Fastify catches both (hooks, handlers).
 */
export type Awaitable<T> = T | Promise<T>;

/** Whether the value is still to come: any thenable, as the generated routes judge a hook's result. */
export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** `next` applied to `value`: at once when the value is there, once it settles when it is a promise. */
export function andThen<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isPromise(value) ? value.then(next) : next(value);
}
