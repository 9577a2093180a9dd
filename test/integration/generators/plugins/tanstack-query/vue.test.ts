/**
 * The generated Vue composables (generated/tanstack-query/src/vue) in a page (happy-dom) against
 * the generated server stubs holding subjects in memory: the same option builders as React's hooks
 * under another adapter. An infinite query walks every page of a list to its end by the client's
 * cursor, and a composable follows a ref its arguments are given as. Starts: tsc, Fastify on 127.0.0.1.
 */
import { page } from '../../../../support/page.js';
import path from 'node:path';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp, h, nextTick, ref, watchEffect, type App } from 'vue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ClientPackage from 'assessment-service-client';
import type * as Composables from '../../../../../generated/tanstack-query/src/vue/index.js';
import { consumerOf, type Consumer } from '../../../../support/generated-packages.js';
import { startSubjectsStub, type SubjectsStub } from './subjects-stub.js';

let consumer: Consumer;
let composables: typeof Composables;
let api: typeof ClientPackage;
beforeAll(async () => {
  consumer = await consumerOf(path.resolve('generated'), ['tanstack-query']);
  composables = await import(path.join(consumer.packageDir('tanstack-query'), 'src', 'vue', 'index.ts'));
  api = await import(
    path.join(consumer.dir, 'node_modules', 'assessment-service-client', 'dist', 'esm', 'index.js')
  );
}, 120_000);
afterAll(() => consumer?.remove());

let stub: SubjectsStub;
let app: App | undefined;
beforeEach(async () => {
  stub = await startSubjectsStub(7);
});
afterEach(async () => {
  app?.unmount();
  await stub.close();
});

/** Mounts a component with the query client and the API's client provided, and returns its element. */
function mount(component: Parameters<typeof createApp>[0]): HTMLElement {
  const element = page.document.createElement('div') as unknown as HTMLElement;
  page.document.body.appendChild(element as never);
  app = createApp(component);
  app.use(VueQueryPlugin, {
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  app.use(
    composables.clientPlugin,
    new api.AssessmentServiceClient({
      apiKey: 'test_pk_0123456789abcdefghijklmnopqrstuv',
      baseURL: stub.url,
    }),
  );
  app.mount(element);
  return element;
}

async function textBecomes(element: HTMLElement, text: string): Promise<void> {
  await expect.poll(() => element.textContent).toBe(text);
}

describe('the generated Vue composables', () => {
  it("walk every page of a paged list to its end with an infinite query, by the client's cursor", async () => {
    const element = mount({
      setup() {
        const query = composables.useListSubjectsInfinite({ limit: 3 });
        watchEffect(() => {
          if (query.hasNextPage.value && !query.isFetchingNextPage.value) void query.fetchNextPage();
        });
        return () => {
          const pages = query.data.value?.pages ?? [];
          const ids = pages.flatMap((each) => each.data.map((subject) => subject.id));
          return h('p', query.data.value && !query.hasNextPage.value ? `all ${ids.join(' ')}` : 'walking');
        };
      },
    });
    await textBecomes(element, 'all subj_0007 subj_0006 subj_0005 subj_0004 subj_0003 subj_0002 subj_0001');
    expect(stub.lists).toEqual([
      { limit: 3 },
      { limit: 3, starting_after: 'subj_0005' },
      { limit: 3, starting_after: 'subj_0002' },
    ]);
  });

  it('follow a ref given as an argument: a new value is a new query', async () => {
    const id = ref('subj_0002');
    const element = mount({
      setup() {
        const query = composables.useRetrieveSubject(id);
        return () => h('p', query.data.value ? `subject ${query.data.value.id}` : 'loading');
      },
    });
    await textBecomes(element, 'subject subj_0002');
    id.value = 'subj_0005';
    await nextTick();
    await textBecomes(element, 'subject subj_0005');
  });
});
