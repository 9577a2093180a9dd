/**
 * The pages' one door to the dashboard JSON API: the client GENERATED from spec/dashboard.yaml
 * (generated/dashboard/client), used from the browser. The session travels as its HttpOnly cookie
 * (the browser sends it; no script can read it) and the CSRF token from `GET /session` goes on
 * every non-GET request. Failures surface as the client's APIError with the Error body's message.
 */
import { AssessmentServiceDashboardClient, APIError } from '../../../generated/dashboard/client/src/index.js';
import type * as Models from '../../../generated/dashboard/client/src/models.js';

export type Environment = Models.Environment;
export type Session = Models.Session;
export type Scope = Models.Scope;
export type Key = Models.Key;
export type KeyWithSecret = Models.KeyWithSecret;
export type Billing = Models.Billing;
export type TierRow = Models.TierRow;
export type Endpoint = Models.WebhookEndpoint;
export type Delivery = Models.WebhookDelivery;
export type EventType = Models.EventTypeName;
export { APIError };

/**
 * The browser's fetch for the generated client: same-origin credentials carry the session cookie.
 * The client's `apiKey` stands for that cookie, which scripts never see, so the placeholder's
 * Authorization header is dropped here rather than sent.
 */
const browserFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.delete('authorization');
  headers.delete('user-agent');
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

const client = new AssessmentServiceDashboardClient({ apiKey: 'cookie', baseURL: '/dashboard/api', fetch: browserFetch });

let csrfToken = '';
/** Options for every state-changing call. */
const csrf = () => ({ headers: { 'x-csrf-token': csrfToken } });
const remember = (session: Session) => {
  csrfToken = session.csrf_token;
  return session;
};

/** Text for a failure, with the wait a 429 asks for. */
export function failureText(failure: unknown): string {
  if (failure instanceof APIError) {
    const message = failure.code ? (failure.body as { message?: string } | undefined)?.message ?? failure.message : failure.message;
    const retryAfter = failure.status === 429 ? failure.headers?.get('retry-after') : null;
    return retryAfter ? `${message} Try again in ${retryAfter} seconds.` : message;
  }
  return (failure as Error)?.message ?? String(failure);
}

export const isUnauthenticated = (failure: unknown) => failure instanceof APIError && failure.status === 401;

export const api = {
  signUp: async (email: string, password: string) => remember(await client.signup.create({ email, password })),
  signIn: async (email: string, password: string) => remember(await client.session.create({ email, password })),
  session: async () => remember(await client.session.retrieve()),
  signOut: () => client.session.delete(csrf()),
  signOutEverywhere: () => client.sessions.delete(csrf()),
  verifyEmail: (token: string) => client.emailVerification.create({ token }),
  requestPasswordReset: (email: string) => client.passwordResets.create({ email }),
  resetPassword: (token: string, password: string) => client.passwordResets.confirm.create({ token, password }),

  scopes: async () => (await client.scopes.retrieve()).data,
  keys: async (environment: Environment) => (await client.keys.retrieve({ environment })).data,
  createKey: (input: Models.CreateKeyParams) => client.keys.create(input, csrf()),
  rotateKey: (id: string) => client.keys.rotate(id, csrf()),
  revokeKey: (id: string) => client.keys.revoke(id, csrf()),

  billing: () => client.billing.retrieve(),
  changePlan: (tier: number) => client.billing.plan.update({ tier }, csrf()),

  endpoints: async (environment: Environment) => (await client.webhookEndpoints.list({ environment })).data,
  createEndpoint: (input: Models.CreateWebhookEndpointParams) => client.webhookEndpoints.create(input, csrf()),
  rotateEndpointSecret: (id: string) => client.webhookEndpoints.rotateSecret(id, csrf()),
  disableEndpoint: (id: string) => client.webhookEndpoints.disable(id, csrf()),
  enableEndpoint: (id: string) => client.webhookEndpoints.enable(id, csrf()),
  removeEndpoint: (id: string) => client.webhookEndpoints.delete(id, csrf()),
  deliveries: async (id: string) => (await client.webhookEndpoints.deliveries.retrieve(id)).data,
  resendEvent: (eventId: string) => client.webhookEvents.resend(eventId, csrf()),
  sendTestEvent: (id: string, type: EventType) => client.webhookEndpoints.testEvents(id, { type }, csrf()),

  /** The event types, from the public API's own contract (its `webhooks` section): one place knows them. */
  eventTypes: async (): Promise<EventType[]> => {
    const response = await fetch('/openapi.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error('Could not load the list of event types.');
    const document = (await response.json()) as { webhooks?: Record<string, unknown> };
    return Object.keys(document.webhooks ?? {}) as EventType[];
  },
};
