/**
 * `npm run webhooks -- <command>`: webhook endpoint administration on the service's database
 * (DATABASE_PATH), until the dashboard does it.
 *   add --env test|live --url URL [--account ID] [--events a,b]   (the secret is the last line)
 *   list    rotate-secret ID    remove ID    deliveries ID    resend EVENT_ID
 *   trigger TYPE --env test|live [--account ID]
 * A raw secret is printed once, when it is made; only its ciphertext is stored.
 */
import { failCli, parseCliArgs } from '../../scripts/lib/cli-args.js';
import type { Environment, WebhookDeliveryRecord } from '../store/store.js';

const USAGE = `usage: npm run webhooks -- add --env test|live --url URL [--account ID] [--events assessment.completed,subject.deleted]
       npm run webhooks -- list [--account ID]
       npm run webhooks -- rotate-secret ENDPOINT_ID
       npm run webhooks -- remove ENDPOINT_ID
       npm run webhooks -- deliveries ENDPOINT_ID
       npm run webhooks -- resend EVENT_ID
       npm run webhooks -- trigger EVENT_TYPE --env test|live [--account ID]`;

function fail(message: string): never {
  return failCli('webhooks', message);
}

const describeDelivery = (d: WebhookDeliveryRecord) =>
  `${d.eventId}  ${d.eventType}  ${d.state}  attempts=${d.attempts}${d.lastStatus !== null ? `  last=${d.lastStatus}` : ''}${d.lastError ? `  error="${d.lastError}"` : ''}${d.state === 'pending' ? `  next=${new Date(d.nextAttemptAtMs).toISOString()}` : ''}`;

const { values, positionals } = parseCliArgs('webhooks', USAGE, {
  env: { type: 'string' },
  url: { type: 'string' },
  account: { type: 'string' },
  events: { type: 'string' },
});
// The arguments first: --help and a bad option answer before the store and webhook modules load (a CPU-second).
const { openStore } = await import('../store/open.js');
const { webhookSettings } = await import('./config.js');
const { WebhookDispatcher } = await import('./dispatcher.js');
const {
  addEndpoint,
  describeEndpoint,
  removeEndpoint,
  rotateEndpointSecret,
  triggerEvent,
  WebhookAdminError,
} = await import('./endpoints.js');
const { secretBox } = await import('./secrets.js');
const [command, target] = positionals;
const environment = (): Environment => {
  if (values.env !== 'test' && values.env !== 'live') fail('--env must be test or live');
  return values.env;
};
const settings = webhookSettings();
const store = await openStore();
const now = Date.now();
try {
  switch (command) {
    case 'add': {
      if (!values.url) fail('add needs --url URL');
      const events = (values.events ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean);
      const { endpoint, secret } = await addEndpoint(
        store,
        secretBox(),
        settings,
        {
          environment: environment(),
          url: values.url,
          accountId: values.account ?? 'acct_default',
          eventTypes: events,
        },
        now,
      );
      console.log(`added ${describeEndpoint(endpoint, now)}`);
      console.log('the signing secret is shown once; store it now:');
      console.log(secret);
      break;
    }
    case 'list': {
      const endpoints = await store.listWebhookEndpoints(values.account);
      if (endpoints.length === 0) console.log('no webhook endpoints');
      for (const endpoint of endpoints) console.log(describeEndpoint(endpoint, now));
      break;
    }
    case 'rotate-secret': {
      if (!target) fail('rotate-secret needs an endpoint ID');
      const { endpoint, secret, previousValidUntilMs } = await rotateEndpointSecret(
        store,
        secretBox(),
        settings,
        target,
        now,
      );
      console.log(
        `rotated ${endpoint.id}: both secrets sign until ${new Date(previousValidUntilMs).toISOString()}, then only the new one`,
      );
      console.log('the new signing secret is shown once; store it now:');
      console.log(secret);
      break;
    }
    case 'remove': {
      if (!target) fail('remove needs an endpoint ID');
      const endpoint = await removeEndpoint(store, target);
      console.log(`removed ${endpoint.id} (${endpoint.url}) and its deliveries`);
      break;
    }
    case 'deliveries': {
      if (!target) fail('deliveries needs an endpoint ID');
      if (!(await store.findWebhookEndpoint(target))) fail(`no webhook endpoint ${target}`);
      const deliveries = await store.listWebhookDeliveries(target, 100);
      if (deliveries.length === 0) console.log('no deliveries');
      for (const delivery of deliveries) console.log(describeDelivery(delivery));
      break;
    }
    case 'resend': {
      if (!target) fail('resend needs an event ID');
      if (!(await store.findWebhookEvent(target))) fail(`no event ${target}`);
      const endpoints = await store.requeueWebhookEvent(target, now);
      if (endpoints.length === 0)
        console.log(`${target} had no deliveries (no endpoint wanted it); nothing re-queued`);
      else
        console.log(
          `re-queued ${target} for ${endpoints.join(', ')} (enabled again); the service delivers it now`,
        );
      break;
    }
    case 'trigger': {
      if (!target) fail(`trigger needs an event type: ${settings.eventTypes.join(', ')}`);
      const scope = { accountId: values.account ?? 'acct_default', environment: environment() };
      const { event, queued } = await triggerEvent(store, settings, target, scope, now);
      console.log(
        `queued ${event.type} ${event.id} for ${queued} ${scope.environment} endpoint(s) of ${scope.accountId}`,
      );
      if (queued > 0) await deliverNow(event.id);
      break;
    }
    default:
      fail(`unknown command ${command ?? '(none)'}\n${USAGE}`);
  }
} catch (error) {
  if (error instanceof WebhookAdminError) fail(error.message);
  throw error;
} finally {
  await store.close();
}

/**
 * Delivers the triggered event's first attempts from this process (a running service's
 * dispatcher may take some of them instead; claims keep each attempt to one of them), then
 * prints each endpoint's outcome.
 */
async function deliverNow(eventId: string): Promise<void> {
  const dispatcher = new WebhookDispatcher({ store, settings, log: () => undefined }).start();
  const deadline = Date.now() + settings.timeoutMs + 5000;
  const attempts = async () => {
    const rows: WebhookDeliveryRecord[] = [];
    for (const endpoint of await store.listWebhookEndpoints(values.account ?? 'acct_default'))
      rows.push(
        ...(await store.listWebhookDeliveries(endpoint.id, 1000))
          .filter((d) => d.eventId === eventId)
          .map((d) => ({ ...d, endpointId: endpoint.id })),
      );
    return rows;
  };
  while (Date.now() < deadline && (await attempts()).some((d) => d.attempts === 0))
    await new Promise((resolve) => setTimeout(resolve, 100));
  await dispatcher.stop();
  for (const d of await attempts())
    console.log(
      `  ${d.endpointId}: ${d.state === 'succeeded' ? `delivered (${d.lastStatus})` : d.attempts === 0 ? 'not attempted yet (the service will)' : `failed attempt (${d.lastError ?? d.lastStatus}); retried on the schedule by the service`}`,
    );
}
