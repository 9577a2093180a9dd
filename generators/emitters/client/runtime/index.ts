/** The runtime's public surface, re-exported by the generated package's index. */
export { APIPromise, type RateLimitState, type ResponseMeta, type WithResponse } from './api-promise.js';
export { APIResource } from './resource.js';
export { BaseClient, type ClientConfig, type ClientOptions, type OperationSpec, type RequestOptions } from './client.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClientError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';
export { SecretKeyInBrowserError, type KeyPrefix } from './keys.js';
export { CursorPage, PagePromise, type PaginationSpec, type PagingDirection } from './pagination.js';
export { backoffDelayMs, type RetryPolicy } from './retry.js';
export {
  Webhooks,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
  type WebhookConfig,
  type WebhookHeaders,
  type WebhookVerifyOptions,
} from './webhooks.js';
