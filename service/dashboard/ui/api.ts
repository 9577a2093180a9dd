/**
 * The pages' one door to the dashboard JSON API: the client GENERATED from spec/dashboard.yaml
 * (generated/dashboard/client), used from the browser. The session travels as its HttpOnly cookie
 * (the browser sends it; no script can read it); the client adds the CSRF token from the session.
 * Failures surface as the client's APIError with the Error body's message.
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

// No apiKey: the browser holds the HttpOnly session cookie and sends it itself (same-origin).
const client = new AssessmentServiceDashboardClient({ baseURL: '/dashboard/api' });

/** After sign-up, sign-in or reading the session, every later change carries its CSRF token. */
const remember = (session: Session) => {
  client.csrfToken = session.csrf_token;
  return session;
};

/** Text for a failure, with the wait a 429 asks for. */
export function failureText(failure: unknown): string {
  if (failure instanceof APIError) {
    const message = failure.code
      ? ((failure.body as { message?: string } | undefined)?.message ?? failure.message)
      : failure.message;
    const retryAfter = failure.status === 429 ? failure.headers?.get('retry-after') : null;
    return retryAfter ? `${message} Try again in ${retryAfter} seconds.` : message;
  }
  return (failure as Error)?.message ?? String(failure);
}

export const isUnauthenticated = (failure: unknown) => failure instanceof APIError && failure.status === 401;

export const api = {
  signUp: async (email: string, password: string) =>
    remember(await client.signup.create({ email, password })),
  signIn: async (email: string, password: string) =>
    remember(await client.session.create({ email, password })),
  session: async () => remember(await client.session.retrieve()),
  signOut: () => client.session.delete(),
  signOutEverywhere: () => client.sessions.delete(),
  verifyEmail: (token: string) => client.emailVerification.create({ token }),
  requestPasswordReset: (email: string) => client.passwordResets.create({ email }),
  resetPassword: (token: string, password: string) =>
    client.passwordResets.confirm.create({ token, password }),

  scopes: async () => (await client.scopes.retrieve()).data,
  keys: async (environment: Environment) => (await client.keys.retrieve({ environment })).data,
  createKey: (input: Models.CreateKeyParams) => client.keys.create(input),
  rotateKey: (id: string) => client.keys.rotate(id),
  revokeKey: (id: string) => client.keys.revoke(id),

  billing: () => client.billing.retrieve(),
  changePlan: (tier: number) => client.billing.plan.update({ tier }),

  endpoints: async (environment: Environment) => (await client.webhookEndpoints.list({ environment })).data,
  createEndpoint: (input: Models.CreateWebhookEndpointParams) => client.webhookEndpoints.create(input),
  rotateEndpointSecret: (id: string) => client.webhookEndpoints.rotateSecret(id),
  disableEndpoint: (id: string) => client.webhookEndpoints.disable(id),
  enableEndpoint: (id: string) => client.webhookEndpoints.enable(id),
  removeEndpoint: (id: string) => client.webhookEndpoints.delete(id),
  deliveries: async (id: string) => (await client.webhookEndpoints.deliveries.retrieve(id)).data,
  resendEvent: (eventId: string) => client.webhookEvents.resend(eventId),
  sendTestEvent: (id: string, type: EventType) => client.webhookEndpoints.testEvents(id, { type }),

  /** The event types, from the public API's own contract (its `webhooks` section): one place knows them. */
  eventTypes: async (): Promise<EventType[]> => {
    const response = await fetch('/openapi.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error('Could not load the list of event types.');
    const document = (await response.json()) as { webhooks?: Record<string, unknown> };
    return Object.keys(document.webhooks ?? {}) as EventType[];
  },
};
