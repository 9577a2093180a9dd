/**
 * The generated React hooks (generated/tanstack-query/src/react) rendered in a page (happy-dom,
 * Testing Library) against the generated server stubs holding subjects in memory: a query renders
 * data, a 404 is the client's NotFoundError, an infinite query walks every page of a list to its end
 * by the client's own cursor, a mutation invalidates its resource's lists and they refetch (unless it
 * opts out), and cancelling a query or a next page closes that request's connection. The hooks run
 * as an app gets them: the generated client compiled and installed by name, with a publishable key
 * as a page holds. Starts: tsc, Fastify on 127.0.0.1.
 */
import '../../../../support/page.js';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, useEffect, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ClientPackage from 'assessment-service-client';
import type * as Builders from '../../../../../generated/tanstack-query/src/index.js';
import type * as Hooks from '../../../../../generated/tanstack-query/src/react/index.js';
import { consumerOf, type Consumer } from '../../../../support/generated-packages.js';
import { startSubjectsStub, type SubjectsStub } from './subjects-stub.js';

const PUBLISHABLE_KEY = 'test_pk_0123456789abcdefghijklmnopqrstuv';
const CONSENT = {
  consent_text_version: '2026-01',
  consented_at: '2026-03-14T09:26:53Z',
  ui_snapshot_hash: `sha256:${'ab'.repeat(32)}`,
};

let consumer: Consumer;
let hooks: typeof Hooks;
let builders: typeof Builders;
let api: typeof ClientPackage;
beforeAll(async () => {
  consumer = await consumerOf(path.resolve('generated'), ['tanstack-query']);
  const source = path.join(consumer.packageDir('tanstack-query'), 'src');
  hooks = await import(path.join(source, 'react', 'index.ts'));
  builders = await import(path.join(source, 'index.ts'));
  // The same module the hooks import by name, so that `instanceof` sees one class.
  api = await import(
    path.join(consumer.dir, 'node_modules', 'assessment-service-client', 'dist', 'esm', 'index.js')
  );
}, 120_000);
afterAll(() => consumer?.remove());

let stub: SubjectsStub;
let queryClient: QueryClient;
let client: ClientPackage.AssessmentServiceClient;
beforeEach(async () => {
  stub = await startSubjectsStub(8);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client = new api.AssessmentServiceClient({ apiKey: PUBLISHABLE_KEY, baseURL: stub.url, maxRetries: 0 });
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await stub.close();
});

function renderInApp(node: ReactNode) {
  return render(h(QueryClientProvider, { client: queryClient }, h(hooks.ClientProvider, { client }, node)));
}

const ids = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => `subj_${String(from - index).padStart(4, '0')}`);

describe('the generated React hooks', () => {
  it('render the data of a query', async () => {
    function Subject() {
      const { data } = hooks.useRetrieveSubject('subj_0003');
      return h(
        'p',
        null,
        data ? `subject ${data.id}, consented ${data.consent_artifact.consented_at}` : 'loading',
      );
    }
    renderInApp(h(Subject));
    expect(await screen.findByText('subject subj_0003, consented 2026-03-14T09:26:53Z')).toBeTruthy();
  });

  it("type a failed query's error as the client's error class", async () => {
    let seen: unknown;
    function Missing() {
      const { error } = hooks.useRetrieveSubject('subj_9999');
      seen = error;
      return h(
        'p',
        null,
        error ? `${error.name} ${error instanceof api.APIError ? error.status : ''}` : 'loading',
      );
    }
    renderInApp(h(Missing));
    expect(await screen.findByText('NotFoundError 404')).toBeTruthy();
    expect(seen).toBeInstanceOf(api.NotFoundError);
    expect((seen as ClientPackage.NotFoundError).code).toBe('not_found');
  });

  it("walk every page of a paged list to its end with an infinite query, by the client's cursor", async () => {
    function Everyone() {
      const query = hooks.useListSubjectsInfinite({ limit: 3 });
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
      useEffect(() => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
      const seen = query.data?.pages.flatMap((page) => page.data.map((subject) => subject.id)) ?? [];
      return h('p', null, query.data && !hasNextPage ? `all ${seen.join(' ')}` : 'walking');
    }
    renderInApp(h(Everyone));
    expect(await screen.findByText(`all ${ids(8, 1).join(' ')}`)).toBeTruthy();
    // Each page after the first asked for by the cursor the one before it gave, and none after the last.
    expect(stub.lists).toEqual([
      { limit: 3 },
      { limit: 3, starting_after: 'subj_0006' },
      { limit: 3, starting_after: 'subj_0003' },
    ]);
    const data = queryClient.getQueryData(builders.listSubjectsInfiniteQueryKey({ limit: 3 }));
    expect(data?.pages.map((page) => page.data.length)).toEqual([3, 3, 2]);
  });

  it('invalidate the lists of the resource a mutation changed, and the list refetches', async () => {
    let create!: () => Promise<unknown>;
    function Subjects() {
      const list = hooks.useListSubjects({ limit: 100 });
      const mutation = hooks.useCreateSubjectMutation();
      create = () => mutation.mutateAsync({ params: { consent_artifact: CONSENT } });
      return h('p', null, list.data ? `count ${list.data.data.length}` : 'loading');
    }
    renderInApp(h(Subjects));
    await screen.findByText('count 8');
    expect(stub.lists).toHaveLength(1);
    // The mutation settles once the invalidated list has refetched.
    await act(() => create());
    expect(await screen.findByText('count 9')).toBeTruthy();
    expect(stub.lists).toHaveLength(2);
    expect(queryClient.getQueryState(builders.listSubjectsQueryKey({ limit: 100 }))?.isInvalidated).toBe(
      false,
    );
  });

  it("leave the lists alone when the mutation opts out, and run the caller's onSuccess after the invalidation", async () => {
    let create!: () => Promise<unknown>;
    const order: string[] = [];
    function Subjects({ invalidate }: { invalidate: boolean }) {
      const list = hooks.useListSubjects({ limit: 100 });
      const mutation = hooks.useCreateSubjectMutation({
        invalidate,
        onSuccess: () => void order.push(`onSuccess after ${stub.lists.length} list request(s)`),
      });
      create = () => mutation.mutateAsync({ params: { consent_artifact: CONSENT } });
      return h('p', null, list.data ? `count ${list.data.data.length}` : 'loading');
    }
    const { rerender } = renderInApp(h(Subjects, { invalidate: false }));
    await screen.findByText('count 8');
    await act(() => create());
    expect(stub.count()).toBe(9);
    expect(stub.lists).toHaveLength(1);
    expect(screen.getByText('count 8')).toBeTruthy();
    rerender(
      h(
        QueryClientProvider,
        { client: queryClient },
        h(hooks.ClientProvider, { client }, h(Subjects, { invalidate: true })),
      ),
    );
    await act(() => create());
    expect(order).toEqual(['onSuccess after 1 list request(s)', 'onSuccess after 2 list request(s)']);
    expect(await screen.findByText('count 10')).toBeTruthy();
  });

  it('abort the request of a query that is cancelled', async () => {
    stub.hold('retrieve:subj_0002');
    function Subject() {
      const query = hooks.useRetrieveSubject('subj_0002');
      return h('p', null, `${query.status} ${query.fetchStatus}`);
    }
    renderInApp(h(Subject));
    await stub.arrived('retrieve:subj_0002');
    await act(() => queryClient.cancelQueries({ queryKey: builders.retrieveSubjectQueryKey('subj_0002') }));
    await waitFor(() => expect(stub.aborted).toEqual(['retrieve:subj_0002']));
    expect(screen.getByText('pending idle')).toBeTruthy();
  });

  it('abort the request of a next page whose fetch is cancelled, and keep the pages before it', async () => {
    stub.hold('list:subj_0006');
    let more!: () => Promise<unknown>;
    function Walk() {
      const query = hooks.useListSubjectsInfinite({ limit: 3 });
      more = () => query.fetchNextPage();
      return h('p', null, `${query.data?.pages.length ?? 0} page(s), ${query.fetchStatus}`);
    }
    renderInApp(h(Walk));
    await screen.findByText('1 page(s), idle');
    void act(() => void more());
    await stub.arrived('list:subj_0006');
    await act(() =>
      queryClient.cancelQueries({ queryKey: builders.listSubjectsInfiniteQueryKey({ limit: 3 }) }),
    );
    await waitFor(() => expect(stub.aborted).toEqual(['list:subj_0006']));
    expect(await screen.findByText('1 page(s), idle')).toBeTruthy();
  });
});
