/**
 * The React adapter's runtime: the client reaches the hooks through a context (one client per
 * tree, so a server renders each request with its own key), and the hooks' option types.
 * Nothing here touches `window` or the client at import: it is safe to import on a server.
 */
import type {
  InfiniteData,
  UseInfiniteQueryOptions,
  UseMutationOptions,
  UseQueryOptions,
} from '@tanstack/react-query';
import { createContext, createElement, useContext, type ReactElement, type ReactNode } from 'react';

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
