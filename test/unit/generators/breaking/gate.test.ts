/**
 * The gate: its verdict on info.version (which bump it got, and when it cannot tell), and its config file.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, parseConfig } from '../../../../generators/breaking/gate.js';

const removed = {
  rule: 'operation-removed',
  where: 'GET /v1/notes',
  pointer: '/paths/~1v1~1notes/get',
  detail: 'operation removed',
};
const verdict = (baseVersion: string, headVersion: string) =>
  evaluate([removed], { failOn: 'clients', off: [], baseVersion, headVersion });

describe('the gate on info.version', () => {
  it.each([
    { given: ['1.4.0', '2.0.0'], want: 'major' },
    { given: ['v1', 'v2'], want: 'major' },
    { given: ['1.4', '2.0'], want: 'major' },
    { given: ['1', '2'], want: 'major' },
    { given: ['V1.4.0', 'v2.0.0-beta.1'], want: 'major' },
    { given: ['2.0', '2.1'], want: 'minor' },
    { given: ['1.4.0', '1.4'], want: 'none' },
    { given: ['v2', '1.9.9'], want: 'downgrade' },
  ])('reads $given.0 → $given.1 as a $want bump', ({ given: [base, head], want }) => {
    const result = verdict(base, head);
    expect(result.actual).toBe(want);
    expect(result.unreadable).toEqual([]);
    expect(result.ok).toBe(want === 'major');
  });

  it.each([
    { given: ['2023-10-16', '2024-04-10'], want: ['2023-10-16', '2024-04-10'] },
    { given: ['1.4.0', 'release-2'], want: ['release-2'] },
    { given: ['latest', 'latest'], want: ['latest'] },
  ])(
    'names $want as unreadable and fails a breaking change: no major bump can be seen',
    ({ given: [base, head], want }) => {
      const result = verdict(base, head);
      expect(result.actual).toBe('unknown');
      expect(result.unreadable).toEqual(want);
      expect(result.ok).toBe(false);
    },
  );
});

describe('the gate config file (.check-breaking.yaml)', () => {
  it('refuses a key an off entry does not take, naming the key, the file and what an entry is', () => {
    const text =
      'off:\n  - rule: operation-removed\n    reason: /v1/legacy was never public\n    path: /v1/legacy\n';
    expect(() => parseConfig(text, '.check-breaking.yaml')).toThrow(
      '.check-breaking.yaml: off[0] has "path", which an entry does not take: an entry is { rule, reason } and turns that rule off for every change of it in the whole API (it cannot be limited to a path or operation)',
    );
  });
});
