/**
 * Cleanup's count of what it cannot delete: successful POSTs of operations no OpenAPI link ties to
 * a delete are named in the report, where the summary said "deleted 0" and a walker found ~40
 * servers the suites made left on their service. No process: the registry observes answers.
 */
import { describe, expect, it } from 'vitest';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import { CreatedRegistry } from '../../../../../generators/plugins/contract-tests/runtime/cleanup.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

describe('cleanup of POSTs no link ties to a delete', () => {
  it('counts them by operation, and says so in the summary', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/optional-empty-body-3.0.yaml');
    const target = inProcessTarget(cases, async () => Response.json({}, { status: 200 }));
    const registry = new CreatedRegistry(cases, target);
    const answer = (status: number, method = 'POST') =>
      registry.observe({
        method,
        url: new URL(`${target.baseUrl}/carts/c1/items/removeAll`),
        status,
        body: {},
        requestHeaders: new Headers(),
      });
    answer(200);
    answer(201);
    answer(422); // refused: made nothing
    answer(200, 'GET'); // not a POST (and no operation here)
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const report = await registry.cleanup(checks);
    expect(report.untied).toEqual({ removeAllItems: 2 });
    expect(report.deleted).toBe(0);
  });

  it("names them in the run summary of a stateful target (a service of the user's)", async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/optional-empty-body-3.0.yaml');
    const target = {
      ...inProcessTarget(cases, async () => Response.json({}, { status: 200 })),
      stateful: true,
    };
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const operation = checks.operation('removeAllItems');
    await target.transport!.fetch(`${target.baseUrl}/carts/c1/items/removeAll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(operation.id).toBe('removeAllItems');
    expect(await checks.cleanup()).toMatch(
      /^cleanup: deleted 0, already gone 0, removed with their parent or kept 0; left on the target, answers of POSTs no OpenAPI link ties to a delete: removeAllItems 1; /,
    );
  });
});
