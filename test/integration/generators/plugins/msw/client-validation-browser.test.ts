// @vitest-environment happy-dom
/**
 * The generated client's `validation` option in a browser-like environment (happy-dom: window and
 * document exist, so the client takes a publishable key), through the generated MSW handlers; the
 * cases are in client-validation.ts.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import { expect, it } from 'vitest';
import { clientValidationSuite } from './client-validation.js';

it('runs in a page', () => {
  expect(typeof window).toBe('object');
  expect(typeof document).toBe('object');
});

clientValidationSuite('happy-dom', 'test_pk_msw');
