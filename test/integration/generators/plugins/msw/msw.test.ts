/**
 * The generated MSW handlers of spec/openapi.yaml under msw's `setupServer`: the generated client
 * calls through them and gets the spec's example; a status override makes it raise the typed
 * error; a body override is answered as given; and every operation's default answer has the
 * declared success status and Content-Type and validates with Ajv (JSON Schema 2020-12,
 * ajv-formats) against the response schema.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import path from 'node:path';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import {
  sharedSchema,
  sharedSchemaFor,
  standaloneSchema,
} from '../../../../../generators/core/schema-dialect.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { specAjv } from '../../../../support/spec-ajv.js';
import { AssessmentServiceClient, NotFoundError } from '../../../../../generated/client/src/index.js';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import {
  createHandlers,
  handlers,
  listAssessmentsHandler,
  retrieveSubjectHandler,
} from '../../../../../generated/msw/index.js';

const BASE_URL = 'https://api.example.test';
const server = setupServer(...handlers);
let ir: Ir;

beforeAll(async () => {
  ir = buildIr(await loadDocument(path.join(ROOT, 'spec/openapi.yaml')));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => new AssessmentServiceClient({ baseURL: BASE_URL, apiKey: 'sk_test_msw', maxRetries: 0 });
const operation = (id: string) => ir.operations.find((candidate) => candidate.id === id)!;

describe('the generated client through the MSW handlers', () => {
  it('gets the spec example of the success response', async () => {
    const example = operation('retrieveSubject').responses.find((response) => response.status === '200')!
      .examples[0];
    expect(example).toBeDefined();
    expect(await client().nature.subjects.retrieve('subj_1')).toEqual(example);
  });

  it('raises the typed error when the handler is told to answer 404', async () => {
    server.use(retrieveSubjectHandler({ status: 404 }));
    const failure = await client()
      .nature.subjects.retrieve('subj_1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect((failure as NotFoundError).status).toBe(404);
    const example = operation('retrieveSubject').responses.find((response) => response.status === '404')!
      .examples[0];
    expect((failure as NotFoundError).body).toEqual(example);
  });

  it("answers a body of the test's own, and mock data by seed instead of the example", async () => {
    const subject = mockSubject({ seed: 3, overrides: { metadata: { team: 'msw' } } });
    server.use(retrieveSubjectHandler({ body: subject }));
    expect(await client().nature.subjects.retrieve(subject.id)).toEqual(subject);
    server.use(retrieveSubjectHandler({ useExample: false, seed: 2 }));
    const drawn = await client().nature.subjects.retrieve('subj_1');
    expect(drawn).not.toEqual(operation('retrieveSubject').responses[0]!.examples[0]);
    expect(await client().nature.subjects.retrieve('subj_1')).toEqual(drawn);
    server.use(retrieveSubjectHandler({ useExample: false, seed: 3 }));
    expect(await client().nature.subjects.retrieve('subj_1')).not.toEqual(drawn);
    // The status and body are typed: a status the operation does not declare, or a body that is not
    // its result, does not compile (tsc checks this file).
    // @ts-expect-error 418 is not a declared status of retrieveSubject
    retrieveSubjectHandler({ status: 418 });
    // @ts-expect-error the success body is a Subject
    retrieveSubjectHandler({ body: { object: 42 } });
    expect(listAssessmentsHandler().info.path).toBe('*/v1/nature/subjects/:subject_id/assessments');
  });
});

describe('a resolver of the test own', () => {
  it('gets the typed path parameters, answers first, and leaves the rest to the handler', async () => {
    const known = new Map([['subj_known', mockSubject({ seed: 4, overrides: { id: 'subj_known' } })]]);
    server.use(
      retrieveSubjectHandler({
        resolver: ({ params }) => {
          const subject = known.get(params.subject_id);
          return subject ? HttpResponse.json(subject) : undefined;
        },
      }),
    );
    // @ts-expect-error retrieveSubject has no path parameter named nope
    retrieveSubjectHandler({ resolver: ({ params }) => void params.nope });
    expect(await client().nature.subjects.retrieve('subj_known')).toEqual(known.get('subj_known'));
    const example = operation('retrieveSubject').responses[0]!.examples[0];
    expect(await client().nature.subjects.retrieve('subj_other')).toEqual(example);
  });
});

describe('every operation default answer keeps the contract', () => {
  it.each([
    { answers: 'the spec examples', options: {} },
    ...[1, 2, 3].map((seed) => ({
      answers: `mock data, seed ${seed}`,
      options: { seed, useExample: false },
    })),
  ])('$answers: the success status and Content-Type, valid with Ajv', async ({ options }) => {
    server.use(...createHandlers(options));
    const { ajv, compile } = specAjv(ir, ['response']);
    const shared = sharedSchema(ir);
    const variant = sharedSchemaFor(ir, 'response');
    const problems: string[] = [];
    let checked = 0;
    for (const { id, method, path: template, responses, successStatus } of ir.operations) {
      const url = BASE_URL + template.replace(/\{[^}]+\}/g, 'x1');
      const answer = await fetch(url, { method: method.toUpperCase() });
      const success = responses.find((response) => response.status === successStatus)!;
      if (String(answer.status) !== successStatus) problems.push(`${id}: status ${answer.status}`);
      if (success.contentType === undefined) continue;
      if (answer.headers.get('content-type') !== success.contentType)
        problems.push(`${id}: Content-Type ${answer.headers.get('content-type')}`);
      if (!success.isJson || success.schema === undefined) continue;
      let schema = standaloneSchema(success.schema, ir);
      if (variant)
        schema = JSON.parse(JSON.stringify(schema).replaceAll(`"${shared.$id}#`, `"${variant.$id}#`));
      const validate = compile(schema);
      const body: unknown = await answer.json();
      checked += 1;
      if (!validate(body)) problems.push(`${id}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(ir.operations.length - 2);
  });
});
