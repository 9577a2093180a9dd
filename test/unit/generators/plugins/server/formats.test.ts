/**
 * Formats in the generated server's validation (generated/server/core/validation.ts, createAjv): the
 * ones ajv-formats knows are checked; any other is an annotation (JSON Schema 2020-12), accepted
 * unchecked without a warning per schema at every start (public specs printed dozens).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../../../../generated/server/core/validation.js';

afterEach(() => vi.restoreAllMocks());

describe('createAjv and formats', () => {
  it('accepts a format it does not know, silently, and still checks the ones it knows', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const validate = createAjv({ coerce: false }).compile({
      type: 'object',
      properties: {
        small: { type: 'integer', format: 'int8' },
        page: { type: 'string', format: 'html' },
        id: { type: 'string', format: 'uuid' },
        count: { type: 'integer', format: 'int32' },
      },
    });
    expect(warn).not.toHaveBeenCalled();
    expect(validate({ small: 1000, page: '<p>', id: '6f1c1e4e-8a4b-4c51-9b7a-1d2f3a4b5c6d', count: 1 })).toBe(
      true,
    );
    expect(validate({ id: 'not-a-uuid' })).toBe(false);
    expect(validate({ count: 2 ** 40 })).toBe(false);
  });
});
