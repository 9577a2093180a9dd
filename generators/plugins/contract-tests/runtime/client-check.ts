/**
 * The generated client against the same target: each operation's positive request sent through the
 * TypeScript client the toolkit generated, its result validated; a client failure the raw request
 * does not share is the generator's bug (a suite finding).
 */
import type { OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import type { Problem } from './findings.js';
import { send } from './harness.js';
import type { SuiteContext } from './suite-context.js';
import type { RequestSpec } from './request.js';
import type { Target } from './target.js';

/** One operation called through the generated client (client-calls.ts, generated beside the suites). */
export type ClientCall = (
  client: unknown,
  pathValues: Record<string, unknown>,
  params: Record<string, unknown>,
  body: unknown,
) => PromiseLike<unknown>;

/**
 * A body the client takes as fields beside its params (its body mode `merged`, for a schema with
 * properties) that is not an object: an example of a schema without `type` can be a string, which
 * the schema allows and the client's types do not.
 */
export class BodyNotFields extends Error {
  override name = 'BodyNotFields';
}

/** The params of a call whose body goes as fields: the body's properties beside the parameters. */
export function fields<Params extends Record<string, unknown>>(params: Params, body: unknown): Params {
  if (body === undefined) return params;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new BodyNotFields(
      `the body is ${body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`}`,
    );
  return { ...params, ...body };
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/** The generated client: how to make one for a target, and a call per operation. */
export interface GeneratedClient {
  create: (target: Target) => unknown;
  calls: Record<string, ClientCall>;
}

/**
 * The positive case again, through the generated client. Where the client fails and the same
 * request sent raw succeeds, the client (our generated code) is at fault: a suite finding.
 */
export async function clientProblems(
  context: SuiteContext,
  generatedClient: GeneratedClient,
  operation: OperationCase,
): Promise<Problem[]> {
  const request = await context.request(operation);
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(([name]) => name !== operation.idempotencyHeader),
  );
  const params = { ...(request.query ?? {}), ...headers };
  // Own entries only: an operation `constructor` without one is not Object's constructor.
  const call = Object.hasOwn(generatedClient.calls, operation.id)
    ? generatedClient.calls[operation.id]
    : undefined;
  const before = context.target.transport?.stats.requests ?? 0;
  // Whether the client's last request carried a body (it leaves an optional body without fields out).
  let clientSentBody: boolean | undefined;
  const transport = context.target.transport;
  const watched: Target = transport
    ? {
        ...context.target,
        transport: Object.create(transport, {
          fetch: {
            value: (input: string | URL | Request, init?: RequestInit) => {
              clientSentBody = init?.body !== undefined && init.body !== null;
              return transport.fetch(input, init);
            },
          },
        }) as typeof transport,
      }
    : context.target;
  let result: unknown;
  let thrown: unknown;
  try {
    // A suite without the call is out of step with its client: reported as the client's failure.
    if (!call) throw new TypeError(`no client call for ${operation.id} in client-calls.ts`);
    result = await call(generatedClient.create(watched), request.pathValues ?? {}, params, request.body);
  } catch (error) {
    thrown = error;
  }
  const sentSomething = (context.target.transport?.stats.requests ?? 0) > before;
  const suite = (message: string): Problem => ({
    class: 'suite',
    check: 'generated_client',
    message: `${operation.id} via the client: ${message}`,
    operation: operation.id,
    pointer: operation.pointer,
    fix: 'The generated client must send what the spec says for this operation: a bug in the client generator (generators/plugins/client), to report with the spec that shows it.',
    key: `suite|client|${operation.id}`,
    curl: curlLine(context.target, request),
  });
  if (thrown instanceof BodyNotFields)
    return [
      {
        class: 'spec',
        check: 'generated_client',
        message: `${operation.id} via the client: not sent, ${thrown.message}, and its schema's properties make the client take the body as fields`,
        operation: operation.id,
        pointer: operation.bodyPointer ?? operation.pointer,
        fix: "Give the request body's schema `type: object` and an object example (a string example of an object is often its JSON text).",
        key: `spec|client-body-not-fields|${operation.id}`,
      },
    ];
  if (thrown !== undefined && !sentSomething)
    return [
      suite(`it threw before sending anything: ${(thrown as Error).name}: ${(thrown as Error).message}`),
    ];
  // The client returns the IR's success (climate.com: 206 with the bytes, not the 204 before it).
  const success = operation.successStatus;
  const schema =
    success && Object.hasOwn(operation.responses, success) ? operation.responses[success]!.schema : undefined;
  const value =
    result && typeof result === 'object' && 'body' in (result as object) && 'data' in (result as object)
      ? (result as { body: unknown }).body
      : result;
  const clientViolations = thrown === undefined ? context.violations(schema, value, 'response') : [];
  if (thrown === undefined && clientViolations.length === 0) return [];
  // The same request, raw: if the target answers it well, the client is what broke.
  const raw = await send(context.target, request);
  const rawProblems = context.problems(
    operation,
    raw,
    { kind: 'success' },
    'positive_data_acceptance',
    request,
  );
  if (rawProblems.length) return rawProblems;
  // The client left the optional body out (no fields given) where the suite sent `{}`: the same
  // request without it is judged, so a target that refuses it is the one at fault (Prism requires
  // vtex's declared Content-Type header, which OpenAPI says to ignore, of a request with no body).
  if (
    thrown !== undefined &&
    clientSentBody === false &&
    isEmptyObject(request.body) &&
    !operation.bodyRequired
  ) {
    const bare: RequestSpec = { ...request, body: undefined, contentType: undefined };
    const bareProblems = context.problems(
      operation,
      await send(context.target, bare),
      { kind: 'success' },
      'positive_data_acceptance',
      bare,
    );
    if (bareProblems.length) return bareProblems;
  }
  // The target answered another documented status than the IR's success (gamesparks: a 200 with no
  // body before a 201 with one): the client's result is that answer's, judged by its schema.
  // Only a status documented as itself: a range or `default` says too little to excuse the client.
  const answered = operation.responses[String(raw.status)];
  if (
    thrown === undefined &&
    answered !== undefined &&
    answered !== operation.responses[success ?? ''] &&
    context.violations(answered.schema, value, 'response').length === 0
  )
    return [];
  // A documented redirect the client followed, as it should: off the target (a download URL on
  // another host), a place this run cannot judge (or reach); on it, an answer of that place's, so an
  // error status there (a mock's example Location, `string`, is no route) is not the client's bug.
  const location = raw.status >= 300 && raw.status < 400 ? raw.headers.get('location') : null;
  const followedTo = (thrown as { status?: unknown } | undefined)?.status;
  if (
    thrown !== undefined &&
    location &&
    (new URL(location, context.target.baseUrl).origin !== new URL(context.target.baseUrl).origin ||
      (typeof followedTo === 'number' && followedTo >= 400))
  )
    return [];
  return [
    suite(
      thrown !== undefined
        ? `it failed (${(thrown as Error).name}: ${(thrown as Error).message.slice(0, 300)}) where the same request sent raw got ${raw.status}`
        : `its result breaks the schema where the raw answer does not: ${clientViolations.slice(0, 3).join('; ')}`,
    ),
  ];
}
