/**
 * The hooks package's runtime and plan, without a network: the key shape, the page walk (the page is
 * the next page's param, and each fetch's signal reaches the request of its page), the default
 * invalidation and how the caller's options go over it, and which operations become which hooks.
 */
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { sdkShape } from '../../../../../generators/sdk-shape/index.js';
import {
  clientEnvironment,
  planClient,
  propertyPaths,
} from '../../../../../generators/plugins/client/plan.js';
import {
  operationKey,
  resourceListsKey,
} from '../../../../../generators/plugins/tanstack-query/runtime/keys.js';
import {
  invalidatesLists,
  withCallerOptions,
} from '../../../../../generators/plugins/tanstack-query/runtime/options.js';
import {
  nextPageParam,
  pageQuery,
  type ClientPage,
  type WalkOptions,
} from '../../../../../generators/plugins/tanstack-query/runtime/paging.js';
import { planQueries } from '../../../../../generators/plugins/tanstack-query/plan.js';

describe('operationKey', () => {
  it('is [api, ...resource, { operation, list?, infinite?, path?, params? }], leaving out what is not there', () => {
    expect(
      operationKey(['api', 'nature', 'subjects'], {
        operation: 'listSubjects',
        list: true,
        params: { limit: 2 },
      }),
    ).toEqual(['api', 'nature', 'subjects', { operation: 'listSubjects', list: true, params: { limit: 2 } }]);
    expect(operationKey(['api'], { operation: 'getHealth', path: {}, params: undefined })).toEqual([
      'api',
      { operation: 'getHealth' },
    ]);
  });

  it("matches a resource's lists filter only for the lists of that resource", () => {
    const queryClient = new QueryClient();
    const keys = [
      operationKey(['api', 'nature', 'subjects'], { operation: 'listSubjects', list: true }),
      operationKey(['api', 'nature', 'subjects'], { operation: 'listSubjects', list: true, infinite: true }),
      operationKey(['api', 'nature', 'subjects'], {
        operation: 'retrieveSubject',
        path: { subject_id: 's' },
      }),
      operationKey(['api', 'nature', 'subjects', 'assessments'], {
        operation: 'listAssessments',
        list: true,
      }),
    ];
    for (const key of keys) queryClient.setQueryData(key, 1);
    const matched = queryClient
      .getQueryCache()
      .findAll({ queryKey: resourceListsKey('api', ['nature', 'subjects']) })
      .map((query) => query.queryKey);
    expect(matched).toEqual(keys.slice(0, 2));
  });
});

/** Pages of a list of `count` pages, as the client's are: each knows the next and fetches it with the walk's options. */
function pages(count: number, options: { seen: Array<AbortSignal | undefined> }) {
  const page = (number: number, walk: WalkOptions): ClientPage & { number: number } => ({
    number,
    hasNextPage: () => number < count,
    getNextPage: async () => {
      // The client reads its options (the signal) when it sends.
      options.seen.push(walk.signal);
      return page(number + 1, walk);
    },
  });
  return (walk: WalkOptions) => {
    options.seen.push(walk.signal);
    return Promise.resolve(page(1, walk));
  };
}

describe('the page walk', () => {
  it("asks for each page with the page before it, ends where the client says, and sends each with its fetch's signal", async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const query = pageQuery(pages(3, { seen }));
    const signals = [new AbortController(), new AbortController(), new AbortController()].map(
      (each) => each.signal,
    );
    const first = await query({ pageParam: null, signal: signals[0] });
    const second = await query({ pageParam: nextPageParam(first)!, signal: signals[1] });
    const third = await query({ pageParam: nextPageParam(second)!, signal: signals[2] });
    expect([first, second, third].map((page) => (page as unknown as { number: number }).number)).toEqual([
      1, 2, 3,
    ]);
    expect(nextPageParam(third)).toBeUndefined();
    expect(seen).toEqual(signals);
  });
});

describe('mutation options', () => {
  it('invalidate the lists of their resource by default, and nothing when told not to', async () => {
    const queryClient = new QueryClient();
    const list = operationKey(['api', 'things'], { operation: 'listThings', list: true });
    const item = operationKey(['api', 'things'], { operation: 'getThing', path: { id: 1 } });
    queryClient.setQueryData(list, []);
    queryClient.setQueryData(item, {});
    const context = { client: queryClient, meta: undefined };
    expect(invalidatesLists('api', ['things'], { invalidate: false })).toBeUndefined();
    await invalidatesLists('api', ['things'], {})!(undefined, undefined, undefined, context);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(item)?.isInvalidated).toBe(false);
  });

  it("run the caller's onSuccess after theirs has settled, and keep the caller's other options", async () => {
    const order: string[] = [];
    const merged = withCallerOptions(
      {
        mutationKey: ['k'],
        onSuccess: async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push('invalidated');
        },
      },
      { retry: 2, onSuccess: () => void order.push('caller') },
    );
    await (merged.onSuccess as () => Promise<unknown>)();
    expect(order).toEqual(['invalidated', 'caller']);
    expect(merged).toMatchObject({ mutationKey: ['k'], retry: 2 });
  });
});

describe('planQueries', () => {
  it("makes queries of GET operations, infinite queries of paged lists, mutations of the rest, each at the client's method", async () => {
    const ir = await buildIr(await loadDocument('spec/openapi.yaml'));
    const plan = planClient(ir);
    const queries = planQueries(
      ir,
      {
        packageName: 'assessment-service-client',
        plan,
        version: '1.0.0',
        environment: clientEnvironment('ASSESSMENT_SERVICE'),
        propertyPath: propertyPaths(plan.root),
      },
      sdkShape(ir).names,
    );
    expect(
      queries.operations.map((operation) => [
        operation.operation.id,
        operation.kind,
        operation.list,
        operation.pageClass ?? '-',
        operation.method,
      ]),
    ).toEqual([
      ['getHealth', 'query', false, '-', 'client.health.retrieve'],
      ['listSubjects', 'query', true, 'CursorPage', 'client.nature.subjects.list'],
      ['createSubject', 'mutation', false, '-', 'client.nature.subjects.create'],
      ['retrieveSubject', 'query', false, '-', 'client.nature.subjects.retrieve'],
      ['deleteSubject', 'mutation', false, '-', 'client.nature.subjects.delete'],
      ['listAssessments', 'query', true, 'CursorPage', 'client.nature.subjects.assessments.list'],
      ['createAssessment', 'mutation', false, '-', 'client.nature.subjects.assessments.create'],
      ['retrieveAssessment', 'query', false, '-', 'client.nature.assessments.retrieve'],
      ['submitAssessment', 'mutation', false, '-', 'client.nature.assessments.update'],
    ]);
    expect(queries.resources.map((resource) => resource.path)).toEqual([
      'health',
      'nature',
      'nature.subjects',
      'nature.subjects.assessments',
      'nature.assessments',
    ]);
    expect(queries.operations[1].names).toMatchObject({
      queryOptions: 'listSubjectsQueryOptions',
      hook: 'useListSubjects',
      infiniteHook: 'useListSubjectsInfinite',
    });
  });
});
