/**
 * The dashboard API's tests' harness: each file's tests run on both store engines, with a fresh
 * database and a service on it per test (`service`, and `env`, the environment that opens the
 * database), and a browser that signs up, signs in and follows its mail as a person would.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { ENGINES, type EngineUnderTest } from '../../../../support/engines.js';
import {
  CONSENT,
  startService,
  type ServiceResponse,
  type TestService,
} from '../../../../support/service.js';

// Live bindings: the test files read the service and environment of the test that runs.
export let service: TestService;
export let env: Record<string, string>;

/** `body`'s tests on each store engine (its name is passed on), under "dashboard API on <engine>". */
export function describeDashboardApi(body: (engine: string) => void): void {
  describe.each(ENGINES)('dashboard API on $name', ({ name, start }) => {
    let engine: EngineUnderTest;
    beforeAll(async () => {
      engine = await start();
    }, 120_000);
    afterAll(async () => {
      await engine?.stop();
    });
    beforeEach(async () => {
      const fresh = await engine.fresh();
      env = fresh.env;
      service = await startService(fresh.store);
    });
    afterEach(async () => {
      await service.close();
    });
    body(name);
  });
}

export const PASSWORD = 'correct horse battery staple';

/** A signed-in browser: its cookie, CSRF token and Origin. */
export interface Browser {
  cookie: string;
  csrf: string;
  email: string;
  accountId: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<ServiceResponse>;
}

let counter = 0;

export const sessionCookie = (response: ServiceResponse) =>
  /dashboard_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

export function browserWith(cookie: string, csrf: string, email: string, accountId: string): Browser {
  return {
    cookie,
    csrf,
    email,
    accountId,
    call: (method, apiPath, body, headers = {}) =>
      service.call(method, `/dashboard/api${apiPath}`, {
        body,
        headers: {
          origin: service.url,
          cookie: `dashboard_session=${cookie}`,
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
          ...headers,
        },
      }),
  };
}

export async function signUp(email = `dev${++counter}@example.com`): Promise<Browser> {
  const response = await service.call('POST', '/dashboard/api/signup', {
    body: { email, password: PASSWORD },
    headers: { origin: service.url },
  });
  expect(response.status, response.body).toBe(201);
  return browserWith(sessionCookie(response)!, response.json().csrf_token, email, response.json().account.id);
}

export async function signIn(
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<ServiceResponse> {
  return service.call('POST', '/dashboard/api/session', {
    body: { email, password },
    headers: { origin: service.url, ...headers },
  });
}

export const subjectBody = { consent_artifact: CONSENT };

/** Follows the verification link of the browser's newest mail, as its owner would. */
export async function verify(browser: Browser): Promise<void> {
  const mail = (await service.store.listMail())
    .filter((row) => row.recipient === browser.email && row.subject !== 'Reset your password')
    .at(-1)!;
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
  const response = await service.call('POST', '/dashboard/api/email-verification', {
    body: { token },
    headers: { origin: service.url },
  });
  expect(response.status, response.body).toBe(204);
}
