/**
 * Request bodies no value of which is valid (issue 43): a oneOf whose members overlap (graphhopper's
 * matrix request, two open objects with no required property, so no ordinary body matches exactly
 * one member), an object that requires properties its additionalProperties: false forbids
 * (e-conomic's Employee), and a required string whose enum is [true, false] (apptigent's
 * CompareStrings). The suites cannot make such a body valid; that is the spec's defect, not a
 * limit of the suites: both the valid request and the property stage say so as a spec finding with
 * the body's pointer. The target is an in-process fetch.
 */
import { describe, expect, it } from 'vitest';
import type { Cases } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import { ProblemsError } from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { propertyCheck } from '../../../../../generators/plugins/contract-tests/runtime/properties.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

const SPEC = 'test/fixtures/kinds/overlapping-one-of-3.0.yaml';

const generated = new Map<string, Promise<Cases>>();

async function checksOf(spec: string): Promise<ContractChecks> {
  if (!generated.has(spec)) generated.set(spec, contractCasesOf(spec));
  const cases = await generated.get(spec)!;
  const target = inProcessTarget(
    cases,
    async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    { name: 'one-of' },
  );
  return new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' });
}

const problemsOf = (error: unknown) => (error instanceof ProblemsError ? error.problems : [error]);

describe.each([
  {
    kind: 'a oneOf whose members overlap',
    spec: SPEC,
    id: 'calculateMatrix',
    says: 'oneOf is not exclusive',
  },
  {
    kind: 'required properties additionalProperties: false forbids',
    spec: 'test/fixtures/kinds/required-forbidden-3.0.yaml',
    id: 'createEmployee',
    says: 'requires properties its additionalProperties: false forbids',
  },
  {
    kind: 'a required enum its type refuses',
    spec: 'test/fixtures/kinds/enum-outside-type-3.0.yaml',
    id: 'compareStrings',
    says: 'requires a value whose enum holds none of its type, so no body is valid (at /lower: enum [true,false], type string)',
  },
])('a request body with $kind', ({ spec, id, says }) => {
  it("is the spec's finding when the suite makes the operation's request", async () => {
    const checks = await checksOf(spec);
    const error = await checks.request(checks.operation(id)).catch((caught) => caught);
    expect(problemsOf(error)).toMatchObject([
      {
        class: 'spec',
        pointer: checks.operation(id).bodyPointer,
        message: expect.stringContaining(says),
      },
    ]);
  }, 30_000);

  it("is the spec's finding in the property stage", async () => {
    const checks = await checksOf(spec);
    const error = await propertyCheck(checks, id, { runs: 5, seed: 1, tag: checks.tag }).catch(
      (caught) => caught,
    );
    expect(problemsOf(error)).toMatchObject([{ class: 'spec', message: expect.stringContaining(says) }]);
  });
});
