/** Billing: the account's tier, the tier table, plan changes, this month's metered live requests and the daily chart. */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Billing, type Environment, type TierRow } from '../api.js';
import { modeName, Notice, useAction } from '../components.js';

const count = (value: number) => value.toLocaleString('en-US');

/** `$49.00 a month, 100,000 live requests included, then $0.50 per 1,000`. */
export function priceText(price: TierRow['price']): string {
  const monthly =
    price.monthly_cents === 0 ? 'Free' : `${money(price.monthly_cents, price.currency)} a month`;
  const included =
    price.included_live_requests > 0 ? `, ${count(price.included_live_requests)} live requests included` : '';
  const metered =
    price.per_thousand_live_requests_cents > 0
      ? `, then ${money(price.per_thousand_live_requests_cents, price.currency)} per 1,000`
      : '';
  return `${monthly}${included}${metered}`;
}

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export function BillingPage({ environment }: { environment: Environment }) {
  const [billing, setBilling] = useState<Billing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useAction();
  const change = useAction();
  useEffect(() => {
    void load.run(async () => setBilling(await api.billing()));
  }, []);
  if (!billing) {
    return html`<h1>
        Billing <span class=${`mode-badge mode-${environment}`}>${modeName(environment)}</span>
      </h1>
      <${Notice} error=${load.error} />
      ${load.error ? null : html`<p aria-busy="true">Loading billing…</p>`}`;
  }
  // The chart shows every day; the table beside it lists the days that had traffic.
  const busyDays = billing.daily.filter((day) => day.live_requests > 0);
  const currentIndex = billing.tiers.findIndex((tier) => tier.tier === billing.tier);
  const switchTo = (tier: TierRow) =>
    change.run(async () => {
      const updated = await api.changePlan(tier.tier);
      setBilling(updated);
      setMessage(
        `Your account is now on tier ${updated.tier} (${updated.plan}). New rate limits apply to the next request.`,
      );
    });
  return html`
    <h1>Billing <span class=${`mode-badge mode-${environment}`}>${modeName(environment)}</span></h1>
    <p class="lead">
      Billing is for the whole account. Only live requests are metered; test-mode traffic is free.
    </p>
    <${Notice} error=${change.error ?? load.error} message=${message} />
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Your plan</h2>
      <p class="current-tier">
        Current tier: <strong data-testid="current-tier">Tier ${billing.tier} (${billing.plan})</strong>.
        Changes take effect on the next API request.
      </p>
      <div class="table-wrap">
        <table class="tiers">
          <caption class="visually-hidden">
            Tiers and their rate limits
          </caption>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Plan</th>
              <th scope="col">Per key</th>
              <th scope="col">Per account</th>
              <th scope="col">Price</th>
              <th scope="col"><span class="visually-hidden">Change</span></th>
            </tr>
          </thead>
          <tbody>
            ${billing.tiers.map((tier, index) => {
              const current = tier.tier === billing.tier;
              const verb = index > currentIndex ? 'Upgrade' : 'Downgrade';
              return html`
                <tr
                  key=${tier.tier}
                  aria-current=${current ? 'true' : undefined}
                  class=${current ? 'current' : ''}
                >
                  <th scope="row">Tier ${tier.tier}</th>
                  <td>${tier.plan}</td>
                  <td class="number">${count(tier.per_key)} / min</td>
                  <td class="number">${count(tier.per_account)} / min</td>
                  <td>${priceText(tier.price)}</td>
                  <td>
                    ${current ? html`<span class="muted">Current</span>` : html`<button type="button" disabled=${change.busy} onClick=${() => switchTo(tier)}>${verb} to ${tier.plan}</button>`}
                  </td>
                </tr>
              `;
            })}
          </tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage in ${billing.month}</h2>
      <p>
        Metered live requests this month:
        <strong data-testid="live-requests">${billing.live_requests.toLocaleString('en-US')}</strong>.
        Estimated invoice:
        <strong data-testid="estimate-total"
          >${money(billing.estimate.total_cents, billing.estimate.currency)}</strong
        >.
      </p>
      ${
        billing.estimate.lines.length
          ? html`<table class="estimate">
              <caption>
                Estimate for ${billing.month}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col" class="number">Quantity</th>
                  <th scope="col" class="number">Amount</th>
                </tr>
              </thead>
              <tbody>
                ${billing.estimate.lines.map(
                  (line) =>
                    html`<tr>
                      <td>${line.description}</td>
                      <td class="number">${count(line.quantity)}</td>
                      <td class="number">${money(line.amount_cents, billing.estimate.currency)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : null
      }
      <div class="usage">
        <${UsageChart} daily=${billing.daily} month=${billing.month} />
        <table class="daily">
          <caption>
            Live requests per day (days with traffic)
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" class="number">Live requests</th>
            </tr>
          </thead>
          <tbody>
            ${
              busyDays.length === 0
                ? html`<tr>
                    <td colspan="2" class="empty">No live requests yet this month.</td>
                  </tr>`
                : null
            }
            ${busyDays.map(
              (day) =>
                html`<tr>
                  <td><time datetime=${day.date}>${day.date}</time></td>
                  <td class="number">${day.live_requests.toLocaleString('en-US')}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>
  `;
}

const WIDTH = 620;
const HEIGHT = 160;
const AXIS = 44;

/** 60250 as `60k`, so the axis label fits. */
const short = (value: number) => (value >= 10_000 ? `${Math.round(value / 1000)}k` : String(value));

/** Every day of `month` (`2026-11`), with its count or 0, so the bars sit on a calendar. */
export function calendar(month: string, daily: { date: string; live_requests: number }[]) {
  const [year, monthNumber] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const byDate = new Map(daily.map((day) => [day.date, day.live_requests]));
  return Array.from({ length: days }, (_, index) => {
    const date = `${month}-${String(index + 1).padStart(2, '0')}`;
    return { date, live_requests: byDate.get(date) ?? 0 };
  });
}

/** Bars per day of the month, drawn by hand in SVG (no chart library): the table beside it holds the same numbers. */
export function UsageChart({
  daily,
  month,
}: {
  daily: { date: string; live_requests: number }[];
  month: string;
}) {
  const days = calendar(month, daily);
  const max = Math.max(1, ...days.map((day) => day.live_requests));
  const slot = (WIDTH - AXIS) / days.length;
  const barWidth = slot * 0.7;
  const total = days.reduce((sum, day) => sum + day.live_requests, 0);
  return html`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${WIDTH} ${HEIGHT + 22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${month}</title>
        <desc id="usage-chart-desc">
          ${total} live requests in ${month}, at most ${max} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${AXIS} y1=${HEIGHT} x2=${WIDTH} y2=${HEIGHT} class="axis" />
        <line x1=${AXIS} y1="4" x2=${AXIS} y2=${HEIGHT} class="axis" />
        <text x=${AXIS - 6} y="14" text-anchor="end" class="tick">${short(max)}</text>
        <text x=${AXIS - 6} y=${HEIGHT} text-anchor="end" class="tick">0</text>
        ${days.map((day, index) => {
          const height = (day.live_requests / max) * (HEIGHT - 10);
          const x = AXIS + index * slot + (slot - barWidth) / 2;
          const label = index === 0 || (index + 1) % 5 === 0;
          return html`
            ${day.live_requests > 0 ? html`<rect x=${x} y=${HEIGHT - height} width=${barWidth} height=${height} class="bar"><title>${day.date}: ${day.live_requests}</title></rect>` : null}
            ${label ? html`<text x=${x + barWidth / 2} y=${HEIGHT + 16} text-anchor="middle" class="tick">${index + 1}</text>` : null}
          `;
        })}
      </svg>
      <figcaption>Live requests per day of ${month} (UTC).</figcaption>
    </figure>
  `;
}
