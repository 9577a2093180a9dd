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

export class ReadCache {
  private readonly bySql = new Map<string, Map<string, unknown[]>>();
  private size = 0;
  private dataVersion = -1;
  private readonly readDataVersion: () => number;

  constructor(database: Database.Database) {
    const statement = database.prepare('PRAGMA data_version').pluck();
    this.readDataVersion = () => statement.get() as number;
  }

  /**
   * The values as one key, or undefined when they are not all strings and numbers (not cached).
   * Each value carries its type and length, so no two lists of values make the same key.
   */
  static keyOf(parameters: readonly unknown[]): string | undefined {
    let key = '';
    for (let i = 0; i < parameters.length; i += 1) {
      const value = parameters[i];
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      key += typeof value === 'string' ? `s${value.length}:${value}` : `n${value};`;
    }
    return key;
  }

  /**
   * The cached answer, or undefined. Call it right before reading, and `remember` right after: the
   * data version it checks is then never newer than the rows remembered with it.
   */
  lookup<Row>(sql: string, key: string): Row[] | undefined {
    const version = this.readDataVersion();
    if (version !== this.dataVersion) {
      this.clear();
      this.dataVersion = version;
      return undefined;
    }
    return this.bySql.get(sql)?.get(key) as Row[] | undefined;
  }

  remember(sql: string, key: string, rows: unknown[]): void {
    if (rows.length > 1) return;
    if (this.size >= MAX_ENTRIES) this.clear();
    let entries = this.bySql.get(sql);
    if (!entries) this.bySql.set(sql, (entries = new Map()));
    entries.set(key, rows);
    this.size += 1;
  }

  /** After anything this connection may have changed. */
  clear(): void {
    if (this.size === 0) return;
    this.bySql.clear();
    this.size = 0;
  }
}
