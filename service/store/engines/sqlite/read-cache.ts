/**
 * Answers of single-row reads (a subject, an assessment by id), kept while the database cannot
 * have changed: emptied by every statement this connection runs that may write (the dialect says
 * so, whether or not it returns rows) and every transaction's end, and whenever `PRAGMA
 * data_version` shows that another connection (the keys CLI, an operator's shell) committed,
 * which is looked at before every read it answers. A read it answers therefore returns what
 * SQLite would have returned at that moment; only the work of asking is saved (under HTTP load a
 * lookup by id cost more than the rest of the GET's own code, see spec/DECISIONS.md).
 *
 * Only reads outside transactions while the connection is free come here (dialect.ts readNow),
 * with string and number values; rows are shared by the readers, who only map them into records.
 */
import type Database from 'better-sqlite3';

/** Entries at most (each one row or none); past this, start over. */
const MAX_ENTRIES = 10_000;

/**
 * One level of the cache per value of a read (the SQL text first); the last level holds its rows.
 * A SQL text always comes with as many values as it has placeholders, so its depth is fixed.
 */
type Level = Map<string | number, unknown>;

export class ReadCache {
  // Keyed by each value in turn rather than by one string made of them all: building and hashing
  // that string cost most of a lookup. A Map tells 1 from '1', so no two lists of values meet.
  private readonly bySql: Level = new Map();
  private size = 0;
  private dataVersion = -1;
  private readonly readDataVersion: () => number;

  constructor(database: Database.Database) {
    const statement = database.prepare('PRAGMA data_version').pluck();
    this.readDataVersion = () => statement.get() as number;
  }

  /** Whether a read with these values may be cached: all strings and numbers. */
  static cacheable(parameters: readonly unknown[]): boolean {
    for (let i = 0; i < parameters.length; i += 1) {
      const value = parameters[i];
      if (typeof value !== 'string' && typeof value !== 'number') return false;
    }
    return true;
  }

  /**
   * The cached answer, or undefined. Call it right before reading, and `remember` right after: the
   * data version it checks is then never newer than the rows remembered with it.
   */
  lookup<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    const version = this.readDataVersion();
    if (version !== this.dataVersion) {
      this.clear();
      this.dataVersion = version;
      return undefined;
    }
    let found = this.bySql.get(sql);
    for (let i = 0; i < parameters.length && found !== undefined; i += 1)
      found = (found as Level).get(parameters[i] as string | number);
    return found as Row[] | undefined;
  }

  /** Remembers a cacheable read's rows (one row or none). */
  remember(sql: string, parameters: readonly unknown[], rows: unknown[]): void {
    if (rows.length > 1) return;
    if (this.size >= MAX_ENTRIES) this.clear();
    let level = this.bySql;
    let key: string | number = sql;
    for (let i = 0; i < parameters.length; i += 1) {
      let next = level.get(key) as Level | undefined;
      if (!next) level.set(key, (next = new Map()));
      level = next;
      key = parameters[i] as string | number;
    }
    level.set(key, rows);
    this.size += 1;
  }

  /** After anything this connection may have changed. */
  clear(): void {
    if (this.size === 0) return;
    this.bySql.clear();
    this.size = 0;
  }
}
