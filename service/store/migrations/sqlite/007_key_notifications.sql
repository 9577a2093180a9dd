-- Nothing to do: the SQLite key cache learns of other connections' writes from PRAGMA
-- data_version (engines/sqlite/key-cache.ts). The version exists so that a number means the same
-- change on every engine (PostgreSQL's 007 adds the triggers that notify instances' key caches).
SELECT 1;
