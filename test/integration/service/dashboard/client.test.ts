/**
 * The generated dashboard client (generated/dashboard/client) against the service on loopback:
 * the session cookie and the CSRF header from its options, `credentials: 'same-origin'` on every
 * fetch (what a browser needs to send the cookie), and the Error format as typed APIErrors.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AssessmentServiceDashboardClient,
  APIError,
} from '../../../../generated/dashboard/client/src/index.js';
import { startService, type TestService } from '../../../support/service.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

describe('generated dashboard client', () => {
  it('signs up, then creates and lists keys with the session cookie and the CSRF token from its options', async () => {
    const seen: RequestInit[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(init ?? {});
      return fetch(input, init);
    };
    const baseURL = `${service.url}/dashboard/api`;
    // Node's fetch sends no Origin; a browser on the dashboard's page would send this one.
    const anonymous = new AssessmentServiceDashboardClient({
      baseURL,
      fetch: recordingFetch,
      defaultHeaders: { origin: service.url },
    });
    const signedUp = await anonymous.signup
      .create({ email: 'client@example.com', password: 'correct horse battery staple' })
      .withResponse();
    const cookie = /dashboard_session=([^;]+)/.exec(signedUp.response.headers.get('set-cookie') ?? '')![1];
    expect(seen.every((init) => init.credentials === 'same-origin')).toBe(true);

    const client = new AssessmentServiceDashboardClient({
      baseURL,
      apiKey: cookie,
      csrfToken: signedUp.data.csrf_token,
      fetch: recordingFetch,
      defaultHeaders: { origin: service.url },
    });
    const created = await client.keys.create({
      name: 'from the client',
      type: 'sk',
      environment: 'test',
      scopes: ['nature:read'],
    });
    expect(created.secret).toMatch(/^test_sk_/);
    expect((await client.keys.retrieve({ environment: 'test' })).data.map((key) => key.name)).toEqual([
      'from the client',
    ]);
    expect(new Headers(seen.at(-2)!.headers as Record<string, string>).get('x-csrf-token')).toBe(
      signedUp.data.csrf_token,
    );

    const withoutToken = new AssessmentServiceDashboardClient({
      baseURL,
      apiKey: cookie,
      fetch: recordingFetch,
      defaultHeaders: { origin: service.url },
    });
    const refused = await withoutToken.keys
      .create({ name: 'x', type: 'sk', environment: 'test', scopes: ['nature:read'] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).status).toBe(403);
    withoutToken.csrfToken = signedUp.data.csrf_token; // set once GET /session answered, as the pages do
    expect((await withoutToken.billing.plan.update({ tier: 1 })).plan).toBe('Indie');
  });
});
