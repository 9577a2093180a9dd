/**
 * The pages' one door to the dashboard JSON API (/dashboard/api/, spec/dashboard.yaml): same-origin
 * fetch with the session cookie, the CSRF token on every non-GET request, and failures as
 * `DashboardApiError` carrying the Error body's code and message.
 */

export type Environment = 'test' | 'live';

export interface Session {
  user: { id: string; email: string; email_verified: boolean };
  account: { id: string; tier: string; plan?: string };
  csrf_token: string;
}

export interface Scope {
  scope: string;
  description: string;
  mintable: boolean;
}

export interface Key {
  id: string;
  name: string;
  type: 'pk' | 'sk';
  environment: Environment;
  redacted: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  status: 'active' | 'revoked';
}

export interface KeyWithSecret {
  key: Key;
  secret: string;
}

export interface Tier {
  tier: string;
  plan?: string;
  per_key?: number | string | null;
  per_account?: number | string | null;
  price?: unknown;
  [other: string]: unknown;
}

export interface Billing {
  tier: string;
  plan?: string;
  tiers: Tier[];
  month: string;
  live_requests: number;
  estimate: { currency: string; total_cents: number; lines: { description?: string; label?: string; quantity?: number; amount_cents?: number; [other: string]: unknown }[] };
  daily: { date: string; live_requests: number }[];
}

export interface Endpoint {
  id: string;
  url: string;
  environment: Environment;
  events: string[];
  status?: string;
  enabled?: boolean;
  disabled?: boolean;
  created_at?: string;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
}

export class DashboardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

let csrfToken: string | undefined;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/dashboard/api${path}`, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new DashboardApiError(0, 'connection_failed', 'The dashboard could not reach the service. Check your connection and try again.');
  }
  if (response.status === 204 || response.status === 202) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as { code?: string; message?: string };
    throw new DashboardApiError(response.status, error.code ?? 'error', error.message ?? `The request failed (${response.status}).`, response.headers.get('retry-after'));
  }
  return parsed as T;
}

const withSession = (session: Session) => {
  csrfToken = session.csrf_token;
  return session;
};
const query = (environment: Environment) => `?environment=${environment}`;

export const api = {
  signUp: (email: string, password: string) => call<Session>('POST', '/signup', { email, password }).then(withSession),
  signIn: (email: string, password: string) => call<Session>('POST', '/session', { email, password }).then(withSession),
  session: () => call<Session>('GET', '/session').then(withSession),
  signOut: () => call<void>('DELETE', '/session'),
  signOutEverywhere: () => call<void>('DELETE', '/sessions'),
  verifyEmail: (token: string) => call<unknown>('POST', `/email-verification/${encodeURIComponent(token)}`),
  requestPasswordReset: (email: string) => call<void>('POST', '/password-resets', { email }),
  resetPassword: (token: string, password: string) => call<void>('POST', `/password-resets/${encodeURIComponent(token)}`, { password }),

  scopes: () => call<{ data: Scope[] }>('GET', '/scopes').then((list) => list.data),
  keys: (environment: Environment) => call<{ data: Key[] }>('GET', `/keys${query(environment)}`).then((list) => list.data),
  createKey: (input: { name: string; type: 'pk' | 'sk'; environment: Environment; scopes: string[] }) => call<KeyWithSecret>('POST', '/keys', input),
  rotateKey: (id: string) => call<KeyWithSecret>('POST', `/keys/${encodeURIComponent(id)}/rotate`),
  revokeKey: (id: string) => call<Key>('POST', `/keys/${encodeURIComponent(id)}/revoke`),

  billing: () => call<Billing>('GET', '/billing'),
  changePlan: (tier: string) => call<Billing>('PUT', '/billing/plan', { tier }),

  endpoints: (environment: Environment) => call<{ data: Endpoint[] }>('GET', `/webhook-endpoints${query(environment)}`).then((list) => list.data),
  createEndpoint: (input: { environment: Environment; url: string; events: string[] }) => call<{ endpoint: Endpoint; secret: string }>('POST', '/webhook-endpoints', input),
  rotateEndpointSecret: (id: string) => call<{ endpoint: Endpoint; secret: string }>('POST', `/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
  disableEndpoint: (id: string) => call<unknown>('POST', `/webhook-endpoints/${encodeURIComponent(id)}/disable`),
  enableEndpoint: (id: string) => call<unknown>('POST', `/webhook-endpoints/${encodeURIComponent(id)}/enable`),
  removeEndpoint: (id: string) => call<void>('DELETE', `/webhook-endpoints/${encodeURIComponent(id)}`),
  deliveries: (id: string) => call<{ data: Delivery[] }>('GET', `/webhook-endpoints/${encodeURIComponent(id)}/deliveries`).then((list) => list.data),
  resendEvent: (eventId: string) => call<void>('POST', `/webhook-events/${encodeURIComponent(eventId)}/resend`),
  sendTestEvent: (id: string, type: string) => call<void>('POST', `/webhook-endpoints/${encodeURIComponent(id)}/test-events`, { type }),

  /** The event types, from the public API's own contract (its `webhooks` section): one place knows them. */
  eventTypes: async (): Promise<string[]> => {
    const response = await fetch('/openapi.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new DashboardApiError(response.status, 'error', 'Could not load the list of event types.');
    const document = (await response.json()) as { webhooks?: Record<string, unknown> };
    return Object.keys(document.webhooks ?? {});
  },
};
