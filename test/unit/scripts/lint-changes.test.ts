/** What the dev loop prints of a save's lint: only what the save added, and how much it fixed. */
import { describe, expect, it } from 'vitest';
import { lintChanges } from '../../../scripts/lib/dev-loop.js';
import type { Finding } from '../../../scripts/lib/lint.js';

const finding = (rule: string, line: number, message = `${rule} says so`): Finding => ({
  tool: 'spectral',
  file: 'openapi.yaml',
  line,
  column: 5,
  severity: 'warning',
  rule,
  message,
});

describe('lintChanges', () => {
  it('shows every finding the first time', () => {
    const now = [finding('a', 1), finding('b', 2)];
    expect(lintChanges(undefined, now)).toEqual({ shown: now, fixed: 0 });
  });

  it("shows none when an edit above the findings only moved them (a designer's save printed all 94 before)", () => {
    const last = [finding('operation-description', 10), finding('operation-description', 20)];
    const now = [finding('operation-description', 13), finding('operation-description', 23)];
    expect(lintChanges(last, now)).toEqual({ shown: [], fixed: 0 });
  });

  it('shows the new one of a rule found more often, where it was not before, and counts the fixed', () => {
    const last = [
      finding('operation-description', 10),
      finding('no-examples', 30),
      finding('no-examples', 40),
    ];
    const added = finding('operation-description', 50);
    const now = [finding('operation-description', 10), added, finding('no-examples', 40)];
    expect(lintChanges(last, now)).toEqual({ shown: [added], fixed: 1 });
  });
});
