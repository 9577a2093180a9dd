-- Nothing to do: SQLite's 005 renames its JSON columns to the names this engine's 001 gave them,
-- so both engines share one set of column names and each query is written once (service/store/
-- repositories/). The version exists so that a number means the same change on every engine.
SELECT 1;
