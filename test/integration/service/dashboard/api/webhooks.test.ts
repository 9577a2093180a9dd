/**
 * The dashboard's JSON API over real HTTP on loopback, on both store engines: webhook endpoints
 * (the secret shown once, switched off and on, a test event and its delivery, resending) and the
 * refusal of loopback endpoints where the deployment does not allow them.
 */
import { describe, expect, it } from 'vitest';
import { startService } from '../../../../support/service.js';
import {
  describeDashboardApi,
  PASSWORD,
  service,
  sessionCookie,
  signUp,
  subjectBody,
  verify,
} from './harness.js';

describeDashboardApi(() => {
  describe('webhook endpoints', () => {
    it('adds an endpoint (secret once), disables, enables, sends a test event, lists its delivery, removes it', async () => {
      const browser = await signUp();
      const created = await browser.call('POST', '/webhook-endpoints', {
        environment: 'test',
        url: 'http://127.0.0.1:9/hook',
        events: ['assessment.completed'],
      });
      expect(created.status).toBe(201);
      const { endpoint, secret } = created.json();
      expect(secret).toMatch(/^whsec_/);
      expect((await browser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([
        endpoint,
      ]);
      expect((await browser.call('GET', '/webhook-endpoints?environment=live')).json().data).toEqual([]);
      expect((await browser.call('POST', `/webhook-endpoints/${endpoint.id}/disable`)).json()).toMatchObject({
        status: 'disabled',
      });
      expect((await browser.call('POST', `/webhook-endpoints/${endpoint.id}/enable`)).json()).toMatchObject({
        status: 'enabled',
        disabled_reason: null,
      });
      const rotated = await browser.call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
      expect(rotated.json().secret).not.toBe(secret);
      expect(
        (
          await browser.call('POST', `/webhook-endpoints/${endpoint.id}/test-events`, {
            type: 'assessment.completed',
          })
        ).status,
      ).toBe(202);
      const deliveries = (await browser.call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).json()
        .data;
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        event_type: 'assessment.completed',
        status: 'pending',
        attempts: 0,
        response_status: null,
      });
      expect((await browser.call('POST', `/webhook-events/${deliveries[0].event_id}/resend`)).status).toBe(
        202,
      );
      const unverified = await browser.call('POST', '/webhook-endpoints', {
        environment: 'live',
        url: 'https://93.184.215.14/hook',
        events: ['assessment.completed'],
      });
      expect(unverified.status).toBe(403);
      expect(unverified.json().code).toBe('email_not_verified');
      await verify(browser);
      const live = await browser.call('POST', '/webhook-endpoints', {
        environment: 'live',
        url: 'http://127.0.0.1:9/hook',
        events: ['assessment.completed'],
      });
      expect(live.status).toBe(400);
      expect(live.json().param).toBe('url');
      expect((await browser.call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
      expect((await browser.call('GET', '/webhook-endpoints?environment=test')).json().data).toEqual([]);
    });

    it('sends a test event to the endpoint named only, and a resend leaves an endpoint the user disabled off', async () => {
      const browser = await signUp();
      const add = async () =>
        (
          await browser.call('POST', '/webhook-endpoints', {
            environment: 'test',
            url: 'http://127.0.0.1:9/hook',
            events: ['subject.deleted'],
          })
        ).json().endpoint;
      const [first, second] = [await add(), await add()];
      expect(
        (
          await browser.call('POST', `/webhook-endpoints/${second.id}/test-events`, {
            type: 'subject.deleted',
          })
        ).status,
      ).toBe(202);
      expect((await browser.call('GET', `/webhook-endpoints/${first.id}/deliveries`)).json().data).toEqual(
        [],
      );
      expect(
        (await browser.call('GET', `/webhook-endpoints/${second.id}/deliveries`)).json().data,
      ).toHaveLength(1);

      // An event both endpoints had; the user turns the first off, then resends the event.
      const key = (
        await browser.call('POST', '/keys', {
          name: 'k',
          type: 'sk',
          environment: 'test',
          scopes: ['nature:write'],
        })
      ).json().secret;
      const subject = await service.call('POST', '/v1/nature/subjects', {
        body: subjectBody,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(
        (
          await service.call('DELETE', `/v1/nature/subjects/${subject.json().id}`, {
            headers: { authorization: `Bearer ${key}` },
          })
        ).status,
      ).toBe(200);
      const [shared] = (await browser.call('GET', `/webhook-endpoints/${first.id}/deliveries`)).json().data;
      expect(shared.event_type).toBe('subject.deleted');
      await browser.call('POST', `/webhook-endpoints/${first.id}/disable`);
      expect((await browser.call('POST', `/webhook-events/${shared.event_id}/resend`)).status).toBe(202);
      const endpoints = (await browser.call('GET', '/webhook-endpoints?environment=test')).json().data;
      expect(endpoints.find((endpoint: { id: string }) => endpoint.id === first.id)).toMatchObject({
        status: 'disabled',
        disabled_reason: 'Disabled in the dashboard.',
      });
      expect(endpoints.find((endpoint: { id: string }) => endpoint.id === second.id)).toMatchObject({
        status: 'enabled',
      });

      // A test event nothing would receive is refused with the reason, not a 202 (before: 202 and no delivery).
      const unsubscribed = await browser.call('POST', `/webhook-endpoints/${second.id}/test-events`, {
        type: 'assessment.completed',
      });
      expect(unsubscribed.status).toBe(400);
      expect(unsubscribed.json()).toMatchObject({
        code: 'invalid_request',
        param: 'type',
        message: `Endpoint ${second.id} does not subscribe to assessment.completed; it takes subject.deleted.`,
      });
      const disabled = await browser.call('POST', `/webhook-endpoints/${first.id}/test-events`, {
        type: 'subject.deleted',
      });
      expect(disabled.status).toBe(400);
      expect(disabled.json()).toMatchObject({
        code: 'invalid_request',
        message: `Endpoint ${first.id} is disabled; enable it to send it a test event.`,
      });
      expect(
        (await browser.call('GET', `/webhook-endpoints/${second.id}/deliveries`)).json().data,
      ).toHaveLength(2); // the test event and the shared one: nothing new
    });

    it("refuses endpoints on the service's loopback where the deployment does not allow them", async () => {
      const shared = await startService(':memory:', { allowLoopbackWebhooks: false });
      try {
        const signedUp = await shared.call('POST', '/dashboard/api/signup', {
          body: { email: 'shared@example.com', password: PASSWORD },
          headers: { origin: shared.url },
        });
        const headers = {
          origin: shared.url,
          cookie: `dashboard_session=${sessionCookie(signedUp)}`,
          'x-csrf-token': signedUp.json().csrf_token,
        };
        for (const url of [
          'http://127.0.0.1:9/hook',
          'http://[::1]:9/hook',
          'http://localhost:9/hook',
          'http://127.1.2.3/hook',
        ]) {
          const refused = await shared.call('POST', '/dashboard/api/webhook-endpoints', {
            body: { environment: 'test', url, events: ['subject.deleted'] },
            headers,
          });
          expect(refused.status, url).toBe(400);
          expect(refused.json()).toMatchObject({ code: 'invalid_request', param: 'url' });
        }
      } finally {
        await shared.close();
      }
    });
  });
});
