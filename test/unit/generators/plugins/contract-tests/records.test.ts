/**
 * Writes to records the run did not make (runtime/records.ts): which records a write names
 * (derive.ts, writtenRecords), and what the suites do before sending it to a target that keeps
 * data. No process: the target answers in this process through the suites' paced transport.
 */
import { describe, expect, it } from 'vitest';
import type { Cases } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import { ContractChecks } from '../../../../../generators/plugins/contract-tests/runtime/checks.js';
import type { Target } from '../../../../../generators/plugins/contract-tests/runtime/target.js';
import { contractCasesOf, inProcessTarget } from '../../../../support/contract-cases.js';

const SPEC = 'test/fixtures/contract/example-records-3.0.yaml';

/** A target that keeps data and holds the notes `held`; every request it gets is in `asked`. */
function serviceHolding(cases: Cases, held: string[], overrides: Partial<Target> = {}) {
  const asked: string[] = [];
  const target: Target = {
    ...inProcessTarget(cases, async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      asked.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const note = /^\/notes\/([^/]+)$/.exec(url.pathname)?.[1];
      if (note !== undefined && held.includes(decodeURIComponent(note)))
        return Response.json({ id: note, text: 'kept' });
      return Response.json({ message: 'no such note' }, { status: 404 });
    }),
    stateful: true,
    mock: false,
    ...overrides,
  };
  return {
    target,
    asked,
    checks: new ContractChecks(cases, target, undefined, { CONTRACT_RUN_ID: 'run_test' }),
  };
}

describe('the records a write names', () => {
  it('are its path parameters that identify one, outermost first, each with the GET of its path', async () => {
    const cases = await contractCasesOf(SPEC);
    const records = (id: string) => cases.operations.find((operation) => operation.id === id)!.records;
    expect(records('getNote')).toBeUndefined();
    expect(records('deleteNote')).toEqual([
      { param: 'note_id', within: ['note_id'], probe: { operation: 'getNote', path: '/notes/1' } },
    ]);
    expect(records('deleteComment')).toEqual([
      { param: 'note_id', within: ['note_id'], probe: { operation: 'getNote', path: '/notes/1' } },
      { param: 'comment_id', within: ['note_id', 'comment_id'] },
    ]);
    // An enum names a kind, not a record.
    expect(records('startExport')).toBeUndefined();
  });
});

describe('a write to a record the run did not make', () => {
  it('is not sent where the target holds the record, and the reason says how to send it', async () => {
    const cases = await contractCasesOf(SPEC);
    const { checks, asked } = serviceHolding(cases, ['1']);
    expect(await checks.recordNotOurs('deleteNote')).toBe(
      'it would DELETE the note_id "1" of the spec\'s examples, a record the target holds that this run did not make (GET /notes/1 answered 200); CONTRACT_WRITE_EXAMPLES=true sends it',
    );
    // The record under it has no GET in the spec: nothing shows it is not there.
    expect(await checks.recordNotOurs('deleteComment')).toBe(
      'it would DELETE the comment_id "7" of the spec\'s examples, and the spec has no GET of its path to show that no such record exists on the target; CONTRACT_WRITE_EXAMPLES=true sends it',
    );
    expect(await checks.recordNotOurs('getNote')).toBeUndefined();
    // One GET answered both: a record is asked about once.
    expect(asked).toEqual(['GET /notes/1']);
  });

  it('is sent where nothing is there: the outermost record answers 404', async () => {
    const cases = await contractCasesOf(SPEC);
    const { checks, asked } = serviceHolding(cases, []);
    expect(await checks.recordNotOurs('deleteNote')).toBeUndefined();
    expect(await checks.recordNotOurs('deleteComment')).toBeUndefined();
    expect(asked).toEqual(['GET /notes/1']);
  });

  it('is sent without asking to a mock, or where CONTRACT_WRITE_EXAMPLES=true', async () => {
    const cases = await contractCasesOf(SPEC);
    const mock = serviceHolding(cases, ['1'], { stateful: false, mock: true });
    expect(await mock.checks.recordNotOurs('deleteNote')).toBeUndefined();
    const optedIn = serviceHolding(cases, ['1'], { writesExamples: true });
    expect(await optedIn.checks.recordNotOurs('deleteNote')).toBeUndefined();
    expect([...mock.asked, ...optedIn.asked]).toEqual([]);
  });

  it('is not sent where the GET shows neither (401, or no answer)', async () => {
    const cases = await contractCasesOf(SPEC);
    const refusing = {
      ...inProcessTarget(cases, async () => Response.json({ message: 'who are you' }, { status: 401 }), {
        name: 'refusing',
      }),
      stateful: true,
    };
    const checks = new ContractChecks(cases, refusing, undefined, { CONTRACT_RUN_ID: 'run_test' });
    expect(await checks.recordNotOurs('deleteNote')).toMatch(
      /GET \/notes\/1 answered 401, which does not show that no such record exists; CONTRACT_WRITE_EXAMPLES=true sends it$/,
    );
    const down = {
      ...inProcessTarget(cases, () => Promise.reject(new Error('connection refused')), { name: 'down' }),
      stateful: true,
    };
    const downChecks = new ContractChecks(cases, down, undefined, { CONTRACT_RUN_ID: 'run_test' });
    expect(await downChecks.recordNotOurs('deleteNote')).toMatch(/GET \/notes\/1 answered no status \(/);
  });
});
