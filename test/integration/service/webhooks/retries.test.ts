/**
 * Webhook retries and resends end to end, on loopback, on every store engine: a failed or timed-out
 * attempt retried with the same webhook-id on the schedule, an endpoint disabled after the whole
 * schedule fails, and resend (also while an attempt is in flight, and during the last attempt).
 */
import { expect, it } from 'vitest';
import { WebhookDispatcher } from '../../../../service/webhooks/dispatcher.js';
import { addEndpoint, describeEndpoint, triggerEvent } from '../../../../service/webhooks/endpoints.js';
import { hang, json } from '../../../support/http-server.js';
import {
  box,
  describeWebhookDelivery,
  dispatcher,
  log,
  receiver,
  service,
  settings,
  until,
} from './harness.js';

describeWebhookDelivery(() => {
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
});
