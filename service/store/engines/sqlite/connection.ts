/**
 * Opening the SQLite file: WAL with synchronous=FULL, so an acknowledged write survives a crash of
 * the process (test/e2e/service/durability.test.ts); foreign keys on (deleting a subject deletes its
 * assessments); and a busy timeout, because the keys CLI may write beside the service.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export function openSqliteFile(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL'); // an acknowledged write is on disk
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return database;
}
