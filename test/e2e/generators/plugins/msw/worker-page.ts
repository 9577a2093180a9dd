/**
 * The page of worker.test.ts, bundled by esbuild: msw's `setupWorker` with the generated handlers
 * (spec/openapi.yaml), then the generated client, with a publishable key, calling through the
 * worker. What it saw is left in `window.result` for the test to read.
 */
import { setupWorker } from 'msw/browser';
import { AssessmentServiceClient, NotFoundError } from '../../../../../generated/client/src/index.js';
import { handlers, listSubjectsHandler, retrieveSubjectHandler } from '../../../../../generated/msw/index.js';

export interface PageResult {
  /** The subject the default handler answered (the spec's example). */
  subject?: { id: string; object: string };
  /** The query a typed resolver was handed for a list call. */
  query?: unknown;
  /** What the 404 override made the client raise. */
  notFound?: { isNotFoundError: boolean; status: unknown; name: string };
  error?: string;
}

declare global {
  interface Window {
    result?: PageResult;
  }
}

async function main(): Promise<PageResult> {
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'error',
    quiet: true,
  });
  // The page's own origin: a request the worker did not answer would reach the test's server, which records it.
  const client = new AssessmentServiceClient({
    baseURL: location.origin,
    apiKey: 'pk_test_msw_worker',
    maxRetries: 0,
  });
  const result: PageResult = {};
  const subject = await client.nature.subjects.retrieve('subj_0123456789abcdefghijklmn');
  result.subject = { id: subject.id, object: subject.object };

  worker.use(
    listSubjectsHandler({
      resolver: ({ query }) => {
        result.query = query;
        return undefined;
      },
    }),
  );
  await client.nature.subjects.list({ limit: 3 });

  worker.use(retrieveSubjectHandler({ status: 404 }));
  try {
    await client.nature.subjects.retrieve('subj_0123456789abcdefghijklmn');
  } catch (error) {
    result.notFound = {
      isNotFoundError: error instanceof NotFoundError,
      status: (error as { status?: unknown }).status,
      name: (error as Error).name,
    };
  }
  return result;
}

main().then(
  (result) => (window.result = result),
  (error: unknown) => (window.result = { error: String((error as Error)?.stack ?? error) }),
);
