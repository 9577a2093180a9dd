-- Nothing to do: one process owns a SQLite database, so its rate-limit buckets live in that
-- process's memory (service/rate-limit.ts). The version exists so that a number means the same
-- change on every engine (PostgreSQL's 002 creates rate_buckets and take_tokens).
SELECT 1;
