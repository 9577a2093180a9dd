/**
 * The house-rules test's fixtures, each a mutation of the compliant spec (fixture.ts): specs each house
 * rule must report, specs shaped like a rule's target that it must leave alone, the rules that honour
 * `x-lint-exempt`, and the stock rules the house ruleset switches off.
 */
import { withPublicPing } from './fixture.js';
type Mutation = (spec: any) => void;
const list = (spec: any) => spec.paths['/v1/shop/widgets'].get;
const create = (spec: any) => spec.paths['/v1/shop/widgets'].post;

/** given: a mutation of the compliant spec; want: the house rule that must report it. */
export const houseCases: Array<{ rule: string; given: string; mutate: Mutation }> = [
  {
    rule: 'house-scope-declared',
    given: 'a scope the scheme does not declare',
    mutate: (s) => (list(s).security = [{ key: ['shop:read', 'shop:admin'] }]),
  },
  {
    rule: 'house-scope-declared',
    given: 'an undefined security scheme',
    mutate: (s) => (list(s).security = [{ other: ['shop:read'] }]),
  },
  {
    rule: 'house-scopes-by-method',
    given: 'a GET that requires only the write scope',
    mutate: (s) => (list(s).security = [{ key: ['shop:write'] }]),
  },
  {
    rule: 'house-scopes-by-method',
    given: 'a POST that requires only the read scope',
    mutate: (s) => (create(s).security = [{ key: ['shop:read'] }]),
  },
  {
    rule: 'house-public-reason',
    given: 'a public operation that does not say why',
    mutate: (s) => withPublicPing(s, null),
  },
  {
    rule: 'house-list-envelope',
    given: 'a list response without has_more',
    mutate: (s) => delete s.components.schemas.WidgetList.properties.has_more,
  },
  {
    rule: 'house-list-envelope',
    given: 'a list whose previous_cursor is optional',
    mutate: (s) => s.components.schemas.WidgetList.required.pop(),
  },
  {
    rule: 'house-list-envelope',
    given: 'a limit with maximum 500',
    mutate: (s) => (list(s).parameters[0].schema.maximum = 500),
  },
  {
    rule: 'house-list-envelope',
    given: 'a list without ending_before',
    mutate: (s) => list(s).parameters.pop(),
  },
  {
    rule: 'house-list-envelope',
    given: 'a list that returns a bare array',
    mutate: (s) =>
      (list(s).responses['200'].content['application/json'].schema = {
        type: 'array',
        maxItems: 100,
        items: { $ref: '#/components/schemas/Widget' },
      }),
  },
  {
    rule: 'house-rate-limit-headers',
    given: 'a success response without rate-limit headers',
    mutate: (s) => delete create(s).responses['201'].headers,
  },
  {
    rule: 'house-rate-limit-headers',
    given: 'an error response without X-RateLimit-Remaining',
    mutate: (s) => delete s.components.responses.Forbidden.headers['X-RateLimit-Remaining'],
  },
  {
    rule: 'house-429-retry-after',
    given: 'a 429 without Retry-After',
    mutate: (s) => delete s.components.responses.RateLimited.headers['Retry-After'],
  },
  {
    rule: 'house-429-retry-after',
    given: 'a Retry-After that is a date string',
    mutate: (s) =>
      (s.components.headers['Retry-After'].schema = { type: 'string', format: 'date-time', maxLength: 40 }),
  },
  {
    rule: 'house-error-schema',
    given: 'an error response with its own body schema',
    mutate: (s) =>
      (s.components.responses.Forbidden.content['application/json'].schema = {
        type: 'object',
        properties: { reason: { type: 'string', maxLength: 10, pattern: '^a$' } },
      }),
  },
  {
    rule: 'house-auth-errors',
    given: 'an authenticated operation without a 403',
    mutate: (s) => delete list(s).responses['403'],
  },
  {
    rule: 'house-validation-error',
    given: 'an operation with a body but no 400',
    mutate: (s) => delete create(s).responses['400'],
  },
  {
    rule: 'house-validation-error',
    given: 'an operation that answers validation failures with 422',
    mutate: (s) => (create(s).responses['422'] = { $ref: '#/components/responses/BadRequest' }),
  },
  {
    rule: 'house-idempotency-key',
    given: 'a POST without the Idempotency-Key header',
    mutate: (s) => (create(s).parameters = []),
  },
  {
    rule: 'house-response-examples',
    given: 'a response body without an example',
    mutate: (s) => delete list(s).responses['200'].content['application/json'].examples,
  },
  {
    rule: 'house-response-examples',
    given: 'a request body without an example',
    mutate: (s) => delete create(s).requestBody.content['application/json'].example,
  },
  {
    rule: 'house-response-examples',
    given: 'a webhook listed as OpenAPI 3.0 lists them (root x-webhooks) whose body has no example',
    mutate: (s) => {
      withWebhook(s, [{ operationId: 'createWidget' }]);
      delete s.webhooks['widget.created'].post.requestBody.content['application/json'].example;
      s['x-webhooks'] = s.webhooks;
      delete s.webhooks;
    },
  },
  {
    rule: 'house-snake-case-properties',
    given: 'a camelCase property',
    mutate: (s) =>
      (s.components.schemas.Widget.properties.createdAt = {
        type: 'string',
        format: 'date-time',
        maxLength: 40,
      }),
  },
  {
    rule: 'house-snake-case-parameters',
    given: 'a camelCase query parameter',
    mutate: (s) =>
      list(s).parameters.push({
        name: 'sortOrder',
        in: 'query',
        schema: { type: 'string', enum: ['asc', 'desc'] },
      }),
  },
  {
    rule: 'house-versioned-paths',
    given: 'a path outside /v<n>/',
    mutate: (s) => (s.paths['/widgets'] = s.paths['/v1/shop/widgets']),
  },
  {
    rule: 'house-emitted-after',
    given: 'a webhook caused by an operationId no operation has',
    mutate: (s) =>
      withWebhook(s, [{ operationId: 'removeWidget', payload: { '/data/object/id': '$response.body#/id' } }]),
  },
  {
    rule: 'house-emitted-after',
    given: 'a webhook payload read from a path parameter the operation does not have',
    mutate: (s) =>
      withWebhook(s, [
        { operationId: 'createWidget', payload: { '/data/object/id': '$request.path.widget_id' } },
      ]),
  },
  {
    rule: 'house-emitted-after',
    given: 'a webhook whose when is not a request expression',
    mutate: (s) => withWebhook(s, [{ operationId: 'createWidget', when: { '$response.body#/id': 'x' } }]),
  },
  {
    rule: 'house-emitted-after',
    given:
      'a webhook listed as OpenAPI 3.0 lists them (root x-webhooks), caused by an operationId no operation has',
    mutate: (s) => {
      withWebhook(s, [{ operationId: 'removeWidget' }]);
      s['x-webhooks'] = s.webhooks;
      delete s.webhooks;
    },
  },
  { rule: 'house-retry-policy', given: 'no x-retry-policy', mutate: (s) => delete s['x-retry-policy'] },
  {
    rule: 'house-retry-policy',
    given: 'a retry policy with an unknown jitter',
    mutate: (s) => (s['x-retry-policy'].jitter = 'random'),
  },
];

/** A webhook `widget.created` whose `x-emitted-after` is `entries`. */
function withWebhook(s: any, entries: unknown[]): void {
  s.webhooks = {
    'widget.created': {
      post: {
        operationId: 'onWidgetCreated',
        summary: 'A widget was created',
        'x-emitted-after': entries,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { type: { type: 'string', maxLength: 40 } } },
              example: { type: 'widget.created' },
            },
          },
        },
        responses: { '200': { description: 'Acknowledged.' } },
      },
    },
  };
}

/** A single widget's sub-resource (one object, not a list), at a path that does not end in a parameter. */
function withOwner(s: any): void {
  const retrieve = structuredClone(list(s));
  retrieve.operationId = 'retrieveWidgetOwner';
  retrieve.summary = 'Retrieve the owner of a widget';
  retrieve.parameters = [
    {
      name: 'widget_id',
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 40, pattern: '^wid_[a-z0-9]+$' },
    },
  ];
  retrieve.responses['200'].content['application/json'] = {
    schema: { $ref: '#/components/schemas/Widget' },
    example: widgetExample,
  };
  s.paths['/v1/shop/widgets/{widget_id}/owner'] = { get: retrieve };
}
const widgetExample = { id: 'wid_1', display_name: 'Left-handed widget' };

/** Specs that look like a rule's target by shape but are not: the rule must stay silent. */
export const falsePositives: Array<{ rule: string; given: string; mutate: Mutation }> = [
  {
    rule: 'house-emitted-after',
    given: 'signing settings under root x-webhooks (our extension, beside 3.1 webhooks)',
    mutate: (s) => {
      withWebhook(s, [{ operationId: 'createWidget' }]);
      s['x-webhooks'] = {
        signature_scheme: 'standard-webhooks',
        headers: { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' },
        retry_schedule_seconds: [5, 300],
      };
    },
  },
  {
    rule: 'house-list-envelope',
    given: 'a single sub-resource (one object) at a path not ending in a parameter',
    mutate: withOwner,
  },
  {
    rule: 'house-scopes-by-method',
    given: 'a public GET outside any product (like /v1/health) that says why',
    mutate: (s) => withPublicPing(s),
  },
  {
    rule: 'house-scope-declared',
    given: 'a public operation (no scopes at all)',
    mutate: (s) => withPublicPing(s),
  },
  {
    rule: 'house-auth-errors',
    given: 'a public operation without 401 and 403',
    mutate: (s) => withPublicPing(s),
  },
  {
    rule: 'house-public-reason',
    given: 'an authenticated operation without x-public-reason',
    mutate: () => {},
  },
  {
    rule: 'house-validation-error',
    given: 'an operation with no parameters and no body, without a 400',
    mutate: (s) => withPublicPing(s),
  },
  {
    rule: 'house-rate-limit-headers',
    given: 'headers spelled in lower case (HTTP headers are case-insensitive)',
    mutate: (s) => {
      const headers = create(s).responses['201'].headers;
      create(s).responses['201'].headers = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
    },
  },
  {
    rule: 'house-429-retry-after',
    given: 'a 503 without Retry-After (only 429 needs it)',
    mutate: (s) => (create(s).responses['503'] = s.components.responses.Forbidden),
  },
  { rule: 'house-error-schema', given: 'a 2xx response with its own body schema', mutate: withOwner },
  {
    rule: 'house-idempotency-key',
    given: 'a PATCH without the Idempotency-Key header (only POST creates)',
    mutate: (s) => {
      s.paths['/v1/shop/widgets/{widget_id}'] = {
        patch: {
          ...structuredClone(create(s)),
          operationId: 'updateWidget',
          summary: 'Update a widget',
          parameters: [
            {
              name: 'widget_id',
              in: 'path',
              required: true,
              schema: { type: 'string', maxLength: 40, pattern: '^wid_[a-z0-9]+$' },
            },
          ],
        },
      };
    },
  },
  {
    rule: 'house-response-examples',
    given: 'a 204 response, which has no body',
    mutate: (s) =>
      (create(s).responses['204'] = { description: 'Nothing.', headers: create(s).responses['201'].headers }),
  },
  {
    rule: 'house-snake-case-parameters',
    given: 'a header parameter with its usual HTTP spelling',
    mutate: (s) =>
      list(s).parameters.push({
        name: 'X-Request-Id',
        in: 'header',
        schema: { type: 'string', maxLength: 64 },
      }),
  },
  {
    rule: 'house-snake-case-properties',
    given: 'camelCase keys inside an example value',
    mutate: (s) =>
      (list(s).responses['200'].content['application/json'].examples = {
        camel: {
          value: {
            object: 'list',
            data: [{ id: 'wid_1', display_name: 'x', extraInfo: 1 }],
            has_more: false,
            next_cursor: null,
            previous_cursor: null,
            request_id: 'req_1',
          },
        },
      }),
  },
  {
    rule: 'house-emitted-after',
    given: 'a webhook caused by createWidget, its payload read from the answer and constants',
    mutate: (s) =>
      withWebhook(s, [
        {
          operationId: 'createWidget',
          when: { '$request.body#/display_name': 'x' },
          payload: { '/type': 'widget.created', '/data/object/id': '$response.body#/id' },
        },
      ]),
  },
  {
    rule: 'house-versioned-paths',
    given: 'a versioned path with a parameter right after the version',
    mutate: (s) => (s.paths['/v2/{tenant}/shop/widgets'] = structuredClone(s.paths['/v1/shop/widgets'])),
  },
];

/** House rules implemented as functions judge operations, so each honours `x-lint-exempt` per operation. */
const EXEMPTIBLE = [
  'house-scope-declared',
  'house-scopes-by-method',
  'house-public-reason',
  'house-list-envelope',
  'house-rate-limit-headers',
  'house-429-retry-after',
  'house-error-schema',
  'house-auth-errors',
  'house-validation-error',
];
export const exemptCases = houseCases
  .map((testCase, index) => ({ ...testCase, index }))
  .filter((testCase) => EXEMPTIBLE.includes(testCase.rule));
export function exemptEveryOperation(
  s: any,
  rule: string,
  reason = 'Reviewed: this operation is the rare exception.',
): void {
  for (const item of Object.values<any>(s.paths))
    for (const operation of Object.values<any>(item)) operation['x-lint-exempt'] = { [rule]: reason };
}

/** Stock rules the house ruleset switches off: each fires on `given` under the stock rulesets. */
export const switchedOff: Array<{ rule: string; given: string; mutate: Mutation; replacedBy?: string }> = [
  {
    rule: 'oas3-operation-security-defined',
    given: 'scopes on an http bearer scheme (allowed by OAS 3.1)',
    mutate: () => {},
    replacedBy: 'house-scope-declared',
  },
  {
    rule: 'owasp:api8:2023-define-error-responses-401',
    given: 'a public operation without a 401',
    mutate: (s) => withPublicPing(s),
    replacedBy: 'house-auth-errors',
  },
  {
    rule: 'owasp:api8:2023-define-error-validation',
    given: 'an operation that takes no input and has no 400',
    mutate: (s) => withPublicPing(s),
    replacedBy: 'house-validation-error',
  },
  {
    rule: 'owasp:api2:2023-read-restricted',
    given: 'a public GET that says why it is public',
    mutate: (s) => withPublicPing(s),
    replacedBy: 'house-public-reason',
  },
  {
    rule: 'owasp:api8:2023-define-cors-origin',
    given: 'responses without Access-Control-Allow-Origin',
    mutate: () => {},
  },
];
