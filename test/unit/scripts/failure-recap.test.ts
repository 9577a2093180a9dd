import { describe, expect, it } from 'vitest';
import { FailureRecap } from '../../../scripts/lib/failure-recap.js';

describe('FailureRecap', () => {
  it("keeps vitest's failure lines and the script's FAILED line, then the last lines", () => {
    const recap = new FailureRecap(10, 3);
    for (const line of [
      ' ✓ generated/contract-tests/a.contract.test.ts > passes 12ms',
      ' × generated/contract-tests/a.contract.test.ts > arrives within 15 s 15012ms',
      ' FAIL  generated/contract-tests/a.contract.test.ts > arrives within 15 s',
      'AssertionError: expected undefined to be defined',
      'a line about nothing',
      'contract: reference service at http://127.0.0.1:1: FAILED (findings: 1 target, 0 suite, 0 mock, 0 spec)',
      'contract: 280 passed, 1 failed, 157 skipped',
    ])
      recap.add(line);
    expect(recap.lines()).toEqual([
      ' × generated/contract-tests/a.contract.test.ts > arrives within 15 s 15012ms',
      ' FAIL  generated/contract-tests/a.contract.test.ts > arrives within 15 s',
      'AssertionError: expected undefined to be defined',
      'contract: reference service at http://127.0.0.1:1: FAILED (findings: 1 target, 0 suite, 0 mock, 0 spec)',
      '… its last 3 lines:',
      'a line about nothing',
      'contract: reference service at http://127.0.0.1:1: FAILED (findings: 1 target, 0 suite, 0 mock, 0 spec)',
      'contract: 280 passed, 1 failed, 157 skipped',
    ]);
  });

  it('bounds the failure lines and says how many it left out', () => {
    const recap = new FailureRecap(2, 1);
    for (let index = 0; index < 5; index += 1) recap.add(`Error: number ${index}`);
    expect(recap.lines()).toEqual([
      'Error: number 0',
      'Error: number 1',
      '… and 3 more failure line(s)',
      '… its last 1 lines:',
      'Error: number 4',
    ]);
  });

  it('gives the last lines alone when nothing looked like a failure (a crash, a timeout)', () => {
    const recap = new FailureRecap(5, 2);
    for (const line of ['one', 'two', 'three']) recap.add(line);
    expect(recap.lines()).toEqual(['two', 'three']);
  });
});
