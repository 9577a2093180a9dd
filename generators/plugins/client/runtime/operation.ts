/**
 * One operation as the generator describes it (the generated `operations.ts` holds one per
 * operation): its method and path template, how each parameter is spelled, its request and
 * response media types, how it pages, and where it sends the client's credential.
 */
import type { BodySpec } from './body.js';
import type { PageSpec, PaginationSpec } from './pagination.js';
import type { ResponseMediaSpec } from './response.js';
import type { ParamSpec } from './serialize.js';

/**
 * Where an operation sends the client's credential (`apiKey`): `bearer` and `basic` in
 * Authorization (basic: the key is `user:password`, sent base64-encoded), the others under their
 * name. `cookie`: a browser session (the browser sends the cookie itself; outside a browser the key
 * is sent as that cookie), with the CSRF header (`csrfToken`) beside it. `optional`: sent only when
 * the client has a key.
 */
export type AuthSpec = (
  | { kind: 'bearer' }
  | { kind: 'basic' }
  | { kind: 'header'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'cookie'; name: string; csrfHeader?: string }
) & { optional?: true };

/** One operation as the generator describes it. */
export interface OperationSpec {
  method: string;
  /** The path template, e.g. "/files/{name}.{ext}". */
  path: string;
  /**
   * Its parameters and how each is spelled: path ones in template order (given positionally),
   * then query, header and cookie ones (keys of the params object).
   */
  params: ParamSpec[];
  /** Request media types, the default first; none when the operation takes no body. */
  bodies?: BodySpec[] | undefined;
  /** The params key that picks a request media type, when the operation takes several. */
  mediaTypeKey?: string | undefined;
  /** The spec requires a body: with no body fields given, `{}` is still sent. */
  bodyRequired?: boolean | undefined;
  /** Media types of the success response, the preferred first; none when it has no body. */
  responses?: ResponseMediaSpec[] | undefined;
  /** The operation takes this header (Last-Event-ID): its event stream resumes after a dropped connection. */
  resumeHeader?: string | undefined;
  idempotencyHeader?: string | undefined;
  /** What the path template's query or fragment asks for (`/#X-Amz-Target=Svc.Op`): sent as that query parameter or header. */
  match?: { in: 'query' | 'header'; name: string; value: string } | undefined;
  /** How the list pages: our cursor envelope (no `style`), or offset, page numbers, next links. */
  pagination?: PaginationSpec | PageSpec | undefined;
  /** How it sends credentials; absent when it sends none (`security: []`). */
  auth?: AuthSpec | undefined;
  /** The spec marks the operation deprecated: the first call logs a warning. */
  deprecated?: true | undefined;
  /** The operation's own server (operation- or path-level `servers`), which the client's baseURL does not replace. */
  baseURL?: string | undefined;
  /**
   * Redirect statuses the operation documents as its answer (it documents no 2xx): one fetch did
   * not follow (no Location, or a browser's opaque redirect) is the result, not an error.
   */
  redirects?: number[] | undefined;
}
