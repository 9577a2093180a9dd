/**
 * The client runtime's validation (the `validation` option): which schema a response is held to
 * (its status, a `2XX` range, `default`; its media type), what is not checked (bodies that are not
 * JSON), and what any Standard Schema validator may answer (zod's, or one of the test's own that
 * answers asynchronously). Through the client with its transport replaced: test/integration/
 * generators/plugins/msw/client-validation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientError,
  RequestValidationError,
  ResponseValidationError,
  type OperationSpec,
  type StandardSchema,
} from '../../../../../generated/client/src/index.js';
import { Validation } from '../../../../../generated/client/src/core/validation.js';

const operation: OperationSpec = {
  method: 'post',
  path: '/things/{id}',
  params: [
    { name: 'id', in: 'path' },
    { name: 'limit', in: 'query' },
  ],
  bodies: [{ mediaType: 'application/json', kind: 'json', mode: 'merged' }],
};
const KEY = 'POST /things/{id}';
const Thing = z.object({ name: z.string() });
const Problem = z.object({ error: z.string() });
const json = { mediaType: 'application/json', kind: 'json' as const };

/** A Standard Schema validator of the test's own (not zod) that answers asynchronously. */
const evenNumber: StandardSchema = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: async (value) =>
      typeof value === 'number' && value % 2 === 0
        ? { value }
        : { issues: [{ message: 'must be an even number', path: [{ key: 'count' }] }] },
  },
};

const validation = new Validation({
  schemas: {
    [KEY]: {
      parameters: { query: z.object({ limit: z.number().max(10).optional() }) },
      body: { 'application/json': Thing },
      responses: {
        '201': { 'application/json': Thing, 'application/x-count+json': evenNumber },
        '2XX': { 'application/json': z.object({ accepted: z.literal(true) }) },
        default: { 'application/json': Problem },
      },
    },
  },
  responses: true,
  requests: true,
});

const answer = (status: number, body: unknown) => ({
  status,
  body,
  headers: new Headers({ 'content-type': 'application/json' }),
  requestId: null,
});
const refusal = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('which schema a response is held to', () => {
  it.each([
    { given: '201, its own schema', status: 201, body: { name: 'a' }, refused: false },
    { given: '201 breaking its own schema', status: 201, body: { name: 1 }, refused: true },
    { given: '202, the 2XX range', status: 202, body: { accepted: true }, refused: false },
    { given: '202 holding a 201 body', status: 202, body: { name: 'a' }, refused: true },
    { given: '301, default', status: 301, body: { error: 'moved' }, refused: false },
  ])('$given', async ({ status, body, refused }) => {
    const error = await refusal(validation.checkResponse(operation, json, answer(status, body)));
    if (refused) {
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).status).toBe(status);
      expect((error as ResponseValidationError).body).toEqual(body);
      expect((error as ResponseValidationError).operation).toBe(KEY);
    } else expect(error).toBeUndefined();
  });

  it('refuses a status the spec does not declare, and a media type it does not declare for the status', async () => {
    const noDefault = new Validation({
      schemas: { [KEY]: { responses: { '201': { 'application/json': Thing } } } },
      responses: true,
    });
    const undeclared = await refusal(noDefault.checkResponse(operation, json, answer(200, { name: 'a' })));
    expect(undeclared).toBeInstanceOf(ResponseValidationError);
    expect((undeclared as ResponseValidationError).issues).toEqual([
      { message: 'the spec declares no 200 response for this operation' },
    ]);
    const problemJson = { mediaType: 'application/problem+json', kind: 'json' as const };
    const otherMedia = await refusal(noDefault.checkResponse(operation, problemJson, answer(201, {})));
    expect(otherMedia?.message).toContain('the spec declares no application/problem+json body for the 201');
  });

  it('asks any Standard Schema validator, awaiting an asynchronous one', async () => {
    const count = { mediaType: 'application/x-count+json', kind: 'json' as const };
    expect(await refusal(validation.checkResponse(operation, count, answer(201, 4)))).toBeUndefined();
    const error = await refusal(validation.checkResponse(operation, count, answer(201, 3)));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error?.message).toBe(`${KEY}: the 201 response breaks the schema: count: must be an even number`);
  });

  it('does not check bodies that are not JSON (text, streams, binary)', async () => {
    for (const kind of ['text', 'event-stream', 'ndjson', 'binary'] as const)
      expect(
        await refusal(
          validation.checkResponse(operation, { mediaType: 'x/y', kind }, answer(418, 'anything')),
        ),
      ).toBeUndefined();
  });
});

describe('requests', () => {
  const body = (value: unknown) => ({ spec: operation.bodies![0]!, value });

  it('checks the query parameters given (not the path ones) and the JSON body', async () => {
    expect(
      await refusal(validation.checkRequest(operation, { limit: 5, name: 'a' }, body({ name: 'a' }))),
    ).toBeUndefined();
    const query = await refusal(validation.checkRequest(operation, { limit: 50 }, body({ name: 'a' })));
    expect(query).toBeInstanceOf(RequestValidationError);
    expect((query as RequestValidationError).part).toBe('query');
    const refused = await refusal(validation.checkRequest(operation, {}, body({ name: 7 })));
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).part).toBe('body');
    expect((refused as RequestValidationError).value).toEqual({ name: 7 });
    expect((refused as RequestValidationError).issues[0]!.path).toEqual(['name']);
  });

  it('does not check a body that is not JSON', async () => {
    const form = {
      spec: { mediaType: 'multipart/form-data', kind: 'multipart' as const, mode: 'merged' as const },
      value: 1,
    };
    expect(await refusal(validation.checkRequest(operation, {}, form))).toBeUndefined();
  });
});

describe('the option itself', () => {
  it.each([
    { given: 'no schemas', options: { responses: true }, message: /needs \{ schemas \}/ },
    { given: 'neither switch', options: { schemas: {} }, message: /checks nothing/ },
  ])('refuses $given', ({ options, message }) => {
    expect(() => new Validation(options as never)).toThrow(ClientError);
    expect(() => new Validation(options as never)).toThrow(message);
  });

  it('refuses an operation the schemas do not name (a map of another spec), and names it', async () => {
    const other = new Validation({ schemas: { 'GET /elsewhere': {} }, responses: true });
    const error = await refusal(other.checkResponse(operation, json, answer(201, {})));
    expect(error).toBeInstanceOf(ClientError);
    expect(error?.message).toContain(`no entry for ${KEY}`);
  });
});
