/**
 * Query keys, one shape for every operation (docs/tanstack-query.md, "Query keys"):
 *
 *   [api, ...resource, { operation, list?, infinite?, path?, params? }]
 *
 * `api` names the API (two generated packages never share keys), `resource` is the operation's
 * resource chain in the client (`nature`, `subjects`), and the last element says which operation
 * and with what. TanStack Query matches a key filter by prefix and its objects by their given
 * fields, so `[api, ...resource]` is every query of a resource and its sub-resources, and
 * `[api, ...resource, { list: true }]` the lists (plain and infinite) of that resource alone.
 */
import type { DataTag, QueryKey } from '@tanstack/query-core';

/** The last element of an operation's key. */
export interface OperationKeyEntry {
  operation: string;
  /** The operation returns a list of the resource: a mutation of the resource makes it stale. */
  list?: true | undefined;
  /** The infinite query of a paged list (its data is every page so far, not one). */
  infinite?: true | undefined;
  /** Path parameters by their names in the spec. */
  path?: Record<string, unknown> | undefined;
  /** The params object, as the client method takes it. */
  params?: unknown | undefined;
}

/** An operation's query key, tagged with the data and error its query has (so `getQueryData` is typed). */
export function operationKey<TData, TError>(
  prefix: readonly string[],
  entry: OperationKeyEntry,
): DataTag<QueryKey, TData, TError> {
  const last: Record<string, unknown> = { operation: entry.operation };
  if (entry.list) last.list = true;
  if (entry.infinite) last.infinite = true;
  if (entry.path && Object.keys(entry.path).length > 0) last.path = entry.path;
  if (entry.params !== undefined) last.params = entry.params;
  return [...prefix, last] as unknown as DataTag<QueryKey, TData, TError>;
}

/** Every query of a resource and of its sub-resources: `[api, ...resource]`. */
export function resourceKey(api: string, resource: readonly string[]): QueryKey {
  return [api, ...resource];
}

/** The lists (plain and infinite) of one resource: `[api, ...resource, { list: true }]`. */
export function resourceListsKey(api: string, resource: readonly string[]): QueryKey {
  return [api, ...resource, { list: true }];
}
