/**
 * One keyset page, newest (highest seq) first, for any table with a `seq` column. A forward page
 * reads seq < after, descending; a backward page reads seq > before, ascending (nearest first),
 * then reverses. The neighbours' boundaries come from the page's edges, or from the boundary itself
 * when the page is empty, so no item is skipped or repeated whatever was inserted or deleted
 * (test/service/paging-property.test.ts).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Schema } from './schema.js';
import type { PageQuery, PageResult } from './store.js';

const seq = sql.ref<number>('seq');

/**
 * `scoped` selects the rows of one list (its WHERE says which), with their `seq`, from one table;
 * the page adds the boundary, the order and the limit.
 */
export async function keysetPage<Table extends keyof Schema, Row extends { seq: number }, Item>(
  scoped: SelectQueryBuilder<Schema, Table, Row>,
  { limit, boundary }: PageQuery,
  toItem: (row: Row) => Item,
): Promise<PageResult<Item>> {
  const exists = async (op: '<' | '>', edge: number) => (await scoped.clearSelect().select(sql.lit(1).as('found')).where(seq, op, edge).limit(1).executeTakeFirst()) !== undefined;
  if (boundary && 'before' in boundary) {
    const fetched = await scoped.where(seq, '>', boundary.before).orderBy(seq, 'asc').limit(limit + 1).execute();
    const hasMore = fetched.length > limit;
    const rows = fetched.slice(0, limit).reverse();
    const oldestEdge = rows.at(-1)?.seq ?? boundary.before + 1;
    return { rows: rows.map(toItem), hasMore, newer: hasMore ? rows[0].seq : null, older: (await exists('<', oldestEdge)) ? oldestEdge : null };
  }
  const after = boundary && 'after' in boundary ? boundary.after : null;
  const fetched = await scoped
    .$if(after !== null, (query) => query.where(seq, '<', after!))
    .orderBy(seq, 'desc')
    .limit(limit + 1)
    .execute();
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  const newestEdge = rows[0]?.seq ?? (after === null ? null : after - 1);
  const newer = after !== null && newestEdge !== null && (await exists('>', newestEdge)) ? newestEdge : null;
  return { rows: rows.map(toItem), hasMore, older: hasMore ? rows.at(-1)!.seq : null, newer };
}
