/**
 * The PostgreSQL connection pool: its size, how values come back, and prepared statements.
 * BIGINT (oid 20) as a number: sequence numbers, counts and milliseconds stay far below 2^53.
 * json (oid 114) as its text, as SQLite returns it, so one row mapping (store/rows.ts) parses both.
 */
import { availableParallelism } from 'node:os';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { statementName } from '../../prepared.js';

const BIGINT = 20;
const JSON_OID = 114;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === BIGINT) return (value: string) => Number(value);
    if (oid === JSON_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * Connections per instance when DATABASE_POOL_SIZE is unset: twice this machine's cores, at least
 * 4. One instance is one Node.js thread; a request holds a connection only for the length of a
 * statement (two per GET), so a few connections keep it busy, and a bigger pool only adds backends
 * competing for the database's cores (and, times the instances, for max_connections).
 */
export const defaultPoolSize = (): number => Math.max(4, 2 * availableParallelism());

export function createPool(url: string, options: { poolSize?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? defaultPoolSize(), types });
  // An idle connection the server drops is replaced on the next query; without a listener the error would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The pool as Kysely's dialect sees it, sending the queries of store/prepared.ts (every request's
 * key, subject, assessment and page reads) as named prepared statements: each connection parses and
 * plans one once, then only binds values to it. Every other query is sent as before.
 */
export function namedStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: unknown, values?: unknown[]) => {
            if (typeof text !== 'string') return client.query(text as pg.Submittable); // a cursor
            const name = statementName(text);
            return name ? client.query({ name, text, values }) : client.query(text, values);
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
