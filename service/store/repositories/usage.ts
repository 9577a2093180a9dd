/**
 * The billing meter (store.ts UsageData): billable requests per account and month, and live
 * requests per account and day for the dashboard's chart. One upsert per count, so concurrent
 * requests on any instance never lose an increment.
 */
import type { Db } from '../schema.js';
import type { UsageData } from '../store.js';

export class UsageRepository implements UsageData {
  constructor(private readonly db: Db) {}

  async meter(accountId: string, period: string): Promise<void> {
    await this.db
      .insertInto('usage')
      .values({ account_id: accountId, period, requests: 1 })
      .onConflict((conflict) => conflict.columns(['account_id', 'period']).doUpdateSet((eb) => ({ requests: eb('usage.requests', '+', 1) })))
      .execute();
  }

  async usage(accountId: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('usage').select('requests').where('account_id', '=', accountId).where('period', '=', period).executeTakeFirst();
    return row?.requests ?? 0;
  }

  async meterDay(accountId: string, day: string): Promise<void> {
    await this.db
      .insertInto('usage_daily')
      .values({ account_id: accountId, day, requests: 1 })
      .onConflict((conflict) => conflict.columns(['account_id', 'day']).doUpdateSet((eb) => ({ requests: eb('usage_daily.requests', '+', 1) })))
      .execute();
  }

  async dailyUsage(accountId: string, month: string): Promise<Array<{ day: string; requests: number }>> {
    return this.db.selectFrom('usage_daily').select(['day', 'requests']).where('account_id', '=', accountId).where('day', 'like', `${month}-%`).orderBy('day').execute();
  }
}
