/**
 * The billing meter (store.ts UsageData): billable requests per account and month, and live
 * requests per account and day for the dashboard's chart. Counted in memory and written in sums
 * every few seconds (write-behind.ts), so no request writes a row its whole account shares; the
 * sums are upserts adding to the row, so concurrent instances never lose an increment. Reads
 * outside a transaction write this store's pending counts first.
 */
import type { Db } from '../schema.js';
import type { UsageData } from '../store.js';
import { pendingWritten, type WriteBehind } from '../write-behind.js';

export class UsageRepository implements UsageData {
  constructor(
    private readonly db: Db,
    private readonly writeBehind: WriteBehind,
  ) {}

  async meter(accountId: string, period: string): Promise<void> {
    this.writeBehind.countMonth(accountId, period);
  }

  async usage(accountId: string, period: string): Promise<number> {
    await pendingWritten(this.db, this.writeBehind);
    const row = await this.db
      .selectFrom('usage')
      .select('requests')
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .executeTakeFirst();
    return row?.requests ?? 0;
  }

  async meterDay(accountId: string, day: string): Promise<void> {
    this.writeBehind.countDay(accountId, day);
  }

  async dailyUsage(accountId: string, month: string): Promise<Array<{ day: string; requests: number }>> {
    await pendingWritten(this.db, this.writeBehind);
    return this.db
      .selectFrom('usage_daily')
      .select(['day', 'requests'])
      .where('account_id', '=', accountId)
      .where('day', 'like', `${month}-%`)
      .orderBy('day')
      .execute();
  }
}
