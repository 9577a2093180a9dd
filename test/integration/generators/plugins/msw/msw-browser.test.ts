// @vitest-environment happy-dom
/**
 * The generated client in a browser-like environment (happy-dom: window and document exist, so
 * the client refuses a secret key) talking to the generated MSW handlers: with a publishable key
 * it gets the spec's example, and a handler told to answer 404 makes it raise NotFoundError.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AssessmentServiceClient,
  NotFoundError,
  SecretKeyInBrowserError,
} from '../../../../../generated/client/src/index.js';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import { handlers, retrieveSubjectHandler } from '../../../../../generated/msw/index.js';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () =>
  new AssessmentServiceClient({ baseURL: 'https://api.example.test', apiKey: 'test_pk_msw', maxRetries: 0 });

describe('the generated client in a browser-like environment, through the MSW handlers', () => {
  it('is in a page: a secret key is refused', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
    expect(
      () => new AssessmentServiceClient({ baseURL: 'https://api.example.test', apiKey: 'test_sk_msw' }),
    ).toThrow(SecretKeyInBrowserError);
  });

  it('gets the answer of the handler, and the typed error for a 404 override', async () => {
    const subject = mockSubject({ seed: 5 });
    server.use(retrieveSubjectHandler({ body: subject }));
    expect(await client().nature.subjects.retrieve(subject.id)).toEqual(subject);
    server.use(retrieveSubjectHandler({ status: 404 }));
    const failure = await client()
      .nature.subjects.retrieve(subject.id)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect((failure as NotFoundError).status).toBe(404);
  });
});
