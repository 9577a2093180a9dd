/**
 * A target that answers 501 for an operation it does not document it for (the generated stubs do,
 * for an operation without a handler): one `not_implemented` finding for the operation, not one
 * finding per check that blames its input handling. The target is an in-process fetch.
 */
import { describe, expect, it } from 'vitest';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import { problemKey } from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { send } from '../../../../../generators/plugins/contract-tests/runtime/harness.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

describe('an operation the target answers 501 for', () => {
  it('is one not_implemented finding of the target, whatever check met it', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/optional-empty-body-3.0.yaml');
    // A service of the user's (not a mock), as the stubs answer for an operation without a handler.
    const target = {
      ...inProcessTarget(cases, async () =>
        Response.json({ message: 'removeAllItems is not implemented.' }, { status: 501 }),
      ),
      mock: false,
    };
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const operation = checks.operation('removeAllItems');
    const request = await checks.request(operation);
    const sent = await send(target, request);
    const valid = checks.problems(operation, sent, { kind: 'success' }, 'positive_data_acceptance', request);
    const invalid = checks.problems(operation, sent, { kind: 'refusal' }, 'negative_data_rejection', request);
    for (const problems of [valid, invalid]) {
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({
        class: 'target',
        check: 'not_implemented',
        operation: 'removeAllItems',
        fix: expect.stringContaining('Implement removeAllItems'),
      });
    }
    // One root cause: the report counts them as one finding.
    expect(problemKey(valid[0]!)).toBe(problemKey(invalid[0]!));
  });
});
