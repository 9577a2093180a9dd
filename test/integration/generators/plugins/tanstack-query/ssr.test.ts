/**
 * The generated hooks on a server (no window, as Next.js or Nuxt render): the packages import
 * without a page, the framework-free option builders prefetch with a secret key into a QueryClient,
 * and React renders the prefetched data to a string with the hooks. Starts: tsc, Fastify on 127.0.0.1.
 */
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as ClientPackage from 'assessment-service-client';
import type * as Builders from '../../../../../generated/tanstack-query/src/index.js';
import type * as Hooks from '../../../../../generated/tanstack-query/src/react/index.js';
import { consumerOf, type Consumer } from '../../../../support/generated-packages.js';
import { startSubjectsStub, type SubjectsStub } from './subjects-stub.js';

let consumer: Consumer;
let stub: SubjectsStub;
beforeAll(async () => {
  consumer = await consumerOf(path.resolve('generated'), ['tanstack-query']);
  stub = await startSubjectsStub(3);
}, 120_000);
afterAll(async () => {
  await stub?.close();
  await consumer?.remove();
});

it('imports without a window, prefetches with the option builders and renders the data with the hooks', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  const source = path.join(consumer.packageDir('tanstack-query'), 'src');
  const builders: typeof Builders = await import(path.join(source, 'index.ts'));
  const hooks: typeof Hooks = await import(path.join(source, 'react', 'index.ts'));
  await import(path.join(source, 'vue', 'index.ts'));
  const api: typeof ClientPackage = await import(
    path.join(consumer.dir, 'node_modules', 'assessment-service-client', 'dist', 'esm', 'index.js')
  );
  // A server holds the secret key; the client refuses one only in a page.
  const client = new api.AssessmentServiceClient({
    apiKey: 'test_sk_0123456789abcdefghijklmnopqrstuv',
    baseURL: stub.url,
  });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(builders.retrieveSubjectQueryOptions(client, 'subj_0002'));
  function Subject() {
    const { data } = hooks.useRetrieveSubject('subj_0002');
    return h('p', null, data ? `subject ${data.id}` : 'loading');
  }
  const html = renderToString(
    h(QueryClientProvider, { client: queryClient }, h(hooks.ClientProvider, { client }, h(Subject))),
  );
  expect(html).toBe('<p>subject subj_0002</p>');
});
