-- One set of column names on both engines, so each query is written once (service/store/
-- repositories/): the JSON columns of subjects and assessments lose their _json suffix, as
-- PostgreSQL's 001 named them. They stay TEXT holding JSON; renaming keeps every row.
ALTER TABLE subjects RENAME COLUMN consent_json TO consent;
ALTER TABLE subjects RENAME COLUMN metadata_json TO metadata;
ALTER TABLE subjects RENAME COLUMN latest_scores_json TO latest_scores;
ALTER TABLE assessments RENAME COLUMN answers_json TO answers;
ALTER TABLE assessments RENAME COLUMN scores_json TO scores;
ALTER TABLE assessments RENAME COLUMN metadata_json TO metadata;
