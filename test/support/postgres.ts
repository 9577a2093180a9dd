/** The tests' PostgreSQL: see scripts/lib/embedded-postgres.ts (shared with the benchmark). */
export { startPostgres, type TestPostgres } from '../../scripts/lib/embedded-postgres.js';
