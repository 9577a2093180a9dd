/**
 * The deterministic coverage stage (coverage.ts) sends each variant on the request it was made
 * from (issue 43: increase's create_an_entity and twinehealth stopped with "Cannot read properties
 * of undefined" in `set`: the variants were made from one request and, for an operation that
 * changes state, applied to a fresh one whose generated stand-in for an invalid body example was
 * drawn anew and lacked the nested object a variant changes). The target is an in-process fetch.
 */
import { describe, expect, it } from 'vitest';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import { coverage } from '../../../../../generators/plugins/contract-tests/runtime/coverage.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

describe('deterministic coverage of a body the suite generates in place of an invalid example', () => {
  it('applies every variant to the body it was made from, on every request it sends', async () => {
    const cases = await contractCasesOf('test/fixtures/kinds/substituted-body-coverage-3.0.yaml');
    const bodies: unknown[] = [];
    const target = inProcessTarget(
      cases,
      async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
      },
      { name: 'coverage', validates: false },
    );
    const checks = new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
    const problems = await coverage(checks, checks.operation('createEntity'));
    expect(problems).toEqual([]);
    // Each request is the first one's body with one change: the same name throughout.
    const names = new Set(bodies.map((body) => (body as { name?: unknown }).name));
    expect(bodies.length).toBeGreaterThan(3);
    expect(names.size).toBe(1);
  });
});
