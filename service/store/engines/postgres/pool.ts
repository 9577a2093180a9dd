/**
 * The PostgreSQL connection pool: its size (DATABASE_POOL_SIZE, 10 by default) and how values come
 * back. BIGINT (oid 20) as a number: sequence numbers, counts and milliseconds stay far below 2^53.
 * json (oid 114) as its text, as SQLite returns it, so one row mapping (store/rows.ts) parses both.
 */
import pg from 'pg';

const BIGINT = 20;
const JSON_OID = 114;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === BIGINT) return (value: string) => Number(value);
    if (oid === JSON_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

export function createPool(url: string, options: { poolSize?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // An idle connection the server drops is replaced on the next query; without a listener the error would crash the process.
  pool.on('error', () => undefined);
  return pool;
}
