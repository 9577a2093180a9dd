/**
 * The public API's tests' harness: each file's tests run on both store engines, under "service on
 * <engine>", with a fresh database and a service on it per test (`service`); the calls and checks
 * more than one file makes.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { ROUTES, SHARED_SCHEMA } from '../../../../generated/server/index.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';
import { CONSENT, startService, type ServiceResponse, type TestService } from '../../../support/service.js';

// A live binding: the test files read the service of the test that runs.
export let service: TestService;

/** `body`'s tests on each store engine, under "service on <engine>". */
export function describeService(body: () => void): void {
  describe.each(ENGINES)('service on $name', ({ start }) => {
    let engine: EngineUnderTest;
    beforeAll(async () => {
      engine = await start();
    }, 120_000);
    afterAll(async () => {
      await engine?.stop();
    });
    beforeEach(async () => {
      service = await startService((await engine.fresh()).store);
    });
    afterEach(async () => {
      await service.close();
    });
    body();
  });
}

/** POST /v1/nature/subjects with consent, as `key`. */
export const createSubject = (
  key: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  service.call('POST', '/v1/nature/subjects', {
    key,
    body: { consent_artifact: CONSENT, ...extra },
    headers,
  });

/** Validates a response body against the spec's schema for that operation and status. */
const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as (a: unknown) => void)(ajv);
ajv.addSchema(SHARED_SCHEMA as object);
export function expectConforms(operationId: string, response: ServiceResponse) {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId)!;
  const schema = route.schema.response?.[String(response.status)];
  expect(schema, `${operationId} documents ${response.status}`).toBeDefined();
  const validate = ajv.compile(schema!);
  expect(
    validate(response.json()),
    `${operationId} ${response.status}: ${JSON.stringify(validate.errors)}`,
  ).toBe(true);
  for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-request-id'])
    expect(response.headers.get(header), header).not.toBeNull();
}
