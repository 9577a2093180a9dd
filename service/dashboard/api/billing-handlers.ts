/**
 * The plan operations: this month's live requests (by day), the estimate and the tiers, and a
 * change of plan through the billing provider.
 */
import type { Handlers } from '../../../generated/dashboard/server/index.js';
import { changeTier, estimate, planOf, TIERS } from './billing.js';
import { signed, type DashboardContext } from './context.js';

export function billingHandlers(context: DashboardContext) {
  const { store, now, billing } = context;

  async function billingView(accountId: string) {
    const account = (await store.findAccount(accountId))!;
    const month = new Date(now()).toISOString().slice(0, 7);
    const live = await store.usage(accountId, month);
    const days = new Map((await store.dailyUsage(accountId, month)).map((row) => [row.day, row.requests]));
    const today = new Date(now()).getUTCDate();
    const daily = Array.from({ length: today }, (_, index) => {
      const date = `${month}-${String(index + 1).padStart(2, '0')}`;
      return { date, live_requests: days.get(date) ?? 0 };
    });
    return {
      tier: account.tier,
      plan: planOf(account.tier),
      tiers: TIERS,
      month,
      live_requests: live,
      estimate: estimate(account.tier, month, live),
      daily,
    };
  }

  return {
    getBilling: async (request) => billingView(signed(request).account.id),
    changePlan: async (request) => {
      const { account } = signed(request);
      await changeTier(store, billing, account.id, request.body.tier, now());
      return billingView(account.id);
    },
  } satisfies Partial<Handlers>;
}
