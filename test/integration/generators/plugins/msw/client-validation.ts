/**
 * The generated client's `validation` option with the generated zod module's `operationSchemas`,
 * through the generated MSW handlers under `setupServer`: the same cases in node
 * (client-validation.test.ts) and in happy-dom (client-validation-browser.test.ts). Ajv, against
 * the spec's own schemas, judges the bad values first, so the cases do not grade zod by zod.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { Ir, IrOperation } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import type { MessageSide } from '../../../../../generators/core/values/sides.js';
import {
  sharedSchema,
  sharedSchemaFor,
  standaloneSchema,
} from '../../../../../generators/core/schema-dialect.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import {
  APIError,
  AssessmentServiceClient,
  ClientError,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  ValidationError,
  type ClientOptions,
  type SubjectCreate,
} from '../../../../../generated/client/src/index.js';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import {
  createSubjectHandler,
  handlers,
  retrieveSubjectHandler,
} from '../../../../../generated/msw/index.js';
import { operationSchemas } from '../../../../../generated/zod/index.js';

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const BASE_URL = 'https://api.example.test';
const RETRIEVE = 'GET /v1/nature/subjects/{subject_id}';
const CREATE = 'POST /v1/nature/subjects';

/** Ajv (JSON Schema 2020-12, ajv-formats) over the spec's schema of one side of a message. */
function ajvOracle(ir: Ir, side: MessageSide): (schema: unknown, value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, logger: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  const shared = sharedSchema(ir);
  const variant = sharedSchemaFor(ir, side);
  ajv.addSchema(shared);
  if (variant) ajv.addSchema(variant);
  return (schema, value) => {
    let standalone = standaloneSchema(schema as Parameters<typeof standaloneSchema>[0], ir);
    if (variant)
      standalone = JSON.parse(JSON.stringify(standalone).replaceAll(`"${shared.$id}#`, `"${variant.$id}#`));
    return ajv.validate(standalone as object, value);
  };
}

export function clientValidationSuite(where: string, apiKey: string): void {
  const client = (validation?: ClientOptions['validation']) =>
    new AssessmentServiceClient({ baseURL: BASE_URL, apiKey, maxRetries: 0, validation });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  const subject = mockSubject({ seed: 7 });
  // Scores run from 0 to 100: the type allows 150 (a number), the schema does not.
  const badSubject = { ...subject, latest_scores: { mn: 150, mi: 20 } };
  const validCreate: SubjectCreate = {
    consent_artifact: {
      consent_text_version: 'v1',
      consented_at: '2025-01-02T03:04:05Z',
      ui_snapshot_hash: `sha256:${'a'.repeat(64)}`,
    },
  };
  // A date that is not a timestamp: the type (a string) allows it, the schema does not.
  const badCreate: SubjectCreate = {
    consent_artifact: { ...validCreate.consent_artifact, consented_at: 'yesterday' },
  };

  describe(`the client's validation option (${where}), through the MSW handlers`, () => {
    const server = setupServer(...handlers);
    /** Requests that reached msw (any handler), to prove a refused call sends nothing. */
    let sent: string[] = [];
    let ir: Ir;
    beforeAll(async () => {
      ir = buildIr(await loadDocument(path.join(ROOT, 'spec/openapi.yaml')));
      server.events.on('request:start', ({ request }) => void sent.push(`${request.method} ${request.url}`));
      server.listen({ onUnhandledRequest: 'error' });
    });
    afterEach(() => {
      server.resetHandlers();
      sent = [];
    });
    afterAll(() => server.close());
    const operation = (id: string): IrOperation => ir.operations.find((each) => each.id === id)!;

    it('Ajv, the oracle, accepts the good values and refuses the bad ones', () => {
      const response = ajvOracle(ir, 'response');
      const success = operation('retrieveSubject').responses.find((each) => each.status === '200')!;
      expect(response(success.schema, subject)).toBe(true);
      expect(response(success.schema, badSubject)).toBe(false);
      const request = ajvOracle(ir, 'request');
      const body = operation('createSubject').body!.content[0]!;
      expect(request(body.schema, validCreate)).toBe(true);
      expect(request(body.schema, badCreate)).toBe(false);
    });

    it('passes an answer that keeps the schema, as received', async () => {
      server.use(retrieveSubjectHandler({ body: subject }));
      const checked = client({ schemas: operationSchemas, responses: true });
      expect(await checked.nature.subjects.retrieve(subject.id)).toEqual(subject);
      // The handler's default answer (the spec's example) keeps it too.
      server.resetHandlers();
      expect(await checked.nature.subjects.retrieve(subject.id)).toEqual(
        operation('retrieveSubject').responses[0]!.examples[0],
      );
    });

    it('raises ResponseValidationError with the issues, the operation, the status and the body', async () => {
      server.use(retrieveSubjectHandler({ body: badSubject }));
      const failure = await failureOf(
        client({ schemas: operationSchemas, responses: true }).nature.subjects.retrieve(subject.id),
      );
      expect(failure).toBeInstanceOf(ResponseValidationError);
      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toBeInstanceOf(ClientError);
      // The API answered 200: code that handles API errors by status does not see this as one.
      expect(failure).not.toBeInstanceOf(APIError);
      const error = failure as ResponseValidationError;
      expect(error.operation).toBe(RETRIEVE);
      expect(error.status).toBe(200);
      expect(error.body).toEqual(badSubject);
      expect(error.headers.get('content-type')).toMatch(/^application\/json/);
      expect(error.issues.map((issue) => issue.path)).toEqual([['latest_scores', 'mn']]);
      expect(error.message).toContain(`${RETRIEVE}: the 200 response breaks the schema: latest_scores.mn:`);
      expect(sent).toHaveLength(1);
    });

    it('without the option, the same body is returned as is', async () => {
      server.use(retrieveSubjectHandler({ body: badSubject }));
      expect(await client().nature.subjects.retrieve(subject.id)).toEqual(badSubject);
      // Request validation alone leaves responses unchecked.
      expect(
        await client({ schemas: operationSchemas, requests: true }).nature.subjects.retrieve(subject.id),
      ).toEqual(badSubject);
    });

    it('leaves error answers to their typed errors', async () => {
      server.use(retrieveSubjectHandler({ status: 404 }));
      const failure = await failureOf(
        client({ schemas: operationSchemas, responses: true }).nature.subjects.retrieve(subject.id),
      );
      expect(failure).toBeInstanceOf(NotFoundError);
    });

    it('refuses a request body that breaks the schema before anything is sent', async () => {
      const checked = client({ schemas: operationSchemas, requests: true });
      const failure = await failureOf(checked.nature.subjects.create(badCreate));
      expect(failure).toBeInstanceOf(RequestValidationError);
      const error = failure as RequestValidationError;
      expect(error.operation).toBe(CREATE);
      expect(error.part).toBe('body');
      expect(error.value).toEqual(badCreate);
      // Two issues, both at the date: its pattern and its format.
      expect(error.issues.length).toBeGreaterThan(0);
      for (const issue of error.issues) expect(issue.path).toEqual(['consent_artifact', 'consented_at']);
      expect(sent).toEqual([]);
      // A valid body is sent, and the handler answers it.
      const created = await checked.nature.subjects.create(validCreate);
      expect(created.object).toBe('subject');
      expect(sent).toEqual([`POST ${BASE_URL}/v1/nature/subjects`]);
    });

    it('refuses query parameters that break the schema', async () => {
      const failure = await failureOf(
        client({ schemas: operationSchemas, requests: true }).nature.subjects.list({ limit: 1000 }),
      );
      expect(failure).toBeInstanceOf(RequestValidationError);
      expect((failure as RequestValidationError).part).toBe('query');
      expect((failure as RequestValidationError).value).toEqual({ limit: 1000 });
      expect(sent).toEqual([]);
      // Without request validation it is sent (the handler, stateless, answers anything).
      await client().nature.subjects.list({ limit: 1000 });
      expect(sent).toHaveLength(1);
    });

    it('without request validation, the bad body reaches the handler', async () => {
      let received: unknown;
      server.use(
        createSubjectHandler({
          resolver: async ({ request }) => {
            received = await request.json();
            return undefined;
          },
        }),
      );
      await client({ schemas: operationSchemas, responses: true }).nature.subjects.create(badCreate);
      expect(received).toEqual(badCreate);
    });

    it('refuses an option that checks nothing, and an operation the schemas do not name', async () => {
      expect(() => client({ schemas: operationSchemas })).toThrow(/checks nothing/);
      const { [RETRIEVE]: _left, ...others } = operationSchemas;
      const failure = await failureOf(
        client({ schemas: others, responses: true }).nature.subjects.retrieve(subject.id),
      );
      expect(failure).toBeInstanceOf(ClientError);
      expect((failure as Error).message).toContain(`have no entry for ${RETRIEVE}`);
    });
  });
}
