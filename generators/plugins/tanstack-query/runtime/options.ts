/**
 * The option objects the generated builders return, typed with query-core's own types so that every
 * framework adapter (React, Vue, …) spreads them into its `useQuery`, `useInfiniteQuery` and
 * `useMutation`, and a `QueryClient` takes them as they are (`prefetchQuery`, `fetchInfiniteQuery`).
 */
import type {
  DataTag,
  GetNextPageParamFunction,
  InfiniteData,
  MutationFunction,
  MutationFunctionContext,
  MutationKey,
  QueryFunction,
  QueryKey,
} from '@tanstack/query-core';
import { resourceListsKey } from './keys.js';

/** `{ queryKey, queryFn }` of one operation. */
export interface QueryOptionsFor<TData, TError> {
  queryKey: DataTag<QueryKey, TData, TError>;
  queryFn: QueryFunction<TData, QueryKey>;
}

/** `{ queryKey, queryFn, initialPageParam, getNextPageParam }` of a paged list; the page param is the page before. */
export interface InfiniteQueryOptionsFor<TPage, TError> {
  queryKey: DataTag<QueryKey, InfiniteData<TPage, TPage | null>, TError>;
  queryFn: QueryFunction<TPage, QueryKey, TPage | null>;
  initialPageParam: TPage | null;
  getNextPageParam: GetNextPageParamFunction<TPage | null, TPage>;
}

/** What a mutation's success does to the cache: by default it invalidates the lists of its resource. */
export interface MutationInvalidation {
  /** `false`: leave the cache alone (default `true`: the resource's lists are refetched). */
  invalidate?: boolean | undefined;
}

type OnSuccess<TData, TVariables> = (
  data: TData,
  variables: TVariables,
  onMutateResult: unknown,
  context: MutationFunctionContext,
) => unknown;

/** `{ mutationKey, mutationFn, onSuccess }` of one operation. */
export interface MutationOptionsFor<TData, TVariables> {
  mutationKey: MutationKey;
  mutationFn: MutationFunction<TData, TVariables>;
  onSuccess?: OnSuccess<TData, TVariables> | undefined;
}

/**
 * The default `onSuccess` of a mutation: invalidates the lists of its resource (`[api, ...resource,
 * { list: true }]`) and waits for the active ones to refetch, so the mutation settles once the lists
 * show its effect. Undefined when the caller opts out.
 */
export function invalidatesLists<TData, TVariables>(
  api: string,
  resource: readonly string[],
  invalidation: MutationInvalidation,
): OnSuccess<TData, TVariables> | undefined {
  if (invalidation.invalidate === false) return undefined;
  return (_data, _variables, _onMutateResult, context) =>
    context.client.invalidateQueries({ queryKey: resourceListsKey(api, resource) });
}

/**
 * Mutation options with the caller's own options over them; both `onSuccess` run, the generated
 * one (the invalidation) first and awaited, then the caller's.
 */
export function withCallerOptions<
  Base extends { onSuccess?: unknown },
  Given extends { onSuccess?: unknown },
>(base: Base, given: Given): Base & Given {
  const first = base.onSuccess as ((...args: unknown[]) => unknown) | undefined;
  const second = given.onSuccess as ((...args: unknown[]) => unknown) | undefined;
  const merged = { ...base, ...given };
  if (first && second)
    merged.onSuccess = async (...args: unknown[]) => {
      await first(...args);
      return second(...args);
    };
  else merged.onSuccess = first ?? second;
  return merged;
}
