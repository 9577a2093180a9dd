/** Sample objects for `trigger` (like `stripe trigger`): shaped like real ones, made-up IDs, flagged in metadata. */
import { assessmentView, subjectView } from '../handlers.js';
import { newId } from '../ids.js';
import type { Scope } from '../store/store.js';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function sampleObject(type: string, scope: Scope, nowMs: number): unknown {
  const consent = {
    consent_text_version: '2026-01',
    consented_at: iso(nowMs - 60_000),
    ui_snapshot_hash: `sha256:${'0'.repeat(64)}`,
  };
  const subject = {
    seq: 0,
    id: newId('subj'),
    createdAt: iso(nowMs - 60_000),
    consentArtifact: consent,
    metadata: { triggered: 'true' },
    latestScores: { mn: 62.5, mi: 48 },
  };
  switch (type) {
    case 'assessment.completed':
      return assessmentView(
        {
          seq: 0,
          id: newId('asmt'),
          subjectId: subject.id,
          status: 'completed',
          answers: [{ item_id: 'n01', value: 4 }],
          scores: { mn: 62.5, mi: 48 },
          createdAt: iso(nowMs - 30_000),
          completedAt: iso(nowMs),
          metadata: { triggered: 'true' },
        },
        scope,
      );
    case 'subject.deleted':
      return { ...subjectView(subject, scope), deleted: true };
    default:
      throw new Error(`no sample for event type ${type}`);
  }
}
