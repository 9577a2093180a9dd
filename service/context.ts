/** What the service knows about the caller of a request, once authenticated. */
import type { KeyRecord, Scope } from './store/store.js';

export interface Caller {
  key: KeyRecord;
  scope: Scope;
  tier: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the security hook for authenticated operations (null before, public-api.ts). */
    caller?: Caller | null;
  }
}

/** The caller of an authenticated operation (the security hook guarantees there is one). */
export function callerOf(request: { caller?: Caller | null }): Caller {
  if (!request.caller) throw new Error('no authenticated caller on an authenticated operation');
  return request.caller;
}

/** Paging lists are named by account, environment and list, so a cursor fits one list only. */
export const listName = (scope: Scope, list: string) => `${scope.accountId}:${scope.environment}:${list}`;
