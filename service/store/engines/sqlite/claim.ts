/**
 * Leasing webhook deliveries on SQLite: the claim's transaction holds the only write lock, so the
 * oldest claimable deliveries are read and leased without any other claim in between.
 */
import { claimable } from '../../repositories/webhooks.js';
import type { Db } from '../../schema.js';

export async function leaseDueDeliveries(
  trx: Db,
  owner: string,
  nowMs: number,
  leaseUntilMs: number,
  limit: number,
): Promise<number[]> {
  const due = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.seq')
    .where(claimable(nowMs))
    .orderBy('d.seq')
    .limit(limit)
    .execute();
  const seqs = due.map((row) => row.seq);
  if (seqs.length > 0)
    await trx
      .updateTable('webhook_deliveries')
      .set({ lease_until_ms: leaseUntilMs, lease_owner: owner })
      .where('seq', 'in', seqs)
      .execute();
  return seqs;
}
