/**
 * The Vue adapter's runtime: the client reaches the composables through provide/inject (one client
 * per app, so a server renders each request with its own key), and the composables' option types.
 * Nothing here touches `window` or the client at import: it is safe to import on a server.
 */
import type {
  DefaultError,
  InfiniteData,
  InfiniteQueryObserverOptions,
  MutationObserverOptions,
  QueryKey,
} from '@tanstack/query-core';
import type { QueryOptions } from '@tanstack/vue-query';
import { inject, provide, type App, type InjectionKey } from 'vue';

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
