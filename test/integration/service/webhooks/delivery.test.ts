/**
 * Webhook delivery end to end, on loopback: real HTTP from the service's dispatcher to a real
 * receiver, checked with the independent `standardwebhooks` package and the spec's event schemas,
 * on every store engine (SQLite and an embedded PostgreSQL). Signing and the endpoint address
 * rules alone are test/unit/service/webhooks/{signing,ssrf}.test.ts.
 */
import { randomBytes } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookSettings } from '../../../../service/webhooks/config.js';
import { WebhookDispatcher } from '../../../../service/webhooks/dispatcher.js';
import {
  addEndpoint,
  describeEndpoint,
  rotateEndpointSecret,
  triggerEvent,
} from '../../../../service/webhooks/endpoints.js';
import { SecretBox } from '../../../../service/webhooks/secrets.js';
import { signatureHeader } from '../../../../service/webhooks/signing.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';
import {
  hang,
  json,
  startTestServer,
  type RecordedRequest,
  type TestServer,
} from '../../../support/http-server.js';
import { CONSENT, startService, type TestService } from '../../../support/service.js';
import { deref, specDocument } from '../../../support/spec.js';

const settings = webhookSettings({ WEBHOOK_RETRY_DELAYS_MS: '100,200,400', WEBHOOK_TIMEOUT_MS: '1000' });
const box = new SecretBox(randomBytes(32));

/** Validates an event body against the schema the spec's `webhooks` entry declares for its type. */
let validateEvent: (type: string, body: unknown) => string[];
beforeAll(async () => {
  const document = await specDocument();
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema(document as object, 'spec');
  validateEvent = (type, body) => {
    const schema = deref(document, document.webhooks[type].post.requestBody).content['application/json']
      .schema;
    const validate = ajv.compile({ $ref: `spec${schema.$ref}` });
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
});

async function until<T>(
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

const verifyWith = (secret: string, request: RecordedRequest) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>);

describe.each(ENGINES)('webhook delivery on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let service: TestService;
  let dispatcher: WebhookDispatcher;
  let receiver: TestServer;
  let testKey: string;
  let liveKey: string;
  const log: string[] = [];

  beforeAll(async () => {
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

  const completeAssessment = async (key: string) => {
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
  };

  it('delivers a signed assessment.completed to a test endpoint within 2 s of a test-key completion', async () => {
    const { secret } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: `${receiver.url}/hooks`, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    const { assessment } = await completeAssessment(testKey);
    const acknowledged = Date.now();
    const request = await until(
      'the delivery',
      () => receiver.requests.find((r) => r.body.includes(assessment.id)),
      2000,
    );
    expect(request.at - acknowledged).toBeLessThan(2000);
    if (process.env.WEBHOOK_TIMING)
      console.log(
        `assessment.completed reached the endpoint ${request.at - acknowledged} ms after the API answered`,
      );
    const event = verifyWith(secret, request) as any; // the independent library accepts our signature
    expect(event).toMatchObject({
      type: 'assessment.completed',
      livemode: false,
      data: { object: { id: assessment.id, status: 'completed' } },
    });
    expect(request.headers['webhook-id']).toBe(event.id);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(validateEvent('assessment.completed', event)).toEqual([]);
    expect(request.url).toBe('/hooks');
  });

  it('never sends a live-key event to a test endpoint', async () => {
    await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    const { assessment: live } = await completeAssessment(liveKey);
    const { assessment: sandbox } = await completeAssessment(testKey); // delivered after the live one would have been
    await until('the sandbox delivery', () => receiver.requests.find((r) => r.body.includes(sandbox.id)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests.filter((r) => r.body.includes(live.id))).toEqual([]);
    expect(receiver.requests.every((r) => JSON.parse(r.body).livemode === false)).toBe(true);
  });

  it('delivers subject.deleted with the deleted subject, and only the types an endpoint asked for', async () => {
    const { secret } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: ['subject.deleted'] },
      Date.now(),
    );
    const { subject } = await completeAssessment(testKey);
    expect((await service.call('DELETE', `/v1/nature/subjects/${subject.id}`, { key: testKey })).status).toBe(
      200,
    );
    const request = await until('subject.deleted', () =>
      receiver.requests.find((r) => r.body.includes(subject.id)),
    );
    const event = verifyWith(secret, request) as any;
    expect(event).toMatchObject({
      type: 'subject.deleted',
      data: { object: { id: subject.id, deleted: true } },
    });
    expect(validateEvent('subject.deleted', event)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests.map((r) => JSON.parse(r.body).type)).toEqual(['subject.deleted']);
  });

  it('retries a failed attempt with the same webhook-id and records both attempts', async () => {
    const { endpoint } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    receiver.script(json(500, {}), json(200, {}));
    const { event } = await triggerEvent(
      service.store,
      settings,
      'assessment.completed',
      { accountId: 'acct_hooks', environment: 'test' },
      Date.now(),
    );
    dispatcher.notify();
    await until('two attempts', () => receiver.requests.length >= 2);
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect(receiver.requests[1].at - receiver.requests[0].at).toBeGreaterThanOrEqual(85); // 100 ms -10 % jitter
    const [delivery] = await until(
      'the record',
      async () =>
        (await service.store.listWebhookDeliveries(endpoint.id, 10)).find((d) => d.state === 'succeeded') &&
        (await service.store.listWebhookDeliveries(endpoint.id, 10)),
    );
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 2, lastStatus: 200 });
  });

  it('retries a timeout, disables an endpoint that fails the whole schedule, and resend brings it back', async () => {
    const { endpoint } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    receiver.script(hang, json(503, {}));
    const { event } = await triggerEvent(
      service.store,
      settings,
      'subject.deleted',
      { accountId: 'acct_hooks', environment: 'test' },
      Date.now(),
    );
    dispatcher.notify();
    const disabled = await until(
      'the endpoint disabled',
      async () =>
        (await service.store.findWebhookEndpoint(endpoint.id))?.status === 'disabled'
          ? service.store.findWebhookEndpoint(endpoint.id)
          : undefined,
      8000,
    );
    expect(receiver.requests).toHaveLength(1 + settings.retryDelaysMs.length);
    expect(disabled!.disabledReason).toMatch(/every attempt.*HTTP 503/);
    expect(describeEndpoint(disabled!, Date.now())).toMatch(/DISABLED/);
    expect((await service.store.listWebhookDeliveries(endpoint.id, 10))[0]).toMatchObject({
      state: 'failed',
      attempts: 4,
    });
    expect(log.some((line) => line.includes(event.id) && /no answer within 1000 ms/.test(line))).toBe(true);
    // A disabled endpoint is sent nothing new.
    await triggerEvent(
      service.store,
      settings,
      'subject.deleted',
      { accountId: 'acct_hooks', environment: 'test' },
      Date.now(),
    );
    receiver.script(json(200, {}));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests).toEqual([]);
    // resend: the event goes out again and the endpoint is enabled.
    expect(await service.store.requeueWebhookEvent(event.id, Date.now())).toEqual([endpoint.id]);
    dispatcher.notify();
    await until('the resent event', () =>
      receiver.requests.find((r) => r.headers['webhook-id'] === event.id),
    );
    expect((await service.store.findWebhookEndpoint(endpoint.id))?.status).toBe('enabled');
  }, 15_000);

  it('resend while an attempt is in flight: no second request at once, the attempt recorded, the event sent once more after it', async () => {
    const { endpoint } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstAnsweredAt = 0;
    receiver.script(
      async (_request, response) => {
        await held;
        firstAnsweredAt = Date.now();
        response.writeHead(200).end();
      },
      json(200, {}),
    );
    const { event } = await triggerEvent(
      service.store,
      settings,
      'assessment.completed',
      { accountId: 'acct_hooks', environment: 'test' },
      Date.now(),
    );
    dispatcher.notify();
    await until('the first attempt in flight', () => receiver.requests.length === 1);
    expect(await service.store.requeueWebhookEvent(event.id, Date.now())).toEqual([endpoint.id]);
    dispatcher.notify();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the receiver holds the first request (timeout 1 s)
    expect(receiver.requests).toHaveLength(1);
    release();
    await until('the resent delivery', () => receiver.requests.length === 2);
    expect(receiver.requests[1].at).toBeGreaterThanOrEqual(firstAnsweredAt);
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
    const deliveries = await until('the record', async () => {
      const rows = await service.store.listWebhookDeliveries(endpoint.id, 10);
      return rows[0]?.state === 'succeeded' ? rows : undefined;
    });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      eventId: event.id,
      state: 'succeeded',
      attempts: 1,
      lastStatus: 200,
    });
    expect(log.filter((line) => line.includes(event.id) && line.includes('lease lost'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(2);
  });

  it('resend during the last attempt of the schedule: its failure does not disable the endpoint the resend enabled', async () => {
    // A dispatcher whose schedule is one attempt: a failure disables the endpoint, unless a resend came meanwhile.
    const once = new WebhookDispatcher({
      store: service.store,
      settings: { ...settings, retryDelaysMs: [] },
      box,
      pollMs: 50,
    });
    await dispatcher.stop();
    try {
      once.start();
      const { endpoint } = await addEndpoint(
        service.store,
        box,
        settings,
        { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
        Date.now(),
      );
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let failedAt = 0;
      receiver.script(
        async (_request, response) => {
          await held;
          failedAt = Date.now();
          response.writeHead(500).end();
        },
        json(200, {}),
      );
      const { event } = await triggerEvent(
        service.store,
        settings,
        'subject.deleted',
        { accountId: 'acct_hooks', environment: 'test' },
        Date.now(),
      );
      once.notify();
      await until('the attempt in flight', () => receiver.requests.length === 1);
      await service.store.requeueWebhookEvent(event.id, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await until('the resent delivery', () => receiver.requests.length === 2);
      expect(receiver.requests[1].at).toBeGreaterThanOrEqual(failedAt); // never two at once
      const [delivery] = await until('the record', async () => {
        const rows = await service.store.listWebhookDeliveries(endpoint.id, 10);
        return rows[0]?.state === 'succeeded' ? rows : undefined;
      });
      expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1, lastStatus: 200 });
      expect((await service.store.findWebhookEndpoint(endpoint.id))?.status).toBe('enabled');
    } finally {
      await once.stop();
      dispatcher.start();
    }
  });

  it('trigger sends a sample event of the type that matches the spec schema', async () => {
    const { secret } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    for (const type of settings.eventTypes) {
      const { event, queued } = await triggerEvent(
        service.store,
        settings,
        type,
        { accountId: 'acct_hooks', environment: 'test' },
        Date.now(),
      );
      expect(queued).toBe(1);
      dispatcher.notify();
      const request = await until(type, () =>
        receiver.requests.find((r) => r.headers['webhook-id'] === event.id),
      );
      expect(validateEvent(type, verifyWith(secret, request))).toEqual([]);
    }
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const { endpoint, secret: old } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    const { secret: fresh, previousValidUntilMs } = await rotateEndpointSecret(
      service.store,
      box,
      settings,
      endpoint.id,
      Date.now(),
    );
    expect(fresh).not.toBe(old);
    expect(previousValidUntilMs - Date.now()).toBeGreaterThan(24 * 3600_000 - 5000);
    const { event } = await triggerEvent(
      service.store,
      settings,
      'assessment.completed',
      { accountId: 'acct_hooks', environment: 'test' },
      Date.now(),
    );
    dispatcher.notify();
    const request = await until('the delivery', () =>
      receiver.requests.find((r) => r.headers['webhook-id'] === event.id),
    );
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verifyWith(old, request)).not.toThrow();
    expect(() => verifyWith(fresh, request)).not.toThrow();
    // A dispatcher whose clock is past the overlap signs with the new secret alone.
    const later = new WebhookDispatcher({
      store: service.store,
      settings,
      box,
      pollMs: 50,
      now: () => Date.now() + 24 * 3600_000 + 1000,
    });
    await dispatcher.stop();
    try {
      later.start();
      const { event: next } = await triggerEvent(
        service.store,
        settings,
        'assessment.completed',
        { accountId: 'acct_hooks', environment: 'test' },
        Date.now(),
      );
      later.notify();
      const after = await until('the later delivery', () =>
        receiver.requests.find((r) => r.headers['webhook-id'] === next.id),
      );
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      // Its timestamp is a day ahead of the receiver's clock, so compare with the signer the library agrees with (below).
      expect(after.headers['webhook-signature']).toBe(
        signatureHeader(
          [fresh],
          settings.secretPrefix,
          next.id,
          Number(after.headers['webhook-timestamp']),
          after.body,
        ),
      );
    } finally {
      await later.stop();
      dispatcher.start();
    }
  });

  it('keeps a slow endpoint from holding up another endpoint or the API', async () => {
    const slow = await startTestServer();
    slow.script(hang);
    // A dispatcher that waits 30 s for an answer: the fast endpoint must not wait for the slow one.
    const patient = new WebhookDispatcher({
      store: service.store,
      settings: { ...settings, timeoutMs: 30_000 },
      box,
      pollMs: 50,
    });
    await dispatcher.stop();
    try {
      patient.start();
      const { endpoint: stuck } = await addEndpoint(
        service.store,
        box,
        settings,
        { environment: 'test', url: slow.url, accountId: 'acct_hooks', eventTypes: [] },
        Date.now(),
      );
      await addEndpoint(
        service.store,
        box,
        settings,
        { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
        Date.now(),
      );
      const first = await triggerEvent(
        service.store,
        settings,
        'assessment.completed',
        { accountId: 'acct_hooks', environment: 'test' },
        Date.now(),
      );
      patient.notify();
      await until('the slow endpoint to be waiting', () => slow.requests.length === 1);
      const second = await triggerEvent(
        service.store,
        settings,
        'subject.deleted',
        { accountId: 'acct_hooks', environment: 'test' },
        Date.now(),
      );
      patient.notify();
      await until(
        'the fast endpoint',
        () =>
          receiver.requests.filter((r) =>
            [first.event.id, second.event.id].includes(r.headers['webhook-id'] as string),
          ).length === 2,
      );
      expect((await service.call('GET', '/v1/health')).status).toBe(200);
      // The slow endpoint still has its first event in flight, and its second waits behind it (in order).
      expect(slow.requests).toHaveLength(1);
      expect((await service.store.listWebhookDeliveries(stuck.id, 10)).map((d) => d.attempts)).toEqual([
        0, 0,
      ]);
    } finally {
      await slow.close();
      await patient.stop();
      dispatcher.start();
    }
  });

  it('refuses at delivery time an endpoint whose address is not allowed (e.g. a live endpoint on loopback)', async () => {
    // Bypasses registration's check, as a DNS change after registration would.
    const { endpoint } = await addEndpoint(
      service.store,
      box,
      settings,
      { environment: 'test', url: receiver.url, accountId: 'acct_hooks', eventTypes: [] },
      Date.now(),
    );
    await service.store.deleteWebhookEndpoint(endpoint.id);
    await service.store.insertWebhookEndpoint({
      ...endpoint,
      id: 'we_live_loopback',
      environment: 'live',
      url: receiver.url.replace('http:', 'https:'),
      secretCiphertext: box.seal('whsec_AAAA', 'we_live_loopback'),
    });
    await completeAssessment(liveKey);
    const [delivery] = await until(
      'a refused attempt',
      async () =>
        (await service.store.listWebhookDeliveries('we_live_loopback', 1))
          .filter((d) => d.attempts > 0)
          .at(0) && service.store.listWebhookDeliveries('we_live_loopback', 1),
    );
    expect(delivery.lastError).toMatch(/refused: .*loopback/);
    expect(receiver.requests).toEqual([]);
  });
});
