/**
 * Python names: the one naming function on the shapes that broke openapi-generator's SDK on 45
 * public specs (keywords as property names, `self` as an argument, names starting with a digit,
 * `_id` beside `id`). A fixture with all of them, generated, imported with python3 -S -E, called on
 * a loopback server and checked by pyright strict, is test/e2e/generators/plugins/python/hard-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { pythonName, PythonScope } from '../../../../../generators/plugins/python/naming.js';

describe('pythonName', () => {
  it.each([
    { given: 'from', kind: 'variable', want: 'from_' },
    { given: 'await', kind: 'variable', want: 'await_' },
    { given: 'async', kind: 'variable', want: 'async_' },
    { given: 'class', kind: 'variable', want: 'class_' },
    { given: 'None', kind: 'class', want: 'None_' },
    { given: 'type', kind: 'variable', want: 'type' }, // a soft keyword: a fine argument name
    { given: '_id', kind: 'variable', want: '_id' },
    { given: 'id', kind: 'variable', want: 'id' },
    { given: 'userId', kind: 'variable', want: 'user_id' },
    { given: 'X-Request-Id', kind: 'variable', want: 'x_request_id' },
    { given: '@type', kind: 'variable', want: 'type' },
    { given: '2fa', kind: 'variable', want: '_2fa' },
    { given: '2fa', kind: 'class', want: 'N2fa' },
    { given: '1password', kind: 'module', want: 'api_1password' },
    { given: '3scale-api', kind: 'module', want: 'api_3scale_api' },
    { given: 'check-runs', kind: 'class', want: 'CheckRuns' },
    { given: 'list subjects', kind: 'constant', want: 'LIST_SUBJECTS' },
    { given: 'Ünïcode naïve', kind: 'variable', want: 'unicode_naive' },
    { given: '', kind: 'variable', want: 'value' },
    { given: '$$$', kind: 'class', want: 'Model' },
  ] as const)('$kind $given -> $want', ({ given, kind, want }) => {
    expect(pythonName(given, kind)).toBe(want);
  });

  it('keeps names in one scope unique: a reserved name gets an underscore, a repeat a number', () => {
    const scope = new PythonScope(['self', 'timeout']);
    expect(['self', 'user_id', 'user_id', 'timeout', 'self', 'id'].map((name) => scope.claim(name))).toEqual([
      'self_',
      'user_id',
      'user_id_',
      'timeout_',
      'self_2',
      'id',
    ]);
  });
});
