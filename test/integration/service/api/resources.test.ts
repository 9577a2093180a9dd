/**
 * The reference service over HTTP on loopback, on each store engine: paging, and the lifecycle of
 * subjects and assessments.
 */
import { describe, expect, it } from 'vitest';
import { CONSENT } from '../../../support/service.js';
import { createSubject, describeService, expectConforms, service } from './harness.js';

describeService(() => {
  describe('paging', () => {
    async function seed(key: string, count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createSubject(key)).json().id);
      return ids.reverse(); // newest first
    }

    it('defaults to 25 and pages forward by next_cursor, then backward by previous_cursor', async () => {
      const key = await service.key();
      const ids = await seed(key, 30);
      const first = (await service.call('GET', '/v1/nature/subjects', { key })).json();
      expect(first.data).toHaveLength(25);
      expect(first).toMatchObject({
        object: 'list',
        has_more: true,
        previous_cursor: null,
        request_id: expect.stringMatching(/^req_/),
      });
      const second = (
        await service.call('GET', `/v1/nature/subjects?starting_after=${first.next_cursor}`, { key })
      ).json();
      expect(second).toMatchObject({ has_more: false, next_cursor: null });
      expect([...first.data, ...second.data].map((s: { id: string }) => s.id)).toEqual(ids);
      const back = (
        await service.call('GET', `/v1/nature/subjects?ending_before=${second.previous_cursor}`, { key })
      ).json();
      expect(back.data.map((s: { id: string }) => s.id)).toEqual(first.data.map((s: { id: string }) => s.id));
      expect(back.has_more).toBe(false);
      expect(back.previous_cursor).toBeNull();
    });

    it.each([
      { query: 'limit=0', code: 'limit_out_of_range', param: 'limit' },
      { query: 'limit=101', code: 'limit_out_of_range', param: 'limit' },
      { query: 'limit=abc', code: 'invalid_request', param: 'limit' },
      { query: 'starting_after=a&ending_before=b', code: 'conflicting_cursors', param: 'ending_before' },
      {
        query: 'starting_after=tampered0000000000000000000000',
        code: 'invalid_cursor',
        param: 'starting_after',
      },
    ])('answers 400 $code to $query', async ({ query, code, param }) => {
      const key = await service.key();
      const response = await service.call('GET', `/v1/nature/subjects?${query}`, { key });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code, param });
    });

    it('refuses a cursor with one character changed, and a cursor of another list', async () => {
      const key = await service.key();
      await seed(key, 3);
      const cursor: string = (await service.call('GET', '/v1/nature/subjects?limit=1', { key })).json()
        .next_cursor;
      const flipped = cursor.slice(0, 2) + (cursor[2] === 'A' ? 'B' : 'A') + cursor.slice(3);
      expect(
        (await service.call('GET', `/v1/nature/subjects?starting_after=${flipped}`, { key })).json().code,
      ).toBe('invalid_cursor');
      const otherAccount = await service.key({ account: 'acct_other' });
      expect(
        (
          await service.call('GET', `/v1/nature/subjects?starting_after=${cursor}`, { key: otherAccount })
        ).json().code,
      ).toBe('invalid_cursor');
    });
  });

  describe('subjects and assessments', () => {
    it('validates the consent artifact and refuses unknown fields', async () => {
      const key = await service.key();
      const cases = [
        {
          body: { consent_artifact: { ...CONSENT, ui_snapshot_hash: 'sha256:ABC' } },
          param: 'consent_artifact.ui_snapshot_hash',
        },
        {
          body: { consent_artifact: { ...CONSENT, consented_at: '2026-03-14T09:26:53+02:00' } },
          param: 'consent_artifact.consented_at',
        },
        {
          body: { consent_artifact: { ...CONSENT, consent_text_version: undefined } },
          param: 'consent_artifact.consent_text_version',
        },
        { body: {}, param: 'consent_artifact' },
        { body: { consent_artifact: CONSENT, nickname: 'x' }, param: 'nickname' },
      ];
      for (const { body, param } of cases) {
        const response = await service.call('POST', '/v1/nature/subjects', { key, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_request', param });
      }
    });

    it('runs an assessment from creation to completed, with deterministic scores, and refuses a second submit with 409', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      expect(subject.latest_scores).toBeNull();
      const created = await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, {
        key,
        body: { metadata: { session: 'a' } },
      });
      expect(created.status).toBe(201);
      const assessment = created.json();
      expect(assessment).toMatchObject({
        status: 'in_progress',
        answers: [],
        scores: null,
        completed_at: null,
      });

      const partial = (
        await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
          key,
          body: {
            answers: [
              { item_id: 'n02', value: 2 },
              { item_id: 'n01', value: 4 },
            ],
          },
        })
      ).json();
      expect(partial.status).toBe('in_progress');
      expect(partial.answers.map((a: { item_id: string }) => a.item_id)).toEqual(['n01', 'n02']);
      expect(partial.scores).toEqual({ mn: expect.any(Number), mi: expect.any(Number) });

      const done = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { answers: [{ item_id: 'n02', value: 5 }], status: 'completed' },
      });
      expect(done.status).toBe(200);
      const completed = done.json();
      expect(completed).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
      expect(completed.answers).toEqual([
        { item_id: 'n01', value: 4 },
        { item_id: 'n02', value: 5 },
      ]);

      // Same answers on another subject give the same scores.
      const other = (await createSubject(key)).json();
      const twin = (
        await service.call('POST', `/v1/nature/subjects/${other.id}/assessments`, { key, body: {} })
      ).json();
      const twinDone = (
        await service.call('PATCH', `/v1/nature/assessments/${twin.id}`, {
          key,
          body: { answers: completed.answers, status: 'completed' },
        })
      ).json();
      expect(twinDone.scores).toEqual(completed.scores);

      expect(
        (await service.call('GET', `/v1/nature/subjects/${subject.id}`, { key })).json().latest_scores,
      ).toEqual(completed.scores);
      const again = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { status: 'completed' },
      });
      expect(again.status).toBe(409);
      expect(again.json().code).toBe('invalid_state_transition');
    });

    it('refuses to complete an assessment with no answers (409)', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const response = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { status: 'completed' },
      });
      expect(response.status).toBe(409);
      expect(response.json().code).toBe('invalid_state_transition');
    });

    it('refuses answers past the 200 an assessment holds (400, param answers), across PATCHes, and completes within it', async () => {
      // Before: each PATCH was bounded by its schema but their sum was not; 2,200 answers made a completion event too large to deliver.
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const answers = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          item_id: `q${String(from + i).padStart(3, '0')}`,
          value: 3,
        }));
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { answers: answers(0, 150) },
          })
        ).status,
      ).toBe(200);
      // Replacing answered items keeps the count: allowed.
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { answers: answers(100, 100) },
          })
        ).json().answers,
      ).toHaveLength(200);
      const over = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
        key,
        body: { answers: answers(200, 1), status: 'completed' },
      });
      expect(over.status).toBe(400);
      expect(over.json()).toMatchObject({
        code: 'invalid_request',
        param: 'answers',
        message:
          'An assessment holds at most 200 answers; this one has 200, and the request would bring it to 201.',
      });
      expectConforms('submitAssessment', over);
      const unchanged = (
        await service.call('GET', `/v1/nature/assessments/${assessment.id}`, { key })
      ).json();
      expect(unchanged).toMatchObject({ status: 'in_progress' });
      expect(unchanged.answers).toHaveLength(200);
      expect(
        (
          await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
            key,
            body: { status: 'completed' },
          })
        ).status,
      ).toBe(200);
    });

    it('quotes at most 40 characters of an unknown id in its 404', async () => {
      const key = await service.key();
      const long = 'a'.repeat(64);
      for (const path of [`/v1/nature/subjects/${long}`, `/v1/nature/assessments/${long}`]) {
        const response = await service.call('GET', path, { key });
        expect(response.status, path).toBe(404);
        expect(response.json().message, path).toMatch(
          new RegExp(`^No (subject|assessment) ${'a'.repeat(40)}… in this environment\\.$`),
        );
      }
    });

    it('deletes a subject with its assessments', async () => {
      const key = await service.key();
      const subject = (await createSubject(key)).json();
      const assessment = (
        await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
      ).json();
      const deleted = await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key });
      expect(deleted.json()).toMatchObject({ id: subject.id, deleted: true });
      expect((await service.call('GET', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(404);
      expect((await service.call('GET', `/v1/nature/assessments/${assessment.id}`, { key })).status).toBe(
        404,
      );
      expect((await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key })).status).toBe(404);
    });
  });
});
