/**
 * Billing: the tier table (the public spec's x-rate-limits), the price list (spec/DECISIONS.md,
 * "Dashboard"), the month's estimate, and the provider a plan change is reported to. No payment
 * provider is reachable here: `RecordingBillingProvider` writes what it was told to the store.
 */
import { RATE_LIMIT_TIERS } from '../../../generated/server/index.js';
import type { Store } from '../../store/store.js';

export interface Price {
  currency: 'usd';
  monthly_cents: number;
  per_thousand_live_requests_cents: number;
  included_live_requests: number;
}

/** Per tier; recorded in spec/DECISIONS.md. Sandbox (test) traffic is never billed. */
export const PRICE_LIST: Record<number, Price> = {
  0: {
    currency: 'usd',
    monthly_cents: 0,
    per_thousand_live_requests_cents: 0,
    included_live_requests: 10_000,
  },
  1: {
    currency: 'usd',
    monthly_cents: 2_900,
    per_thousand_live_requests_cents: 40,
    included_live_requests: 100_000,
  },
  2: {
    currency: 'usd',
    monthly_cents: 9_900,
    per_thousand_live_requests_cents: 25,
    included_live_requests: 1_000_000,
  },
  3: {
    currency: 'usd',
    monthly_cents: 49_900,
    per_thousand_live_requests_cents: 10,
    included_live_requests: 10_000_000,
  },
};

export const TIERS = RATE_LIMIT_TIERS.map((row) => ({
  tier: row.tier,
  plan: row.plan,
  per_key: row.perKey,
  per_account: row.perAccount,
  price: PRICE_LIST[row.tier],
}));

export const planOf = (tier: number) => TIERS.find((row) => row.tier === tier)?.plan ?? `Tier ${tier}`;

export interface InvoiceLine {
  description: string;
  quantity: number;
  amount_cents: number;
}

/** The month's estimate: the plan's fee, and live requests above the included ones per started thousand. */
export function estimate(
  tier: number,
  month: string,
  liveRequests: number,
): { currency: 'usd'; total_cents: number; lines: InvoiceLine[] } {
  const price = PRICE_LIST[tier] ?? PRICE_LIST[0];
  const lines: InvoiceLine[] = [
    { description: `${planOf(tier)} plan (${month})`, quantity: 1, amount_cents: price.monthly_cents },
  ];
  const over = Math.max(0, liveRequests - price.included_live_requests);
  if (over > 0 && price.per_thousand_live_requests_cents > 0) {
    const thousands = Math.ceil(over / 1000);
    lines.push({
      description: `Live requests above ${price.included_live_requests} (per 1000)`,
      quantity: thousands,
      amount_cents: thousands * price.per_thousand_live_requests_cents,
    });
  }
  return { currency: 'usd', total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0), lines };
}

/** Where plan changes and invoice lines go: a payment provider in production. */
export interface BillingProvider {
  planChanged(change: { accountId: string; fromTier: number; toTier: number; at: string }): Promise<void>;
  invoiceLines(invoice: {
    accountId: string;
    month: string;
    lines: InvoiceLine[];
    at: string;
  }): Promise<void>;
}

/** Records what a provider would be told, in the store (billing_records). */
export class RecordingBillingProvider implements BillingProvider {
  constructor(private readonly store: Store) {}

  async planChanged(change: {
    accountId: string;
    fromTier: number;
    toTier: number;
    at: string;
  }): Promise<void> {
    await this.store.insertBillingRecord({
      accountId: change.accountId,
      kind: 'plan_change',
      payload: { from_tier: change.fromTier, to_tier: change.toTier },
      createdAt: change.at,
    });
  }

  async invoiceLines(invoice: {
    accountId: string;
    month: string;
    lines: InvoiceLine[];
    at: string;
  }): Promise<void> {
    for (const line of invoice.lines)
      await this.store.insertBillingRecord({
        accountId: invoice.accountId,
        kind: 'invoice_line',
        payload: { month: invoice.month, ...line },
        createdAt: invoice.at,
      });
  }
}

/**
 * Changes an account's tier, effective immediately (the next public API request is limited by the
 * new tier), and tells the provider: the plan change and the month's invoice lines so far.
 * The one way a tier changes: the dashboard and `npm run accounts -- set-tier` both call it.
 */
export async function changeTier(
  store: Store,
  provider: BillingProvider,
  accountId: string,
  tier: number,
  nowMs: number,
): Promise<{ fromTier: number; toTier: number }> {
  if (!TIERS.some((row) => row.tier === tier))
    throw new Error(`tier must be one of ${TIERS.map((row) => row.tier).join(', ')}`);
  const account = await store.findAccount(accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  if (account.tier === tier) return { fromTier: tier, toTier: tier };
  const at = new Date(nowMs).toISOString();
  const month = at.slice(0, 7);
  const lines = estimate(account.tier, month, await store.usage(accountId, month)).lines;
  await store.setAccountTier(accountId, tier);
  await provider.planChanged({ accountId, fromTier: account.tier, toTier: tier, at });
  await provider.invoiceLines({ accountId, month, lines, at });
  return { fromTier: account.tier, toTier: tier };
}
