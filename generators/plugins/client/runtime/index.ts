/** The runtime's public surface, re-exported by the generated package's index. */
export { APIPromise, type RateLimitState, type ResponseMeta, type WithResponse } from './api-promise.js';
export { APIResource } from './resource.js';
export { BaseClient } from './client.js';
export type { AuthSpec, OperationSpec } from './operation.js';
export type { ClientConfig, ClientOptions, RequestOptions } from './options.js';
export { LevelLogger, type Logger, type LogLevel } from './logging.js';
export type { BodySpec, MediaKind } from './body.js';
export type { PartSpec } from './multipart.js';
export type { ResponseMediaSpec } from './response.js';
export type { ParamSpec } from './serialize.js';
export { Stream } from './streaming.js';
export type { ServerSentEvent } from './sse.js';
export {
  toFile,
  withPartHeaders,
  type BinaryBody,
  type PartWithHeaders,
  type Uploadable,
  type WithUploads,
} from './uploads.js';
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
  RequestValidationError,
  ResponseValidationError,
  UnprocessableEntityError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
export {
  operationKey,
  type OperationSchemas,
  type StandardResult,
  type StandardSchema,
  type ValidationOptions,
} from './validation.js';
export { SecretKeyInBrowserError, type KeyPrefix } from './keys.js';
export {
  BasePage,
  CursorPage,
  Page,
  PagePromise,
  parseLinkHeader,
  type PageRequest,
  type PageSpec,
  type PaginationSpec,
  type PagingDirection,
  type WebLink,
} from './pagination.js';
export { backoffDelayMs, type RetryDecision, type RetryPolicy } from './retry.js';
export {
  UnknownWebhookEvent,
  Webhooks,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
  type WebhookConfig,
  type WebhookHeaders,
  type WebhookVerifyOptions,
} from './webhooks.js';
