/**
 * The webhook delivery tests' harness: each file's tests run on both store engines, under "webhook
 * delivery on <engine>", against one service per engine whose dispatcher delivers over loopback to
 * one recording receiver; each test's endpoints are removed after it and the receiver answers 200
 * again. Also the checks those tests share: the spec's event schemas (Ajv) and `standardwebhooks`.
 */
import { randomBytes } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { webhookSettings } from '../../../../service/webhooks/config.js';
import { WebhookDispatcher } from '../../../../service/webhooks/dispatcher.js';
import { SecretBox } from '../../../../service/webhooks/secrets.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';
import {
  json,
  startTestServer,
  type RecordedRequest,
  type TestServer,
} from '../../../support/http-server.js';
import { CONSENT, startService, type TestService } from '../../../support/service.js';
import { deref, specDocument } from '../../../support/spec.js';

export const settings = webhookSettings({
  WEBHOOK_RETRY_DELAYS_MS: '100,200,400',
  WEBHOOK_TIMEOUT_MS: '1000',
});
export const box = new SecretBox(randomBytes(32));

// Live bindings: the test files read the service, dispatcher, receiver and keys of the engine that runs.
export let service: TestService;
export let dispatcher: WebhookDispatcher;
export let receiver: TestServer;
export let testKey: string;
export let liveKey: string;
/** What the dispatchers log, on every engine. */
export const log: string[] = [];

/** Validates an event body against the schema the spec's `webhooks` entry declares for its type. */
export let validateEvent: (type: string, body: unknown) => string[];
async function eventValidator(): Promise<typeof validateEvent> {
  const document = await specDocument();
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema(document as object, 'spec');
  return (type, body) => {
    const schema = deref(document, document.webhooks[type].post.requestBody).content['application/json']
      .schema;
    const validate = ajv.compile({ $ref: `spec${schema.$ref}` });
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const verifyWith = (secret: string, request: RecordedRequest) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>);

/** `body`'s tests on each store engine, under "webhook delivery on <engine>". */
export function describeWebhookDelivery(body: () => void): void {
  describe.each(ENGINES)('webhook delivery on $name', ({ start }) => {
    let engine: EngineUnderTest;

    beforeAll(async () => {
      validateEvent ??= await eventValidator();
      engine = await start();
      service = await startService((await engine.fresh()).store, { onEvents: () => dispatcher.notify() });
      dispatcher = new WebhookDispatcher({
        store: service.store,
        settings,
        box,
        pollMs: 50,
        log: (line) => log.push(line),
      }).start();
      receiver = await startTestServer();
      testKey = await service.key({ env: 'test', account: 'acct_hooks' });
      liveKey = await service.key({ env: 'live', account: 'acct_hooks' });
    }, 120_000);
    afterAll(async () => {
      await dispatcher?.stop();
      await receiver?.close();
      await service?.close();
      await engine?.stop();
    });
    afterEach(async () => {
      for (const endpoint of await service.store.listWebhookEndpoints())
        await service.store.deleteWebhookEndpoint(endpoint.id);
      receiver.script(json(200, {}));
    });
    body();
  });
}

/** A subject and an assessment of it, completed as `key`: the action that emits assessment.completed. */
export async function completeAssessment(key: string) {
  const subject = (
    await service.call('POST', '/v1/nature/subjects', { key, body: { consent_artifact: CONSENT } })
  ).json();
  const assessment = (
    await service.call('POST', `/v1/nature/subjects/${subject.id}/assessments`, { key, body: {} })
  ).json();
  const done = await service.call('PATCH', `/v1/nature/assessments/${assessment.id}`, {
    key,
    body: { answers: [{ item_id: 'n01', value: 4 }], status: 'completed' },
  });
  expect(done.status).toBe(200);
  return { subject, assessment: done.json() };
}
