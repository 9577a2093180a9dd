-- Token buckets shared by every instance. take_tokens refills and charges all named buckets in
-- one statement, holding their row locks (taken in name order, so two requests never deadlock):
-- no update is lost, and a request takes from every bucket or from none. Same arithmetic as
-- service/rate-limit.ts. Buckets are throttling state, not records: the table is UNLOGGED and
-- the update commits without waiting for a disk flush, so a request's rate check costs no fsync;
-- a PostgreSQL crash refills every bucket (at most one extra minute's allowance).
CREATE UNLOGGED TABLE rate_buckets (name TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, updated_ms BIGINT NOT NULL);

CREATE FUNCTION take_tokens(names TEXT[], per_minute DOUBLE PRECISION[], now_ms BIGINT)
RETURNS TABLE (allowed BOOLEAN, limit_per_minute DOUBLE PRECISION, remaining DOUBLE PRECISION, retry_after_seconds DOUBLE PRECISION)
LANGUAGE plpgsql AS $$
DECLARE
  n INTEGER := array_length(names, 1);
  level DOUBLE PRECISION[] := array_fill(0::DOUBLE PRECISION, ARRAY[n]);
  i INTEGER;
  tightest INTEGER := 1;
  refused INTEGER := 0;
  wait DOUBLE PRECISION := 0;
  row_tokens DOUBLE PRECISION;
  row_updated BIGINT;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO rate_buckets AS b (name, tokens, updated_ms)
    SELECT names[k], per_minute[k], now_ms FROM generate_subscripts(names, 1) AS k ORDER BY names[k]
    ON CONFLICT (name) DO NOTHING;
  PERFORM 1 FROM rate_buckets b WHERE b.name = ANY (names) ORDER BY b.name FOR UPDATE;
  FOR i IN 1..n LOOP
    SELECT b.tokens, b.updated_ms INTO row_tokens, row_updated FROM rate_buckets b WHERE b.name = names[i];
    level[i] := LEAST(per_minute[i], row_tokens + GREATEST(now_ms - row_updated, 0) / 60000.0 * per_minute[i]);
    IF level[i] < level[tightest] THEN tightest := i; END IF;
    IF level[i] < 1 THEN
      IF refused = 0 OR level[i] < level[refused] THEN refused := i; END IF;
      wait := GREATEST(wait, (1 - level[i]) / per_minute[i] * 60);
    END IF;
  END LOOP;
  FOR i IN 1..n LOOP
    UPDATE rate_buckets b SET tokens = CASE WHEN refused = 0 THEN level[i] - 1 ELSE level[i] END, updated_ms = GREATEST(b.updated_ms, now_ms) WHERE b.name = names[i];
  END LOOP;
  IF refused <> 0 THEN
    RETURN QUERY SELECT FALSE, per_minute[refused], 0::DOUBLE PRECISION, wait;
  ELSE
    RETURN QUERY SELECT TRUE, per_minute[tightest], level[tightest] - 1, 0::DOUBLE PRECISION;
  END IF;
END;
$$;
