/**
 * Keyset pages, newest (highest seq) first, for any table with a `seq` column. A forward page
 * reads seq < after, descending; a backward page reads seq > before, ascending (nearest first),
 * then reverses. The neighbours' boundaries come from the page's edges, or from the boundary itself
 * when the page is empty, so no item is skipped or repeated whatever was inserted or deleted
 * (test/integration/service/paging-property.test.ts).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { prepared } from './prepared.js';
import type { Db, Schema } from './schema.js';
import type { PageQuery, PageResult } from './store.js';

const seq = sql.ref<number>('seq');

/**
 * The pages of one list. `scoped` selects the list's rows (its WHERE says which, from `$`), with
 * their `seq`, from one table; the pages add the boundary, the order and the limit. Each shape of
 * page query is prepared once (prepared.ts): lists are read on every list request.
 */
export function keysetPages<Values extends object, Table extends keyof Schema, Row extends { seq: number }>(
  scoped: (db: Db, $: Values) => SelectQueryBuilder<Schema, Table, Row>,
) {
  type Slots = Values & { edge: number; limit: number };
  const newest = prepared((db, $: Slots) => scoped(db, $).orderBy(seq, 'desc').limit($.limit));
  const olderThan = prepared((db, $: Slots) =>
    scoped(db, $).where(seq, '<', $.edge).orderBy(seq, 'desc').limit($.limit),
  );
  const newerThan = prepared((db, $: Slots) =>
    scoped(db, $).where(seq, '>', $.edge).orderBy(seq, 'asc').limit($.limit),
  );
  const probe = (op: '<' | '>') =>
    prepared((db, $: Slots) =>
      scoped(db, $).clearSelect().select(sql.lit(1).as('found')).where(seq, op, $.edge).limit(1),
    );
  const [anyOlder, anyNewer] = [probe('<'), probe('>')];

  return async function page<Item>(
    db: Db,
    values: Values,
    { limit, boundary }: PageQuery,
    toItem: (row: Row) => Item,
  ): Promise<PageResult<Item>> {
    const exists = async (query: typeof anyOlder, edge: number) =>
      (await query(db, { ...values, edge, limit: 1 }, false)).length > 0;
    if (boundary && 'before' in boundary) {
      const fetched = await newerThan(db, { ...values, edge: boundary.before, limit: limit + 1 }, false);
      const hasMore = fetched.length > limit;
      const rows = fetched.slice(0, limit).reverse();
      const oldestEdge = rows.at(-1)?.seq ?? boundary.before + 1;
      return {
        rows: rows.map(toItem),
        hasMore,
        newer: hasMore ? rows[0].seq : null,
        older: (await exists(anyOlder, oldestEdge)) ? oldestEdge : null,
      };
    }
    const after = boundary && 'after' in boundary ? boundary.after : null;
    const fetched =
      after === null
        ? await newest(db, { ...values, edge: 0, limit: limit + 1 }, false)
        : await olderThan(db, { ...values, edge: after, limit: limit + 1 }, false);
    const hasMore = fetched.length > limit;
    const rows = fetched.slice(0, limit);
    const newestEdge = rows[0]?.seq ?? (after === null ? null : after - 1);
    const newer =
      after !== null && newestEdge !== null && (await exists(anyNewer, newestEdge)) ? newestEdge : null;
    return { rows: rows.map(toItem), hasMore, older: hasMore ? rows.at(-1)!.seq : null, newer };
  };
}
