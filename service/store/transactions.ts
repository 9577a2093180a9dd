/**
 * How repositories write several statements as one: inside the caller's transaction when there is
 * one (the repository was built on it), else in a transaction of their own. And when reads lock
 * their rows (inside a transaction, on an engine with row locks).
 */
import type { Engine } from './engine.js';
import type { Db } from './schema.js';

export function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** True when a read should say FOR UPDATE: in a transaction on an engine whose transactions lock rows, not the whole database. */
export const locksRows = (db: Db, engine: Engine): boolean => engine.rowLocks && db.isTransaction;
