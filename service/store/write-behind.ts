/**
 * Counts and times written on every request's path but read rarely: the billing meters (live
 * requests per account and month, and per account and day) and each key's "last used". Writing
 * them per request would make every live request update one row its whole account shares (a hot
 * row every instance queues on); instead each store adds them up in memory and writes the sums in
 * one transaction every `intervalMs` (USAGE_FLUSH_MS, 2 s by default) and when it closes.
 *
 * What that costs (spec/DECISIONS.md): a shutdown that closes the store (SIGTERM, SIGINT) loses
 * nothing; a process killed without closing (SIGKILL, a crash) loses the counts of at most its
 * last interval (plus a flush that was being written). A flush that fails keeps its counts for the
 * next one. Reads of the meters and of "last used" on this store flush first, so one process (and
 * every SQLite deployment) reads exact values; another instance's counts show within an interval.
 */
import type { Db } from './schema.js';

/** Rows per INSERT: far below SQLite's bound on parameters in a statement. */
const CHUNK = 500;

export const DEFAULT_FLUSH_MS = 2_000;

const sep = '\u0000';

export class WriteBehind {
  private months = new Map<string, number>();
  private days = new Map<string, number>();
  private lastUsed = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly intervalMs: number = DEFAULT_FLUSH_MS,
  ) {}

  /** One billable request of the account in a month ("2026-11"). */
  countMonth(accountId: string, period: string): void {
    add(this.months, `${accountId}${sep}${period}`, 1);
    this.schedule();
  }

  /** One live request of the account on a UTC day ("2026-11-22"). */
  countDay(accountId: string, day: string): void {
    add(this.days, `${accountId}${sep}${day}`, 1);
    this.schedule();
  }

  /** The key was used at `at` (ISO 8601, UTC): kept when later than what is pending. */
  keyUsed(keyId: string, at: string): void {
    const pending = this.lastUsed.get(keyId);
    if (pending === undefined || pending < at) this.lastUsed.set(keyId, at);
    this.schedule();
  }

  /** Writes what is pending, after any flush already under way; rejects when the write fails (the counts stay pending). */
  flush(): Promise<void> {
    const next = this.flushing.catch(() => undefined).then(() => this.write());
    this.flushing = next;
    return next;
  }

  /** The last flush: called when the store closes, before its connections go. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A failure keeps the counts; the next write (or the next count) schedules another try.
      this.flush().catch(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref(); // a command-line tool is not kept alive by it; the service closes its store
  }

  private async write(): Promise<void> {
    if (this.months.size === 0 && this.days.size === 0 && this.lastUsed.size === 0) return;
    const [months, days, lastUsed] = [this.months, this.days, this.lastUsed];
    [this.months, this.days, this.lastUsed] = [new Map(), new Map(), new Map()];
    try {
      await this.db.transaction().execute(async (trx) => {
        // Sorted, so two instances flushing at once lock the same rows in the same order.
        const monthRows = [...months]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, requests]) => ({ account_id: key.split(sep)[0], period: key.split(sep)[1], requests }));
        for (let i = 0; i < monthRows.length; i += CHUNK) {
          await trx
            .insertInto('usage')
            .values(monthRows.slice(i, i + CHUNK))
            .onConflict((conflict) =>
              conflict
                .columns(['account_id', 'period'])
                .doUpdateSet((eb) => ({ requests: eb('usage.requests', '+', eb.ref('excluded.requests')) })),
            )
            .execute();
        }
        const dayRows = [...days]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, requests]) => ({ account_id: key.split(sep)[0], day: key.split(sep)[1], requests }));
        for (let i = 0; i < dayRows.length; i += CHUNK) {
          await trx
            .insertInto('usage_daily')
            .values(dayRows.slice(i, i + CHUNK))
            .onConflict((conflict) =>
              conflict.columns(['account_id', 'day']).doUpdateSet((eb) => ({
                requests: eb('usage_daily.requests', '+', eb.ref('excluded.requests')),
              })),
            )
            .execute();
        }
        for (const [id, at] of [...lastUsed].sort(([a], [b]) => (a < b ? -1 : 1))) {
          // Never backwards: another instance may have written a later time.
          await trx
            .updateTable('api_keys')
            .set({ last_used_at: at })
            .where('id', '=', id)
            .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
            .execute();
        }
      });
    } catch (error) {
      for (const [key, n] of months) add(this.months, key, n);
      for (const [key, n] of days) add(this.days, key, n);
      for (const [id, at] of lastUsed) this.keyUsed(id, at);
      throw error;
    }
  }
}

/**
 * Before a read of the meters or "last used": this store's pending values written. Not inside a
 * transaction, where the write would wait for the connection the transaction holds (SQLite): such
 * a read sees what is written.
 */
export async function pendingWritten(db: Db, writeBehind: WriteBehind): Promise<void> {
  if (!db.isTransaction) await writeBehind.flush();
}

function add(counts: Map<string, number>, key: string, n: number): void {
  counts.set(key, (counts.get(key) ?? 0) + n);
}
