/**
 * Endpoint administration (the operator CLI today, the dashboard next): add with a fresh secret
 * shown once, rotate with a 24 h overlap during which both secrets sign, remove, and trigger a
 * sample event through the same outbox the API uses.
 */
import { newId } from '../ids.js';
import type { Environment, Scope, Store, WebhookEndpointRecord, WebhookEventRecord } from '../store/store.js';
import { sampleObject } from './samples.js';
import type { WebhookSettings } from './config.js';
import { recordEvent } from './events.js';
import { newWebhookSecret, type SecretBox } from './secrets.js';
import { checkEndpointUrl, WebhookUrlError } from './ssrf.js';

/** How long the old secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export class WebhookAdminError extends Error {}

export interface NewEndpoint {
  environment: Environment;
  url: string;
  accountId: string;
  /** Event types wanted; all when empty. */
  eventTypes: string[];
}

export async function addEndpoint(
  store: Store,
  box: SecretBox,
  settings: WebhookSettings,
  input: NewEndpoint,
  nowMs: number,
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const unknown = input.eventTypes.filter((type) => type !== '*' && !settings.eventTypes.includes(type));
  if (unknown.length > 0)
    throw new WebhookAdminError(
      `unknown event type ${unknown.join(', ')}; the spec has ${settings.eventTypes.join(', ')}`,
    );
  try {
    await checkEndpointUrl(input.url, input.environment);
  } catch (error) {
    if (error instanceof WebhookUrlError)
      throw new WebhookAdminError(`refused ${input.environment} endpoint: ${error.message}`);
    throw error;
  }
  if (!(await store.findAccount(input.accountId)))
    throw new WebhookAdminError(
      `no account ${input.accountId} (create a key for it first: npm run keys -- create --account ${input.accountId} ...)`,
    );
  const id = newId('we');
  const secret = newWebhookSecret(settings.secretPrefix);
  const endpoint: WebhookEndpointRecord = {
    id,
    accountId: input.accountId,
    environment: input.environment,
    url: input.url,
    eventTypes: input.eventTypes.length > 0 ? input.eventTypes : ['*'],
    secretCiphertext: box.seal(secret, id),
    previousSecretCiphertext: null,
    previousSecretExpiresAtMs: null,
    status: 'enabled',
    disabledReason: null,
    createdAt: new Date(nowMs).toISOString(),
  };
  await store.insertWebhookEndpoint(endpoint);
  return { endpoint, secret };
}

async function endpointOrFail(store: Store, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await store.findWebhookEndpoint(id);
  if (!endpoint) throw new WebhookAdminError(`no webhook endpoint ${id}`);
  return endpoint;
}

/** A new secret signs from now on; the current one keeps signing for 24 h beside it. */
export async function rotateEndpointSecret(
  store: Store,
  box: SecretBox,
  settings: WebhookSettings,
  id: string,
  nowMs: number,
): Promise<{ endpoint: WebhookEndpointRecord; secret: string; previousValidUntilMs: number }> {
  const endpoint = await endpointOrFail(store, id);
  const secret = newWebhookSecret(settings.secretPrefix);
  const previousValidUntilMs = nowMs + ROTATION_OVERLAP_MS;
  await store.setWebhookEndpointSecrets(id, box.seal(secret, id), {
    ciphertext: endpoint.secretCiphertext,
    expiresAtMs: previousValidUntilMs,
  });
  return { endpoint: await endpointOrFail(store, id), secret, previousValidUntilMs };
}

export async function removeEndpoint(store: Store, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await endpointOrFail(store, id);
  await store.deleteWebhookEndpoint(id);
  return endpoint;
}

/** A sample event of the type (like `stripe trigger`), through the outbox to the scope's endpoints. */
/** A sample event of the type, to every matching endpoint of the scope, or to `onlyEndpointId` alone. */
export async function triggerEvent(
  store: Store,
  settings: WebhookSettings,
  type: string,
  scope: Scope,
  nowMs: number,
  onlyEndpointId?: string,
): Promise<{ event: WebhookEventRecord; queued: number }> {
  if (!settings.eventTypes.includes(type))
    throw new WebhookAdminError(`unknown event type ${type}; the spec has ${settings.eventTypes.join(', ')}`);
  return store.transaction((tx) =>
    recordEvent(tx, scope, type, sampleObject(type, scope, nowMs), nowMs, onlyEndpointId),
  );
}

/** One line about an endpoint, never its secret. */
export function describeEndpoint(endpoint: WebhookEndpointRecord, nowMs: number): string {
  const rotating =
    endpoint.previousSecretExpiresAtMs && endpoint.previousSecretExpiresAtMs > nowMs
      ? `  previous secret signs until ${new Date(endpoint.previousSecretExpiresAtMs).toISOString()}`
      : '';
  const status =
    endpoint.status === 'enabled' ? 'enabled' : `DISABLED (${endpoint.disabledReason ?? 'by the operator'})`;
  return `${endpoint.id}  ${endpoint.environment}  ${endpoint.url}  account=${endpoint.accountId}  events=${endpoint.eventTypes.join(',')}  ${status}${rotating}`;
}
