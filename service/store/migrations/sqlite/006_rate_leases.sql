-- Nothing to do: one process owns a SQLite database, so its rate-limit buckets live in that
-- process's memory and are exact (service/rate-limit.ts). The version exists so that a number
-- means the same change on every engine (PostgreSQL's 006 adds lease_tokens and return_tokens).
SELECT 1;
