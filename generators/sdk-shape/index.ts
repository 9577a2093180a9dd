/**
 * The SDK shape: everything the SDK emitters (TypeScript client, Python SDK) decide alike, decided
 * once per IR. The IR describes the API; this module names it for SDKs (the API's names, each
 * operation's resource and method, the resource tree), says how each operation sends credentials and where
 * requests go, and holds each operation's wire plan (parameter styles, request media types,
 * response kinds) and which page class each list returns (paging.ts). Emitters spell the names in their language and keep them unique in their own
 * scopes (NameScope).
 */
import type { Ir, IrOperation } from '../core/ir.js';
import { oncePer } from '../core/once-per.js';
import { apiNames, type ApiNames } from './names.js';
import { authPlans, type AuthPlan } from './auth.js';
export { authText, credentialText } from './auth.js';
export { retryPolicySource } from './retry-policy.js';
import { defaultBaseUrl, operationBaseUrl } from './base-url.js';
import { placeOperations, resourceTree, type OperationPlace, type ResourceNode } from './resources.js';
import { wirePlan, type WirePlan } from './wire.js';

export { fileNameScope, NameScope } from './scope.js';
export { decodingParam, objectInfo, type DecodingParam } from './decoding.js';
export { STATUS_ERRORS, statusErrorsText, type StatusError } from './errors.js';
export {
  itemsPath,
  pageClasses,
  pageSizeArgument,
  pageSizeParam,
  pagingText,
  wirePaging,
  type PageClasses,
} from './paging.js';
export { RESERVED_MEMBERS, type OperationPlace, type ResourceNode } from './resources.js';
export type { ApiNames } from './names.js';
export type { AuthPlan, Credential, OperationAuth } from './auth.js';
export {
  sentAsJson,
  wireParam,
  wirePart,
  type WireBody,
  type WireMedia,
  type WireParam,
  type WirePart,
  type WirePlan,
  type WireResponse,
  type WireShape,
} from './wire.js';

export interface OperationShape extends OperationPlace {
  wire: WirePlan;
  /**
   * The operation's own base URL (its operation- or path-level servers, the first with variables at
   * their defaults; relative as the spec writes it, resolved by the runtime against the client's base
   * URL), when it differs from the client's default: requests go there, not to the client's base URL
   * (README, "The generated client"). Undefined for operations on the root servers.
   */
  baseUrl?: string;
  /** `baseUrl` resolved against the default base URL (differs when the spec's server URL is relative), for documentation. */
  resolvedBaseUrl?: string;
}

export interface SdkShape {
  names: ApiNames;
  /**
   * How the client holds and sends credentials (each operation's placement is in its wire plan).
   * Reading it throws the UnsupportedSpecError (file and pointer) when some operation requires
   * only schemes the SDKs cannot send: every SDK emitter reads it, the server stubs never do.
   */
  readonly auth: AuthPlan;
  /** The first server URL with its variables at their defaults (`http://localhost` when none). */
  baseUrl: string;
  /** One per IR operation, in spec order. */
  operations: OperationShape[];
  /** The resource tree over `operations`. */
  root: ResourceNode<OperationShape>;
  /** Looks up an operation's shape. */
  of(operation: IrOperation): OperationShape;
}

/** What both SDK emitters decide alike about an IR, made once per IR. */
export const sdkShape: (ir: Ir) => SdkShape = oncePer(makeShape);

function makeShape(ir: Ir): SdkShape {
  const auth = authPlans(ir);
  const operations: OperationShape[] = placeOperations(ir.operations).map((place) => {
    const own = operationBaseUrl(ir, place.operation);
    return {
      ...place,
      wire: wirePlan(place.operation, auth.byOperation.get(place.operation)),
      ...(own ? { baseUrl: own.url, resolvedBaseUrl: own.resolved } : {}),
    };
  });
  const byOperation = new Map(operations.map((shape) => [shape.operation, shape]));
  const shape: SdkShape = {
    names: apiNames(ir.info.sdkName ?? ir.info.title),
    get auth() {
      if (auth.unsupported) throw auth.unsupported;
      return auth.plan;
    },
    baseUrl: defaultBaseUrl(ir),
    operations,
    root: resourceTree(operations),
    of(operation) {
      const found = byOperation.get(operation);
      if (!found) throw new Error(`operation ${operation.id} is not part of this IR`);
      return found;
    },
  };
  return shape;
}
