-- Instances cache keys and accounts (engines/postgres/key-cache.ts) and drop the cache when told
-- that one changed: any transaction that inserts, deletes or truncates keys or accounts, or
-- updates what authentication reads (a key's account, environment, type, scopes, hash or
-- revocation; an account's tier), notifies the channel store_keys when it commits, whoever
-- wrote it (an instance, the keys CLI, an operator's SQL). Writes of last_used_at, names and
-- other columns notify nothing, so the meters' flushes never empty the caches.
CREATE FUNCTION notify_key_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_keys', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF account_id, environment, type, scopes, hash, revoked_at ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_key_change();

CREATE TRIGGER accounts_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, tier ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_key_change();
