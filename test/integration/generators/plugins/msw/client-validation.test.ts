/**
 * The generated client's `validation` option in node, through the generated MSW handlers
 * (`setupServer`); the cases are in client-validation.ts.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import { describe, expect, it } from 'vitest';
import * as operations from '../../../../../generated/client/src/operations.js';
import { operationKey } from '../../../../../generated/client/src/index.js';
import { operationSchemas } from '../../../../../generated/zod/index.js';
import { clientValidationSuite } from './client-validation.js';

clientValidationSuite('node', 'sk_test_msw');

describe('the client and the zod module name operations alike', () => {
  it("every operation descriptor's key names its schemas in operationSchemas", () => {
    const keys = Object.values(operations).map((operation) => operationKey(operation));
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set(Object.keys(operationSchemas)));
  });
});
