/**
 * Webhook delivery end to end, on loopback: real HTTP from the service's dispatcher to a real
 * receiver, checked with the independent `standardwebhooks` package and the spec's event schemas,
 * on every store engine (SQLite and an embedded PostgreSQL): what is delivered to whom, signed with
 * which secrets, and what a slow or refused endpoint does. Retries and resends are retries.test.ts;
 * signing and the endpoint address rules alone are test/unit/service/webhooks/{signing,ssrf}.test.ts.
 */
import { expect, it } from 'vitest';
import { WebhookDispatcher } from '../../../../service/webhooks/dispatcher.js';
import { addEndpoint, rotateEndpointSecret, triggerEvent } from '../../../../service/webhooks/endpoints.js';
import { signatureHeader } from '../../../../service/webhooks/signing.js';
import { hang, startTestServer } from '../../../support/http-server.js';
import {
  box,
  completeAssessment,
  describeWebhookDelivery,
  dispatcher,
  liveKey,
  receiver,
  service,
  settings,
  testKey,
  until,
  validateEvent,
  verifyWith,
} from './harness.js';

describeWebhookDelivery(() => {
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
