/**
 * What the dashboard API's parts share: the services a request reaches (store, clock, billing,
 * webhooks), the settings read once at registration, and the signed-in session the security hook
 * (sessions.ts) puts on each request that needs one.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountRecord, SessionRecord, Store, UserRecord } from '../../store/store.js';
import type { WebhookSettings } from '../../webhooks/config.js';
import type { SecretBox } from '../../webhooks/secrets.js';
import type { BillingProvider } from './billing.js';

export interface DashboardContext {
  store: Store;
  now: () => number;
  billing: BillingProvider;
  webhookSettings: WebhookSettings;
  /** The box webhook secrets are sealed with, made on first use. */
  webhookBox: () => SecretBox;
  /** Told after webhook events were queued (the dispatcher delivers at once). */
  onEvents?: () => void;
  /** `Secure` on the session cookie even over http (behind a TLS-terminating proxy). */
  secureCookies: boolean;
  /** Whether signed-up users may add test endpoints on this machine's loopback. */
  allowLoopbackEndpoints: boolean;
}

/** A request's session, with its user and account. */
export interface Signed {
  tokenHash: string;
  session: SessionRecord;
  user: UserRecord;
  account: AccountRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the dashboard's security hook on operations that need a session. */
    dashboard?: Signed;
  }
}

/** The session of a request on an operation that needs one (the security hook has set it). */
export function signed(request: FastifyRequest): Signed {
  if (!request.dashboard) throw new Error('no session on an operation that needs one');
  return request.dashboard;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
