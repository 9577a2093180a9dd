/**
 * The Vue adapter's runtime: the client reaches the composables through provide/inject (one client
 * per app, so a server renders each request with its own key), the composables' option types, and
 * the three generic composables every generated one calls (useQuery's overloads resolved once).
 * Nothing here touches `window` or the client at import: it is safe to import on a server.
 */
import type {
  DefaultError,
  InfiniteData,
  InfiniteQueryObserverOptions,
  MutationObserverOptions,
  QueryKey,
} from '@tanstack/query-core';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type QueryOptions,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryReturnType,
  type UseMutationReturnType,
  type UseQueryOptions,
  type UseQueryReturnType,
} from '@tanstack/vue-query';
import { computed, inject, provide, toValue, type App, type InjectionKey, type MaybeRefOrGetter } from 'vue';
import {
  withCallerOptions,
  type InfiniteQueryOptionsFor,
  type MutationInvalidation,
  type MutationOptionsFor,
  type QueryOptionsFor,
} from './options.js';

/** The API's client, provided to an app (`app.use(clientPlugin, client)`) or a component tree (`provideClient`). */
export function clientInjection<Client>(packageName: string): {
  clientPlugin: { install(app: App, client: Client): void };
  provideClient: (client: Client) => void;
  useClient: () => Client;
} {
  const key: InjectionKey<Client> = Symbol(`${packageName} client`);
  return {
    clientPlugin: { install: (app, client) => void app.provide(key, client) },
    provideClient: (client) => provide(key, client),
    useClient: () => {
      const client = inject(key, null);
      if (client === null)
        throw new Error(
          `${packageName}: no client here; app.use(clientPlugin, new …Client(…)) or provideClient(client) in a parent.`,
        );
      return client;
    },
  };
}

/** What a query composable takes besides the operation's arguments (vue-query's options; the whole may be a ref or getter). */
export type QueryComposableOptions<TData, TError = DefaultError, TSelect = TData> = Omit<
  QueryOptions<TData, TError, TSelect, TData, QueryKey>,
  'queryKey' | 'queryFn'
>;

/** What an infinite query composable takes: the observer's options but the key, function and paging. */
export type InfiniteQueryComposableOptions<TPage, TError, TSelect = InfiniteData<TPage, TPage | null>> = Omit<
  InfiniteQueryObserverOptions<TPage, TError, TSelect, readonly unknown[], TPage | null>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

/** What a mutation composable takes: the observer's options but the key and function, and whether to invalidate. */
export type MutationComposableOptions<TData, TError, TVariables> = Omit<
  MutationObserverOptions<TData, TError, TVariables>,
  'mutationKey' | 'mutationFn'
> & { invalidate?: boolean };

/** useQuery over an operation's options (rebuilt when a ref they read changes), the caller's over them. */
export function useOperationQuery<TData, TError, TSelect>(
  build: () => QueryOptionsFor<TData, TError>,
  given: MaybeRefOrGetter<QueryComposableOptions<TData, TError, TSelect> | undefined>,
): UseQueryReturnType<TSelect, TError> {
  return useQuery(
    computed(() => ({ ...build(), ...toValue(given) })) as unknown as UseQueryOptions<TData, TError, TSelect>,
  ) as UseQueryReturnType<TSelect, TError>;
}

/** useInfiniteQuery over an operation's infinite options (rebuilt when a ref they read changes), the caller's over them. */
export function useOperationInfiniteQuery<TPage, TError, TSelect>(
  build: () => InfiniteQueryOptionsFor<TPage, TError>,
  given: MaybeRefOrGetter<InfiniteQueryComposableOptions<TPage, TError, TSelect> | undefined>,
): UseInfiniteQueryReturnType<TSelect, TError> {
  return useInfiniteQuery(
    computed(() => ({ ...build(), ...toValue(given) })) as unknown as UseInfiniteQueryOptions<
      TPage,
      TError,
      TSelect,
      QueryKey,
      TPage | null
    >,
  ) as UseInfiniteQueryReturnType<TSelect, TError>;
}

/** useMutation over an operation's mutation options (its invalidation unless `invalidate: false`), the caller's over them. */
export function useOperationMutation<TData, TError, TVariables>(
  build: (invalidation: MutationInvalidation) => MutationOptionsFor<TData, TVariables>,
  given: MutationComposableOptions<TData, TError, TVariables>,
): UseMutationReturnType<TData, TError, TVariables, unknown> {
  const { invalidate, ...rest } = given;
  return useMutation(
    withCallerOptions(build({ invalidate }), rest) as MutationObserverOptions<TData, TError, TVariables>,
  );
}
