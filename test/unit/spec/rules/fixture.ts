/**
 * A small API that keeps every house convention: the base for the house-rule tests, each of
 * which breaks one convention with a mutation.
 */
const headers = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
};
const errorResponse = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { ...extraHeaders, ...headers },
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { code: 'some_code', message: 'Something is wrong.', request_id: 'req_1' },
    },
  },
});
const widget = { id: 'wid_1', display_name: 'Left-handed widget' };

export function compliantSpec(): any {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Widgets',
      version: '1.0.0',
      description: 'Widgets.',
      contact: { email: 'a@b.example' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'https://api.widgets.example', description: 'production', 'x-internal': false }],
    security: [{ key: [] }],
    'x-retry-policy': {
      max_retries: 3,
      initial_delay_ms: 500,
      max_delay_ms: 8000,
      backoff_multiplier: 2,
      jitter: 'full',
      respect_retry_after: true,
      retryable_statuses: [408, 429, 500],
    },
    tags: [{ name: 'widgets', description: 'Widgets.' }],
    paths: {
      '/v1/shop/widgets': {
        get: {
          operationId: 'listWidgets',
          summary: 'List widgets',
          description: 'Lists widgets.',
          tags: ['widgets'],
          security: [{ key: ['shop:read'] }],
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
            },
            {
              name: 'starting_after',
              in: 'query',
              schema: { type: 'string', maxLength: 100, pattern: '^[a-z0-9]+$' },
            },
            {
              name: 'ending_before',
              in: 'query',
              schema: { type: 'string', maxLength: 100, pattern: '^[a-z0-9]+$' },
            },
          ],
          responses: {
            '200': {
              description: 'A page.',
              headers,
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/WidgetList' },
                  examples: {
                    page: {
                      value: {
                        object: 'list',
                        data: [widget],
                        has_more: false,
                        next_cursor: null,
                        previous_cursor: null,
                        request_id: 'req_1',
                      },
                    },
                  },
                },
              },
            },
            '400': { $ref: '#/components/responses/BadRequest' },
            '401': { $ref: '#/components/responses/Unauthenticated' },
            '403': { $ref: '#/components/responses/Forbidden' },
            '429': { $ref: '#/components/responses/RateLimited' },
            '500': { $ref: '#/components/responses/ServerError' },
          },
        },
        post: {
          operationId: 'createWidget',
          summary: 'Create a widget',
          description: 'Creates a widget.',
          tags: ['widgets'],
          security: [{ key: ['shop:write'] }],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              schema: { type: 'string', maxLength: 255, pattern: '^[ -~]+$' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Widget' }, example: widget },
            },
          },
          responses: {
            '201': {
              description: 'Created.',
              headers,
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Widget' }, example: widget },
              },
            },
            '400': { $ref: '#/components/responses/BadRequest' },
            '401': { $ref: '#/components/responses/Unauthenticated' },
            '403': { $ref: '#/components/responses/Forbidden' },
            '429': { $ref: '#/components/responses/RateLimited' },
            '500': { $ref: '#/components/responses/ServerError' },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        key: {
          type: 'http',
          scheme: 'bearer',
          'x-scopes': {
            'shop:read': { description: 'Read.', mintable: true },
            'shop:write': { description: 'Write.', mintable: true },
          },
        },
      },
      headers: {
        'X-RateLimit-Limit': { required: true, schema: { type: 'integer', minimum: 0, maximum: 100000 } },
        'X-RateLimit-Remaining': { required: true, schema: { type: 'integer', minimum: 0, maximum: 100000 } },
        'Retry-After': { required: true, schema: { type: 'integer', minimum: 1, maximum: 3600 } },
      },
      responses: {
        BadRequest: errorResponse('Bad request.'),
        Unauthenticated: errorResponse('No valid key.'),
        Forbidden: errorResponse('Missing scope.'),
        RateLimited: errorResponse('Too many requests.', {
          'Retry-After': { $ref: '#/components/headers/Retry-After' },
        }),
        ServerError: errorResponse('Server error.'),
      },
      schemas: {
        Widget: {
          type: 'object',
          required: ['id', 'display_name'],
          properties: {
            id: { type: 'string', maxLength: 40, pattern: '^wid_[a-z0-9]+$' },
            display_name: { type: 'string', maxLength: 100, pattern: '^[^\\x00-\\x1F]*$' },
          },
        },
        WidgetList: {
          type: 'object',
          required: ['object', 'data', 'has_more', 'next_cursor', 'previous_cursor', 'request_id'],
          properties: {
            object: { type: 'string', const: 'list' },
            data: { type: 'array', maxItems: 100, items: { $ref: '#/components/schemas/Widget' } },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'], maxLength: 100, pattern: '^[a-z0-9]+$' },
            previous_cursor: { type: ['string', 'null'], maxLength: 100, pattern: '^[a-z0-9]+$' },
            request_id: { type: 'string', maxLength: 40, pattern: '^req_[a-z0-9]+$' },
          },
        },
        Error: {
          type: 'object',
          required: ['code', 'message', 'request_id'],
          properties: {
            code: { type: 'string', maxLength: 40, pattern: '^[a-z_]+$' },
            message: { type: 'string', maxLength: 500, pattern: '^[^\\x00-\\x1F]*$' },
            request_id: { type: 'string', maxLength: 40, pattern: '^req_[a-z0-9]+$' },
          },
        },
      },
    },
  };
}

/** A public, input-less operation that says why it is public (as /v1/health does). */
export function withPublicPing(spec: any, reason: string | null = 'Monitors call it without a key.'): any {
  spec.paths['/v1/ping'] = {
    get: {
      operationId: 'ping',
      summary: 'Ping',
      description: 'Answers when up.',
      tags: ['widgets'],
      security: [],
      ...(reason ? { 'x-public-reason': reason } : {}),
      responses: {
        '200': {
          description: 'Up.',
          headers,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { status: { type: 'string', const: 'ok' } } },
              example: { status: 'ok' },
            },
          },
        },
        '429': { $ref: '#/components/responses/RateLimited' },
        '500': { $ref: '#/components/responses/ServerError' },
      },
    },
  };
  return spec;
}
