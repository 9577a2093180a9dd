/**
 * Sandbox scores. The meaning of MN and MI is not defined by the API, so the sandbox computes
 * them deterministically from the answers: each item gets a weight w in [0, 1] from a hash of its
 * item_id; MN is the w-weighted mean answer and MI the (1 - w)-weighted mean, each mapped from
 * the 1..5 scale onto 0..100 and rounded to one decimal. Same answers, same scores.
 */
import { createHash } from 'node:crypto';

export interface Answer {
  item_id: string;
  value: number;
}

const weightOf = (itemId: string) => createHash('sha256').update(itemId).digest()[0] / 255;

export function computeScores(answers: Answer[]): { mn: number; mi: number } | null {
  if (answers.length === 0) return null;
  const scale = (weights: number[]) => {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const mean =
      total === 0
        ? answers.reduce((sum, answer) => sum + answer.value, 0) / answers.length
        : answers.reduce((sum, answer, index) => sum + answer.value * weights[index], 0) / total;
    return Math.round(((mean - 1) / 4) * 1000) / 10;
  };
  const weights = answers.map((answer) => weightOf(answer.item_id));
  return { mn: scale(weights), mi: scale(weights.map((weight) => 1 - weight)) };
}

/** Merges new answers into existing ones (a new answer to an item replaces the old), in item order. */
export function mergeAnswers(existing: Answer[], incoming: Answer[]): Answer[] {
  const byItem = new Map(existing.map((answer) => [answer.item_id, answer]));
  for (const answer of incoming) byItem.set(answer.item_id, { item_id: answer.item_id, value: answer.value });
  return [...byItem.values()].sort((a, b) => a.item_id.localeCompare(b.item_id));
}
