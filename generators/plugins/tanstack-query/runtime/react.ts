/**
 * The React adapter's runtime: the client reaches the hooks through a context (one client per
 * tree, so a server renders each request with its own key), the hooks' option types, and the three
 * generic hooks every generated one calls (so that TypeScript resolves useQuery's overloads once,
 * not once per operation: on GitHub's 1,200 operations that is most of the typecheck).
 * Nothing here touches `window` or the client at import: it is safe to import on a server.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, createElement, useContext, type ReactElement, type ReactNode } from 'react';
import {
  withCallerOptions,
  type InfiniteQueryOptionsFor,
  type MutationInvalidation,
  type MutationOptionsFor,
  type QueryOptionsFor,
} from './options.js';

/** A context for the API's client: its provider and the hook that reads it. */
export function clientContext<Client>(packageName: string): {
  ClientProvider: (props: { client: Client; children?: ReactNode }) => ReactElement;
  useClient: () => Client;
} {
  const Context = createContext<Client | null>(null);
  Context.displayName = `${packageName} client`;
  return {
    ClientProvider: ({ client, children }) => createElement(Context.Provider, { value: client }, children),
    useClient: () => {
      const client = useContext(Context);
      if (client === null)
        throw new Error(
          `${packageName}: no client here; render the hooks inside <ClientProvider client={new …Client(…)}>.`,
        );
      return client;
    },
  };
}

/** What a query hook takes besides the operation's arguments: useQuery's options but the key and function. */
export type QueryHookOptions<TData, TError, TSelect = TData> = Omit<
  UseQueryOptions<TData, TError, TSelect>,
  'queryKey' | 'queryFn'
>;

/** What an infinite query hook takes: useInfiniteQuery's options but the key, function and paging. */
export type InfiniteQueryHookOptions<TPage, TError, TSelect = InfiniteData<TPage, TPage | null>> = Omit<
  UseInfiniteQueryOptions<TPage, TError, TSelect, readonly unknown[], TPage | null>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

/** What a mutation hook takes: useMutation's options but the key and function, and whether to invalidate. */
export type MutationHookOptions<TData, TError, TVariables> = Omit<
  UseMutationOptions<TData, TError, TVariables>,
  'mutationKey' | 'mutationFn'
> & { invalidate?: boolean };

/** useQuery over an operation's options, the caller's over them (one generic call, however many operations use it). */
export function useOperationQuery<TData, TError, TSelect>(
  options: QueryOptionsFor<TData, TError>,
  given: QueryHookOptions<TData, TError, TSelect> | undefined,
): UseQueryResult<TSelect, TError> {
  return useQuery({ ...options, ...given } as UseQueryOptions<TData, TError, TSelect>);
}

/** useInfiniteQuery over an operation's infinite options, the caller's over them. */
export function useOperationInfiniteQuery<TPage, TError, TSelect>(
  options: InfiniteQueryOptionsFor<TPage, TError>,
  given: InfiniteQueryHookOptions<TPage, TError, TSelect> | undefined,
): UseInfiniteQueryResult<TSelect, TError> {
  return useInfiniteQuery({ ...options, ...given } as UseInfiniteQueryOptions<
    TPage,
    TError,
    TSelect,
    readonly unknown[],
    TPage | null
  >);
}

/** useMutation over an operation's mutation options (its invalidation unless `invalidate: false`), the caller's over them. */
export function useOperationMutation<TData, TError, TVariables>(
  build: (invalidation: MutationInvalidation) => MutationOptionsFor<TData, TVariables>,
  given: MutationHookOptions<TData, TError, TVariables>,
): UseMutationResult<TData, TError, TVariables> {
  const { invalidate, ...rest } = given;
  return useMutation(
    withCallerOptions(build({ invalidate }), rest) as UseMutationOptions<TData, TError, TVariables>,
  );
}
