-- Rate-limit leases (service/rate-limit-leases.ts): each instance takes tokens from the shared
-- buckets in batches and spends them from its own memory, so a bucket row is written once per
-- batch, not once per request. Same refill arithmetic as take_tokens (002) and
-- service/rate-limit.ts. Both functions lock their rows in name order, as take_tokens does, so
-- instances never deadlock. take_tokens stays: instances of the previous version keep calling it
-- during a rolling deploy.

-- Refills each named bucket to now_ms and takes up to wanted[k] whole tokens from it (fewer when
-- it has fewer); returns, in the order asked, what was granted and the level left behind.
CREATE FUNCTION lease_tokens(names TEXT[], per_minute DOUBLE PRECISION[], wanted DOUBLE PRECISION[], now_ms BIGINT)
RETURNS TABLE (ordinal INTEGER, granted DOUBLE PRECISION, level DOUBLE PRECISION)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO rate_buckets (name, tokens, updated_ms)
    SELECT r.n, r.pm, now_ms FROM unnest(names, per_minute) AS r(n, pm) ORDER BY r.n
    ON CONFLICT (name) DO NOTHING;
  PERFORM 1 FROM rate_buckets b WHERE b.name = ANY (names) ORDER BY b.name FOR UPDATE;
  RETURN QUERY
    WITH asked AS (
      SELECT r.k::INTEGER AS k, r.n, r.pm, r.w,
             LEAST(r.pm, b.tokens + GREATEST(now_ms - b.updated_ms, 0) / 60000.0 * r.pm) AS refilled
        FROM unnest(names, per_minute, wanted) WITH ORDINALITY AS r(n, pm, w, k)
        JOIN rate_buckets b ON b.name = r.n
    ), granting AS (
      SELECT asked.*, LEAST(asked.w, GREATEST(floor(asked.refilled), 0)) AS g FROM asked
    ), written AS (
      UPDATE rate_buckets b SET tokens = granting.refilled - granting.g, updated_ms = GREATEST(b.updated_ms, now_ms)
        FROM granting WHERE b.name = granting.n
      RETURNING granting.k, granting.g, granting.refilled - granting.g AS left_over
    )
    SELECT written.k, written.g, written.left_over FROM written ORDER BY written.k;
END;
$$;

-- Puts unspent tokens back: each named bucket refilled to now_ms, plus the tokens, at most its per-minute rate.
CREATE FUNCTION return_tokens(names TEXT[], per_minute DOUBLE PRECISION[], amounts DOUBLE PRECISION[], now_ms BIGINT)
RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM rate_buckets b WHERE b.name = ANY (names) ORDER BY b.name FOR UPDATE;
  UPDATE rate_buckets b
     SET tokens = LEAST(r.pm, b.tokens + GREATEST(now_ms - b.updated_ms, 0) / 60000.0 * r.pm + r.t),
         updated_ms = GREATEST(b.updated_ms, now_ms)
    FROM unnest(names, per_minute, amounts) AS r(n, pm, t)
   WHERE b.name = r.n;
END;
$$;
