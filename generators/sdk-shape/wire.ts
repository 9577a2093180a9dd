/**
 * The wire plan of an operation: how each parameter, body and response is spelled on the wire,
 * as plain data every SDK runtime reads (the TypeScript client's OperationSpec, the Python SDK's
 * Operation) and the server stubs decode. It restates IR facts in the compact form runtimes need:
 * defaults left out, shapes a serialiser can act on.
 */
import type { IrMedia, IrOperation, IrParameter, IrPart, MediaKind } from '../core/ir.js';
// A parameter's spelling is declared once, by the TypeScript client's runtime (copied into each
// client package, it imports nothing of the generators).
import type { ParamSpec } from '../plugins/client/runtime/serialize.js';
import type { OperationAuth } from './auth.js';
import { matchedParameter } from '../core/ir-parameters.js';

/** How a value is serialised: `unknown` shapes are decided from the value at run time. */
export type WireShape = 'primitive' | 'array' | 'object' | 'unknown';

/**
 * A parameter's spelling with every default written out: the TypeScript client's ParamSpec (its
 * runtime declares it, leaving defaults optional) in full, as the Python SDK reads it too.
 */
export type WireParam = Required<Pick<ParamSpec, 'name' | 'in' | 'style' | 'explode' | 'shape'>> &
  Pick<ParamSpec, 'json' | 'allowReserved' | 'allowEmptyValue'>;

export interface WirePart {
  name: string;
  shape: WireShape | 'file' | 'files';
  /** The part's Content-Type when it is not plain text: files (the default for a value without a type), JSON, declared types. */
  contentType?: string;
  /** Multipart: the part's own headers (`encoding.headers`), by name. */
  headers?: string[];
  /** Style-based serialisation (`styled`): how, when not form/exploded. */
  style?: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode?: boolean;
  allowReserved?: true;
  /** Spelled by style as query parameters are (multipart: one text part per name=value pair); else objects are JSON text, arrays one field per item. */
  styled?: true;
}

export interface WireBody {
  mediaType: string;
  kind: MediaKind;
  /** Multipart and form: the fields, in schema order. */
  parts?: WirePart[];
}

export interface WireMedia {
  mediaType: string;
  kind: MediaKind;
  /** Event streams: whether each event's `data` is JSON (parsed) or text. */
  dataIsJson?: boolean;
}

export interface WireResponse {
  /** "200", "4XX", "default". */
  status: string;
  /** Preferred first; empty when the response has no body. */
  media: WireMedia[];
}

export interface WirePlan {
  /** Every parameter: path ones in template order, then query, header, cookie. */
  params: WireParam[];
  /** Request media types, the default (JSON when declared) first; empty when the operation takes no body. */
  bodies: WireBody[];
  responses: WireResponse[];
  /** Media types of the success response (the one the SDK returns), preferred first. */
  success: WireMedia[];
  /**
   * The header an event stream resumes with after a dropped connection (`Last-Event-ID`, as the
   * operation declares it), when the success response is an event stream and the operation takes
   * that header; absent otherwise (a stream that does not say it can resume is not reopened).
   */
  resumeHeader?: string;
  /**
   * Redirect statuses the operation documents as its answer when it documents no 2xx (GitHub's
   * archive downloads: only a 302): a redirect the HTTP stack did not follow is then the result,
   * not an error. Absent when the operation has a success response.
   */
  redirects?: number[];
  /**
   * What the path template's query or fragment asks every request to carry (the IR's
   * `template.match`): a query pair (`/search?mode=fast`) or a header (AWS JSON protocols'
   * `/#X-Amz-Target=Service.Action`). Sent by the SDKs; the path itself stops before `?`/`#`. Absent
   * when the template names a parameter the operation declares, which the SDKs send as the caller
   * gives it (`#x-amz-sso_bearer_token&account_id`, `#scope=app-instance-user-membership`).
   */
  match?: { in: 'query' | 'header'; name: string; value: string };
  /** How the operation sends the client's credential (auth.ts decides); absent when it sends none (`security: []`). */
  auth?: OperationAuth;
}

/** Whether a parameter travels as JSON text (`content` of a JSON media type), which its decoder parses. */
export function sentAsJson(param: Pick<IrParameter, 'contentType'>): boolean {
  return Boolean(param.contentType && /json/.test(param.contentType));
}

export function wireParam(param: IrParameter): WireParam {
  // A binary parameter is a string on the wire.
  const shape: WireShape = param.shape === 'file' ? 'primitive' : param.shape;
  return {
    name: param.name,
    in: param.in,
    style: param.style,
    explode: param.explode,
    shape,
    ...(sentAsJson(param) ? { json: true as const } : {}),
    ...(param.allowReserved ? { allowReserved: true as const } : {}),
    ...(param.allowEmptyValue ? { allowEmptyValue: true as const } : {}),
  };
}

/** A multipart or form part as the SDKs send it (and the stubs write a multipart answer). */
export function wirePart(part: IrPart, kind: MediaKind): WirePart {
  const textDefault = !part.contentTypeDeclared && part.contentType === 'text/plain';
  const formDefaults = part.style === 'form' && part.explode && !part.allowReserved;
  // A form field of no known shape is JSON text, as the stubs read it (twilio's `Data`): the
  // clients cannot tell from the value, a string or a list, that it is to be sent as JSON.
  const jsonFormField = kind === 'form' && part.shape === 'unknown' && part.json;
  return {
    name: part.name,
    shape: part.shape,
    ...((kind === 'multipart' && !textDefault) || jsonFormField ? { contentType: part.contentType } : {}),
    ...(part.headers.length > 0 ? { headers: part.headers.map((header) => header.name) } : {}),
    ...(part.styled && !formDefaults
      ? {
          style: part.style,
          explode: part.explode,
          ...(part.allowReserved ? { allowReserved: true as const } : {}),
        }
      : {}),
    ...(part.styled ? { styled: true as const } : {}),
  };
}

export function wireMedia(media: IrMedia): WireMedia {
  return {
    mediaType: media.mediaType,
    kind: media.kind,
    ...(media.kind === 'event-stream' ? { dataIsJson: media.stream?.dataIsJson ?? false } : {}),
  };
}

export function wirePlan(operation: IrOperation, auth?: OperationAuth): WirePlan {
  const byName = new Map(operation.parameters.path.map((param) => [param.name, param]));
  const pathParams = operation.template.params
    .map((name) => byName.get(name))
    .filter((param): param is IrParameter => param !== undefined);
  const params = [
    ...pathParams,
    ...operation.parameters.query,
    ...operation.parameters.header,
    ...operation.parameters.cookie,
  ].map(wireParam);
  const bodies = (operation.body?.content ?? []).map((media) => ({
    mediaType: media.mediaType,
    kind: media.kind,
    ...(media.parts ? { parts: media.parts.map((part) => wirePart(part, media.kind)) } : {}),
  }));
  const responses = operation.responses.map((response) => ({
    status: response.status,
    media: response.content.map(wireMedia),
  }));
  const success = responses.find((response) => response.status === operation.successStatus)?.media ?? [];
  const resume = operation.parameters.header.find((param) => /^last-event-id$/i.test(param.name));
  const resumeHeader =
    resume && success.some((media) => media.kind === 'event-stream') ? resume.name : undefined;
  const redirects = operation.successStatus
    ? []
    : operation.responses
        .filter((response) => /^3\d\d$/.test(response.status))
        .map((response) => Number(response.status));
  return {
    params,
    bodies,
    responses,
    success,
    ...(resumeHeader ? { resumeHeader } : {}),
    ...(redirects.length > 0 ? { redirects } : {}),
    ...sentMatch(operation),
    ...(auth ? { auth } : {}),
  };
}

/** The template's `name=value` the SDKs add to each request: not a declared parameter's, which is sent as given. */
function sentMatch(operation: IrOperation): Pick<WirePlan, 'match'> {
  const { match } = operation.template;
  if (match?.value === undefined) return {};
  return matchedParameter(operation.parameters, match)
    ? {}
    : { match: { in: match.in, name: match.name, value: match.value } };
}
