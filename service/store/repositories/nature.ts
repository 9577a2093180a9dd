/** Subjects and assessments of the Nature product (store.ts NatureData), scoped by account and environment. */
import { isPromise, type Awaitable } from '../../awaitable.js';
import type { Engine } from '../engine.js';
import { keysetPages } from '../paging.js';
import { prepared } from '../prepared.js';
import {
  ASSESSMENT_COLUMNS,
  assessmentProgress,
  assessmentRow,
  copyJson,
  scoresText,
  SUBJECT_COLUMNS,
  subjectRow,
  toAssessment,
  toSubject,
} from '../rows.js';
import type { Db } from '../schema.js';
import type { AssessmentRow, NatureData, PageQuery, PageResult, Scope, SubjectRow } from '../store.js';
import { atomically, locksRows } from '../transactions.js';

type InScope = { id: string; accountId: string; environment: Scope['environment'] };

/**
 * Read on every GET of one subject: prepared (prepared.ts), by its unique id alone, its scope checked
 * on the row (subjectInScope). With the scope in the WHERE clause too, PostgreSQL may read it through
 * subjects_by_scope (account_id, environment, seq) and filter every subject of the account instead:
 * it did while the table had no statistics yet (filled faster than autovacuum analyzes it, as the
 * store bench's creates fill it), 0.4 ms per GET instead of a few µs. Inside a transaction the row
 * is locked (FOR UPDATE) before its scope is checked: naming another account's subject by its id
 * holds that row until the transaction ends, and shows nothing of it.
 */
const subjectById = prepared((db, $: { id: string }, lock) =>
  db
    .selectFrom('subjects')
    .select([...SUBJECT_COLUMNS, 'account_id', 'environment'])
    .where('id', '=', $.id)
    .$if(lock, (query) => query.forUpdate()),
);

/** Read on every GET of one assessment: prepared (prepared.ts); only the id's index matches it. */
const assessmentById = prepared((db, $: InScope, lock) =>
  db
    .selectFrom('assessments')
    .select(ASSESSMENT_COLUMNS)
    .where('id', '=', $.id)
    .where('account_id', '=', $.accountId)
    .where('environment', '=', $.environment)
    .$if(lock, (query) => query.forUpdate()),
);

const subjectPages = keysetPages((db, $: Scope) =>
  db
    .selectFrom('subjects')
    .select(SUBJECT_COLUMNS)
    .where('account_id', '=', $.accountId)
    .where('environment', '=', $.environment),
);

const assessmentPages = keysetPages((db, $: Scope & { subjectId: string }) =>
  db
    .selectFrom('assessments')
    .select(ASSESSMENT_COLUMNS)
    .where('subject_id', '=', $.subjectId)
    .where('account_id', '=', $.accountId)
    .where('environment', '=', $.environment),
);

/**
 * The record each row was first made into, deep-frozen. A single-row read SQLite answers from its
 * read cache (engines/sqlite/read-cache.ts) returns the same row object until the database may have
 * changed, so its stored JSON is parsed once. A reader that only looks (findSubjectShared) gets this
 * record itself, which nothing can change; every other reader gets its own record, a copy (copyJson
 * is several times faster than JSON.parse; for subjects, ownSubject below). A changed row is a new
 * object, never found here.
 */
const recordsOfRows = new WeakMap<object, object>();
function sharedRecordOf<Row extends object, Record extends object>(
  row: Row,
  toRecord: (row: Row) => Record,
): Record {
  let record = recordsOfRows.get(row) as Record | undefined;
  if (!record) recordsOfRows.set(row, (record = deepFreeze(toRecord(row))));
  return record;
}

function ownRecordOf<Row extends object, Record extends object>(
  row: Row,
  toRecord: (row: Row) => Record,
): Record {
  return copyJson(sharedRecordOf(row, toRecord));
}

/** The value with every object and array in it frozen (a record made from JSON: no cycles). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

type SubjectByIdRow = Parameters<typeof toSubject>[0] & { account_id: string; environment: string };

/** Whether a by-id read found the subject in the scope: another account's or environment's is not found. */
const inScope = (row: SubjectByIdRow | undefined, scope: Scope): row is SubjectByIdRow =>
  row !== undefined && row.account_id === scope.accountId && row.environment === scope.environment;

/** The subject a by-id read found, if it belongs to the scope, as the row's shared frozen record. */
const sharedSubjectInScope = (rows: SubjectByIdRow[], scope: Scope): Readonly<SubjectRow> | undefined =>
  inScope(rows[0], scope) ? sharedRecordOf(rows[0], toSubject) : undefined;

/**
 * The caller's own copy of what findSubjectShared found: Store.findSubject, for callers that may
 * change what they find (repository-store.ts makes it so, over the store's findSubjectShared). At
 * once when the find was; copyJson itself is the callback, so no closure is made per call.
 */
export function ownSubject(
  found: Awaitable<Readonly<SubjectRow> | undefined>,
): Awaitable<SubjectRow | undefined> {
  return isPromise(found) ? found.then(copyJson) : copyJson(found);
}

/**
 * NatureData but findSubject: subjects have one reader by id, findSubjectShared, and the store's
 * findSubject is its answer copied (ownSubject).
 */
export class NatureRepository implements Omit<NatureData, 'findSubject'> {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  async insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): Promise<SubjectRow> {
    const { seq } = await this.db
      .insertInto('subjects')
      .values(subjectRow(scope, subject))
      .returning('seq')
      .executeTakeFirstOrThrow();
    return { ...subject, seq, latestScores: null };
  }

  /**
   * The subject by its id, if it is the scope's: one record shared by every reader of that row,
   * deep-frozen (the subject's GET reads it as it is; Store.findSubject copies it). At once when
   * SQLite answers at once (prepared.ts): the read of every GET of a subject, with no closure made
   * per request on that path.
   */
  findSubjectShared(scope: Scope, id: string): Awaitable<Readonly<SubjectRow> | undefined> {
    const rows = subjectById(this.db, { id }, locksRows(this.db, this.engine));
    return isPromise(rows)
      ? rows.then((found) => sharedSubjectInScope(found, scope))
      : sharedSubjectInScope(rows, scope);
  }

  pageSubjects(scope: Scope, query: PageQuery): Promise<PageResult<SubjectRow>> {
    return subjectPages(this.db, scope, query, toSubject);
  }

  async deleteSubject(scope: Scope, id: string): Promise<SubjectRow | undefined> {
    // Its assessments go with it (ON DELETE CASCADE).
    const row = await this.db
      .deleteFrom('subjects')
      .where('id', '=', id)
      .where('account_id', '=', scope.accountId)
      .where('environment', '=', scope.environment)
      .returning(SUBJECT_COLUMNS)
      .executeTakeFirst();
    return row && toSubject(row);
  }

  async insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): Promise<AssessmentRow> {
    const { seq } = await this.db
      .insertInto('assessments')
      .values(assessmentRow(scope, assessment))
      .returning('seq')
      .executeTakeFirstOrThrow();
    return { ...assessment, seq };
  }

  async findAssessment(scope: Scope, id: string): Promise<AssessmentRow | undefined> {
    const [row] = await assessmentById(this.db, { id, ...scope }, locksRows(this.db, this.engine));
    return row && ownRecordOf(row, toAssessment);
  }

  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): Promise<PageResult<AssessmentRow>> {
    return assessmentPages(this.db, { ...scope, subjectId }, query, toAssessment);
  }

  updateAssessment(scope: Scope, assessment: AssessmentRow): Promise<void> {
    return atomically(this.db, async (trx) => {
      const updated = await trx
        .updateTable('assessments')
        .set(assessmentProgress(assessment))
        .where('id', '=', assessment.id)
        .where('account_id', '=', scope.accountId)
        .where('environment', '=', scope.environment)
        .executeTakeFirst();
      // Completing is the only way scores become final, and completions only move forward in time.
      if (assessment.status !== 'completed' || updated.numUpdatedRows === 0n) return;
      await trx
        .updateTable('subjects')
        .set({ latest_scores: scoresText(assessment.scores) })
        .where('id', '=', assessment.subjectId)
        .where('account_id', '=', scope.accountId)
        .where('environment', '=', scope.environment)
        .execute();
    });
  }
}
