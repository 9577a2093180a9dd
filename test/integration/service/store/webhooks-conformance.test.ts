/**
 * Store conformance for the webhook section (store.ts WebhookData), on every engine: the outbox
 * fans out by scope and event type and commits or rolls back with its transaction; claims hand
 * out one due delivery per endpoint, oldest first, under a lease another owner cannot complete;
 * a lapsed lease is claimed again (at least once); outcomes, disabling and resend. On PostgreSQL,
 * two instances on one database claiming at once never share a delivery nor an endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../../service/store/postgres.js';
import type {
  ClaimedWebhookDelivery,
  Environment,
  Store,
  WebhookEndpointRecord,
} from '../../../../service/store/store.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';

const NOW = '2026-11-21T10:00:00Z';

const endpoint = (
  id: string,
  accountId: string,
  environment: Environment,
  eventTypes = ['*'],
): WebhookEndpointRecord => ({
  id,
  accountId,
  environment,
  url: `http://127.0.0.1:9/${id}`,
  eventTypes,
  secretCiphertext: `sealed-${id}`,
  previousSecretCiphertext: null,
  previousSecretExpiresAtMs: null,
  status: 'enabled',
  disabledReason: null,
  createdAt: NOW,
});

const event = (
  id: string,
  accountId: string,
  environment: Environment,
  type: string,
  createdAtMs = 1000,
) => ({ id, accountId, environment, type, payload: `{"id":"${id}"}`, createdAtMs });

describe.each(ENGINES)('webhook store on $name', ({ name, start }) => {
  let engine: EngineUnderTest;
  let store: Store;
  beforeAll(async () => {
    engine = await start();
    store = (await engine.fresh()).store;
    await store.insertWebhookEndpoint(endpoint('we_all', 'acct_w', 'test'));
    await store.insertWebhookEndpoint(endpoint('we_deleted_only', 'acct_w', 'test', ['subject.deleted']));
    await store.insertWebhookEndpoint(endpoint('we_live', 'acct_w', 'live'));
    await store.insertWebhookEndpoint(endpoint('we_other', 'acct_other', 'test'));
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await engine?.stop();
  });

  it('keeps endpoints with their event types, per account', async () => {
    expect((await store.findWebhookEndpoint('we_deleted_only'))?.eventTypes).toEqual(['subject.deleted']);
    expect((await store.listWebhookEndpoints('acct_w')).map((e) => e.id).sort()).toEqual([
      'we_all',
      'we_deleted_only',
      'we_live',
    ]);
    expect((await store.listWebhookEndpoints()).length).toBe(4);
  });

  it('fans an event out to the enabled endpoints of its account and environment that want its type', async () => {
    expect(await store.insertWebhookEvent(event('evt_fan1', 'acct_w', 'test', 'assessment.completed'))).toBe(
      1,
    );
    expect(await store.insertWebhookEvent(event('evt_fan2', 'acct_w', 'test', 'subject.deleted'))).toBe(2);
    expect(await store.insertWebhookEvent(event('evt_fan3', 'acct_w', 'live', 'subject.deleted'))).toBe(1);
    expect((await store.listWebhookDeliveries('we_all', 10)).map((d) => d.eventId)).toEqual([
      'evt_fan2',
      'evt_fan1',
    ]);
    expect((await store.listWebhookDeliveries('we_deleted_only', 10)).map((d) => d.eventId)).toEqual([
      'evt_fan2',
    ]);
    expect((await store.listWebhookDeliveries('we_live', 10)).map((d) => d.eventId)).toEqual(['evt_fan3']);
    expect(await store.listWebhookDeliveries('we_other', 10)).toEqual([]);
    expect((await store.findWebhookEvent('evt_fan1'))?.payload).toBe('{"id":"evt_fan1"}');
  });

  it('writes the event only if its transaction commits (the outbox)', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.insertWebhookEvent(event('evt_rolled_back', 'acct_w', 'test', 'subject.deleted'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await store.findWebhookEvent('evt_rolled_back')).toBeUndefined();
    expect(
      (await store.listWebhookDeliveries('we_all', 10)).some((d) => d.eventId === 'evt_rolled_back'),
    ).toBe(false);
  });

  it('claims one due delivery per endpoint, oldest first, and none while one is leased', async () => {
    const first = await store.claimWebhookDeliveries('owner_a', 2000, 5000, 10);
    expect(first.map((c) => `${c.endpoint.id}:${c.event.id}`).sort()).toEqual([
      'we_all:evt_fan1',
      'we_deleted_only:evt_fan2',
      'we_live:evt_fan3',
    ]);
    expect(first.find((c) => c.endpoint.id === 'we_all')?.event.payload).toBe('{"id":"evt_fan1"}');
    expect(await store.claimWebhookDeliveries('owner_b', 2000, 5000, 10)).toEqual([]);
    // Another owner cannot record an outcome on a lease it does not hold.
    const ours = first.find((c) => c.endpoint.id === 'we_all')!;
    expect(
      await store.completeWebhookDelivery(ours.delivery.seq, 'owner_b', 2100, {
        kind: 'succeeded',
        status: 200,
      }),
    ).toBe(false);
    expect(
      await store.completeWebhookDelivery(ours.delivery.seq, 'owner_a', 2100, {
        kind: 'succeeded',
        status: 200,
      }),
    ).toBe(true);
    // The endpoint's next event is claimable now, the others still leased.
    const next = await store.claimWebhookDeliveries('owner_b', 2200, 5000, 10);
    expect(next.map((c) => `${c.endpoint.id}:${c.event.id}`)).toEqual(['we_all:evt_fan2']);
    await store.completeWebhookDelivery(next[0].delivery.seq, 'owner_b', 2200, {
      kind: 'retry',
      status: 500,
      error: 'HTTP 500',
      nextAttemptAtMs: 9000,
    });
  });

  it('hands a lapsed lease to another dispatcher (at least once), and respects the retry time', async () => {
    const reclaimed = await store.claimWebhookDeliveries('owner_c', 6000, 20_000, 10);
    expect(reclaimed.map((c) => `${c.endpoint.id}:${c.event.id}`).sort()).toEqual([
      'we_deleted_only:evt_fan2',
      'we_live:evt_fan3',
    ]);
    for (const claim of reclaimed)
      expect(
        await store.completeWebhookDelivery(claim.delivery.seq, 'owner_a', 6100, {
          kind: 'succeeded',
          status: 200,
        }),
      ).toBe(false);
    for (const claim of reclaimed)
      expect(
        await store.completeWebhookDelivery(claim.delivery.seq, 'owner_c', 6100, {
          kind: 'succeeded',
          status: 204,
        }),
      ).toBe(true);
    expect(await store.claimWebhookDeliveries('owner_c', 8999, 20_000, 10)).toEqual([]);
    const retried = await store.claimWebhookDeliveries('owner_c', 9000, 20_000, 10);
    expect(retried.map((c) => c.delivery.attempts)).toEqual([1]);
    await store.completeWebhookDelivery(retried[0].delivery.seq, 'owner_c', 9000, {
      kind: 'failed',
      status: 500,
      error: 'spent',
      disableEndpoint: true,
    });
    const endpointNow = await store.findWebhookEndpoint('we_all');
    expect(endpointNow?.status).toBe('disabled');
    expect(endpointNow?.disabledReason).toBe('spent');
    expect(
      (await store.listWebhookDeliveries('we_all', 10)).map(
        (d) => `${d.eventId}:${d.state}:${d.attempts}:${d.lastStatus}`,
      ),
    ).toEqual(['evt_fan2:failed:2:500', 'evt_fan1:succeeded:1:200']);
  });

  it('queues nothing for a disabled endpoint; resend re-queues the event and enables its endpoints', async () => {
    expect(
      await store.insertWebhookEvent(event('evt_while_disabled', 'acct_w', 'test', 'assessment.completed')),
    ).toBe(0);
    expect(await store.requeueWebhookEvent('evt_fan2', 10_000)).toEqual(
      expect.arrayContaining(['we_all', 'we_deleted_only']),
    );
    expect((await store.findWebhookEndpoint('we_all'))?.status).toBe('enabled');
    const again = await store.claimWebhookDeliveries('owner_d', 10_000, 30_000, 10);
    expect(again.map((c) => `${c.endpoint.id}:${c.event.id}:${c.delivery.attempts}`).sort()).toEqual([
      'we_all:evt_fan2:0',
      'we_deleted_only:evt_fan2:0',
    ]);
  });

  it('rotates secrets and removes an endpoint with its deliveries', async () => {
    await store.setWebhookEndpointSecrets('we_other', 'sealed-new', {
      ciphertext: 'sealed-we_other',
      expiresAtMs: 99,
    });
    expect(await store.findWebhookEndpoint('we_other')).toMatchObject({
      secretCiphertext: 'sealed-new',
      previousSecretCiphertext: 'sealed-we_other',
      previousSecretExpiresAtMs: 99,
    });
    await store.setWebhookEndpointStatus('we_other', 'disabled', 'by the operator');
    expect((await store.findWebhookEndpoint('we_other'))?.status).toBe('disabled');
    expect(await store.deleteWebhookEndpoint('we_deleted_only')).toBe(true);
    expect(await store.deleteWebhookEndpoint('we_deleted_only')).toBe(false);
    expect(await store.listWebhookDeliveries('we_deleted_only', 10)).toEqual([]);
  });

  // Several instances on one database is PostgreSQL's case (one process owns a SQLite database), so
  // these cases exist on that engine only rather than showing as skipped on the other.
  const onSharedDatabase: typeof it = name === 'postgres' ? it : ((() => undefined) as unknown as typeof it);
  onSharedDatabase(
    'never lets two instances claiming at once share a delivery or an endpoint',
    async () => {
      const { store: first, env } = await engine.fresh();
      const second = await PostgresStore.open(env.DATABASE_URL);
      try {
        const endpoints = Array.from({ length: 6 }, (_, i) => `we_race${i}`);
        for (const id of endpoints) await first.insertWebhookEndpoint(endpoint(id, 'acct_race', 'test'));
        for (let i = 0; i < 5; i += 1)
          await first.insertWebhookEvent(event(`evt_race${i}`, 'acct_race', 'test', 'subject.deleted'));
        const total = endpoints.length * 5;
        const claimedSeqs: number[] = [];
        const order = new Map<string, string[]>();
        const inFlight = new Set<string>();
        const overlaps: string[] = [];
        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const worker = async (store: Store, owner: string) => {
          for (let round = 0; round < 500 && claimedSeqs.length < total; round += 1) {
            const claims: ClaimedWebhookDelivery[] = await store.claimWebhookDeliveries(
              owner,
              10_000,
              600_000,
              2,
            );
            for (const claim of claims) {
              if (inFlight.has(claim.endpoint.id))
                overlaps.push(`${owner} ${claim.endpoint.id} ${claim.event.id}`);
              inFlight.add(claim.endpoint.id);
              claimedSeqs.push(claim.delivery.seq);
              order.set(claim.endpoint.id, [...(order.get(claim.endpoint.id) ?? []), claim.event.id]);
            }
            await Promise.all(
              claims.map(async (claim) => {
                await pause(Math.random() * 5);
                // Leaves the in-flight set before the outcome commits: an overlap seen here is real.
                inFlight.delete(claim.endpoint.id);
                expect(
                  await store.completeWebhookDelivery(claim.delivery.seq, owner, 10_000, {
                    kind: 'succeeded',
                    status: 200,
                  }),
                ).toBe(true);
              }),
            );
            if (claims.length === 0) await pause(2);
          }
        };
        await Promise.all([
          worker(first, 'instance_1'),
          worker(second, 'instance_2'),
          worker(first, 'instance_1b'),
          worker(second, 'instance_2b'),
        ]);
        expect(overlaps).toEqual([]);
        expect(claimedSeqs.length).toBe(total);
        expect(new Set(claimedSeqs).size).toBe(total);
        for (const id of endpoints)
          expect(order.get(id)).toEqual(['evt_race0', 'evt_race1', 'evt_race2', 'evt_race3', 'evt_race4']);
      } finally {
        await second.close();
        await first.close();
      }
    },
    60_000,
  );

  onSharedDatabase(
    'keeps one delivery in flight per endpoint when two instances claim with different clocks',
    async () => {
      const { store: first, env } = await engine.fresh();
      const second = await PostgresStore.open(env.DATABASE_URL);
      try {
        await first.insertWebhookEndpoint(endpoint('we_clock', 'acct_clock', 'test'));
        await first.insertWebhookEvent(event('evt_clock1', 'acct_clock', 'test', 'subject.deleted'));
        const [retrying] = await first.claimWebhookDeliveries('owner_a', 1000, 5000, 10);
        await first.completeWebhookDelivery(retrying.delivery.seq, 'owner_a', 1000, {
          kind: 'retry',
          status: 500,
          error: 'HTTP 500',
          nextAttemptAtMs: 9000,
        });
        await first.insertWebhookEvent(event('evt_clock2', 'acct_clock', 'test', 'subject.deleted'));
        // At 8999 the first event waits for its retry, so one instance takes the second; at 9000,
        // before that claim commits, the other would take the first: it must take nothing.
        await first.transaction(async (tx) => {
          const early = await tx.claimWebhookDeliveries('owner_early', 8999, 60_000, 10);
          expect(early.map((c) => c.event.id)).toEqual(['evt_clock2']);
          expect(await second.claimWebhookDeliveries('owner_late', 9000, 60_000, 10)).toEqual([]);
        });
        expect(await second.claimWebhookDeliveries('owner_late', 9000, 60_000, 10)).toEqual([]);
        const [held] = (await first.listWebhookDeliveries('we_clock', 10)).filter(
          (d) => d.eventId === 'evt_clock2',
        );
        expect(
          await first.completeWebhookDelivery(held.seq, 'owner_early', 9001, {
            kind: 'succeeded',
            status: 200,
          }),
        ).toBe(true);
        expect(
          (await second.claimWebhookDeliveries('owner_late', 9002, 60_000, 10)).map((c) => c.event.id),
        ).toEqual(['evt_clock1']);
      } finally {
        await second.close();
        await first.close();
      }
    },
    60_000,
  );
});
