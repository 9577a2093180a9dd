/**
 * Property: walking a list page by page while other items are inserted and deleted between
 * page requests never skips and never repeats an item that existed throughout the walk.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type EngineUnderTest } from '../../support/engines.js';
import { CONSENT, startService, type TestService } from '../../support/service.js';

type Step = { insert: number; deleteIndexes: number[] };

describe.each(ENGINES)('cursor paging under concurrent change, on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let service: TestService;
  beforeAll(async () => {
    engine = await start();
    service = await startService((await engine.fresh()).store);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await engine?.stop();
  });

  it('never skips or repeats an item that existed throughout, forward or backward', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(
          fc.record({
            insert: fc.integer({ min: 0, max: 4 }),
            deleteIndexes: fc.array(fc.nat(), { maxLength: 3 }),
          }),
          { maxLength: 12 },
        ),
        fc.boolean(),
        async (initial, limit, steps: Step[], backward) => {
          run += 1;
          const key = await service.key({ account: `acct_prop_${run}` });
          const create = async () =>
            (
              await service.call('POST', '/v1/nature/subjects', { key, body: { consent_artifact: CONSENT } })
            ).json().id as string;
          const alive: string[] = [];
          for (let i = 0; i < initial; i += 1) alive.push(await create());
          const stable = new Set(alive); // existed at the start; removed from here when deleted
          const seen: string[] = [];

          // Backward walks start from the oldest end: page forward to the end first, then walk back.
          let cursor: string | null = null;
          if (backward) {
            let page = (await service.call('GET', `/v1/nature/subjects?limit=${limit}`, { key })).json();
            while (page.has_more)
              page = (
                await service.call(
                  'GET',
                  `/v1/nature/subjects?limit=${limit}&starting_after=${page.next_cursor}`,
                  { key },
                )
              ).json();
            seen.push(...page.data.map((item: { id: string }) => item.id));
            cursor = page.previous_cursor;
          }
          let page = backward
            ? cursor
              ? (
                  await service.call('GET', `/v1/nature/subjects?limit=${limit}&ending_before=${cursor}`, {
                    key,
                  })
                ).json()
              : { data: [], has_more: false }
            : (await service.call('GET', `/v1/nature/subjects?limit=${limit}`, { key })).json();
          let stepIndex = 0;
          for (;;) {
            seen.push(...page.data.map((item: { id: string }) => item.id));
            if (!page.has_more) break;
            const step = steps[stepIndex++] ?? { insert: 0, deleteIndexes: [] }; // each change once, so the walk ends
            for (let i = 0; i < step.insert; i += 1) alive.push(await create());
            for (const index of step.deleteIndexes) {
              if (alive.length === 0) break;
              const [victim] = alive.splice(index % alive.length, 1);
              stable.delete(victim);
              await service.call('DELETE', `/v1/nature/subjects/${victim}`, { key });
            }
            const next = backward
              ? `ending_before=${page.previous_cursor}`
              : `starting_after=${page.next_cursor}`;
            const response = await service.call('GET', `/v1/nature/subjects?limit=${limit}&${next}`, { key });
            expect(response.status, response.body).toBe(200);
            page = response.json();
          }
          const counts = new Map<string, number>();
          for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
          for (const id of stable) expect(counts.get(id), `stable item ${id} seen once`).toBe(1);
          for (const [id, count] of counts) expect(count, `item ${id} not repeated`).toBe(1);
        },
      ),
      { numRuns: 40, seed: 20261121 },
    );
  }, 180_000);
});
