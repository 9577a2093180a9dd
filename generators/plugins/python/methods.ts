/**
 * The Python SDK's methods and resource classes: each operation's signature, typed per request
 * and response media type (overloads when the caller picks one with `content_type=` or
 * `accept=`), its one-line call into the runtime, the `.with_raw_response` and
 * `.with_streaming_response` twins of every resource, and all of it again for the asyncio client
 * (`async def`, `AsyncStream`, `AsyncPaginator`). Deprecated operations and arguments warn once.
 */
import type { Ir, IrMedia } from '../../core/ir.js';
import { pageClasses } from '../../sdk-shape/index.js';
import { docText, pyString } from './naming.js';
import {
  allArguments,
  type Argument,
  type MethodPlan,
  type RequestVariant,
  type ResourcePlan,
} from './plan.js';
import { pythonType, union } from './type-expressions.js';
import type { TypeNames } from './type-names.js';

/** The Python type an argument takes (before `NotGiven` for an optional one): its schema's request view (no readOnly keys). */
function valueType(ir: Ir, responseNames: TypeNames, arg: Argument): string {
  const names = responseNames.request;
  if (arg.location === 'body') {
    switch (arg.media?.kind) {
      case 'text':
        return 'str';
      case 'binary':
      case 'event-stream':
      case 'ndjson':
        return 'BinaryContent';
      case 'form':
      case 'multipart':
        return 'Mapping[str, Any]';
      default:
        return pythonType(ir.model, names, arg.schema, '_types.');
    }
  }
  if (arg.part?.shape === 'file') return 'FileTypes';
  if (arg.part?.shape === 'files') return 'Sequence[FileTypes]';
  const type = pythonType(ir.model, names, arg.schema, '_types.');
  return arg.part && arg.part.headers.length > 0
    ? `Union[${[...unionMembers(type), `PartWithHeaders[${type}]`].join(', ')}]`
    : type;
}

/** The members of a top-level `Union[...]` (the type itself when it is not one). */
function unionMembers(type: string): string[] {
  if (!type.startsWith('Union[') || !type.endsWith(']')) return [type];
  const members: string[] = [];
  let depth = 0;
  let start = 6;
  for (let index = 6; index < type.length - 1; index += 1) {
    const char = type[index];
    if (char === '[') depth += 1;
    else if (char === ']') depth -= 1;
    if (depth < 0) return [type]; // the first bracket closes early: not one Union
    if (char === ',' && depth === 0) {
      members.push(type.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [...members, type.slice(start, -1).trim()];
}

export function argumentType(ir: Ir, names: TypeNames, arg: Argument): string {
  const type = valueType(ir, names, arg);
  return arg.required ? type : `Union[${[...unionMembers(type), 'NotGiven'].join(', ')}]`;
}

/** What a call returns for one success media type (none: the response has no body). */
export function resultType(ir: Ir, names: TypeNames, media: IrMedia | undefined, isAsync = false): string {
  const stream = isAsync ? 'AsyncStream' : 'Stream';
  if (!media) return 'None';
  switch (media.kind) {
    case 'json':
      return pythonType(ir.model, names, media.schema, '_types.');
    case 'text':
    case 'form':
      return 'str';
    case 'event-stream':
      return `${stream}[ServerSentEvent[${media.stream?.dataIsJson ? pythonType(ir.model, names, media.stream.dataSchema ?? true, '_types.') : 'str'}]]`;
    case 'ndjson':
      return `${stream}[${pythonType(ir.model, names, media.stream?.dataSchema ?? true, '_types.')}]`;
    case 'multipart':
      return 'FormData';
    default:
      return 'bytes';
  }
}

/** One typed way to call a method: a request media type and a response media type. */
interface Variant {
  request?: RequestVariant;
  response?: IrMedia;
}

function variantsOf(method: MethodPlan): Variant[] {
  const requests: Array<RequestVariant | undefined> =
    method.requests.length > 0 ? method.requests : [undefined];
  const responses: Array<IrMedia | undefined> = method.responses.length > 0 ? method.responses : [undefined];
  return requests.flatMap((request) => responses.map((response) => ({ request, response })));
}

/** What a method returns; on the async client a paged list is an AsyncPaginator (its raw twin an AsyncCursorPage), or for the other paging styles an AsyncPagePaginator (AsyncPage). */
function returnType(
  ir: Ir,
  names: TypeNames,
  method: MethodPlan,
  variant: Variant | undefined,
  style: Style,
): { type: string; paged: boolean } {
  const { operation } = method;
  if (operation.pagination) {
    const item = pythonType(ir.model, names, operation.pagination.itemSchema, '_types.');
    const classes = pageClasses(operation.pagination).python;
    const page = !style.isAsync ? classes.sync : style.raw ? classes.async : classes.paginator;
    return { type: `${page}[${item}]`, paged: true };
  }
  if (variant) return { type: resultType(ir, names, variant.response, style.isAsync), paged: false };
  return {
    type: union(variantsOf(method).map((each) => resultType(ir, names, each.response, style.isAsync))),
    paged: false,
  };
}

/** Which twin a method is written for: the plain or the raw-response one, on the sync or the async client. */
export interface Style {
  raw: boolean;
  isAsync: boolean;
}

function docstring(method: MethodPlan, indent: string): string[] {
  const { operation } = method;
  const parts = [docText(operation.summary) ?? `${operation.method.toUpperCase()} ${operation.path}`];
  const description = docText(operation.description);
  if (description && description !== parts[0]) parts.push('', ...description.split('\n'));
  const documented = allArguments(method).filter((arg) => arg.description || arg.deprecated);
  const choices: string[] = [];
  if (method.contentTypeArg)
    choices.push(
      `    ${method.contentTypeArg}: the request body's media type: ${method.requests.map((request) => request.media.mediaType).join(', ')} (default the first).`,
    );
  if (method.acceptArg)
    choices.push(
      `    ${method.acceptArg}: the response media type asked for (Accept): ${method.responses.map((media) => media.mediaType).join(', ')} (default the first).`,
    );
  if (documented.length > 0 || choices.length > 0) {
    parts.push('', 'Args:');
    for (const arg of documented)
      parts.push(
        `    ${arg.name}: ${arg.deprecated ? 'Deprecated. ' : ''}${docText(arg.description)?.split('\n').join(' ') ?? ''}`.trimEnd(),
      );
    parts.push(...choices);
  }
  if (operation.deprecated)
    parts.push(
      '',
      'Deprecated: the API marks this operation deprecated; calling it warns once (DeprecationWarning).',
    );
  const lines = parts.map((line) => (line ? `${indent}${line}` : ''));
  lines[0] = `${indent}"""${lines[0].trimStart()}`;
  return lines.length === 1 ? [`${lines[0]}"""`] : [...lines, `${indent}"""`];
}

/** The type of each per-call option (plan.ts OPTION_ARGS, and the idempotency key). */
const OPTION_TYPES: Record<string, string> = {
  idempotency_key: 'Optional[str]',
  extra_headers: 'Optional[Mapping[str, str]]',
  extra_query: 'Optional[Mapping[str, object]]',
  extra_body: 'Optional[Mapping[str, object]]',
  timeout: 'Optional[float]',
  max_retries: 'Optional[int]',
  max_retry_wait: 'Optional[float]',
  base_url: 'Optional[str]',
};

/** The parameters of one overload (a variant) or of the implementation (none). */
function signature(ir: Ir, names: TypeNames, method: MethodPlan, variant: Variant | undefined): string[] {
  const stub = variant !== undefined;
  const parts: string[] = ['self'];
  const positional = method.params.filter((arg) => arg.location === 'path');
  for (const arg of positional) parts.push(`${arg.name}: ${argumentType(ir, names, arg)}`);
  parts.push('*');
  for (const arg of method.params.filter((each) => each.location !== 'path'))
    parts.push(
      `${arg.name}: ${arg.required ? argumentType(ir, names, arg) : optional(argumentType(ir, names, arg), stub)}`,
    );
  const bodyArgs = variant
    ? (variant.request?.args ?? [])
    : allArguments(method).filter((arg) => arg.location === 'field' || arg.location === 'body');
  const several = variant === undefined && variantsOf(method).length > 1;
  for (const arg of bodyArgs) {
    // The implementation of overloads takes every body argument of every variant; the overloads type them.
    if (several) parts.push(`${arg.name}: Any = NOT_GIVEN`);
    else
      parts.push(
        `${arg.name}: ${arg.required ? argumentType(ir, names, arg) : optional(argumentType(ir, names, arg), stub)}`,
      );
  }
  const contentType = choice(
    method.contentTypeArg,
    variant?.request?.media.mediaType,
    method.requests.map((request) => request.media.mediaType),
    stub,
  );
  if (contentType) parts.push(contentType);
  const accept = choice(
    method.acceptArg,
    variant?.response?.mediaType,
    method.responses.map((media) => media.mediaType),
    stub,
  );
  if (accept) parts.push(accept);
  for (const option of method.options)
    parts.push(`${option}: ${OPTION_TYPES[option]} = ${stub ? '...' : 'None'}`);
  return parts;
}

// Module-level rather than closures in `signature`: under tsx every closure made names itself
// (esbuild's keepNames, a defineProperty each time), which was most of its time.

/** An optional parameter's type and default: `...` in an overload's stub. */
function optional(type: string, stub: boolean): string {
  return `${type} = ${stub ? '...' : 'NOT_GIVEN'}`;
}

/** The media type parameter `name` (content_type or accept), if the method has one: free, or fixed to the variant's `chosen`. */
function choice(
  name: string | undefined,
  chosen: string | undefined,
  all: string[],
  stub: boolean,
): string | undefined {
  if (!name) return undefined;
  if (chosen === undefined) return `${name}: str = ${pyString(all[0])}`;
  return chosen === all[0]
    ? `${name}: Literal[${pyString(chosen)}] = ${stub ? '...' : pyString(chosen)}`
    : `${name}: Literal[${pyString(chosen)}]`;
}

/** The runtime call's arguments. */
function callArguments(method: MethodPlan, paged: boolean): string[] {
  const positional = method.params.filter((arg) => arg.location === 'path');
  const dict = (list: Argument[]) =>
    `{${list.map((arg) => `${pyString(arg.wire)}: ${arg.name}`).join(', ')}}`;
  const call = [
    `_ops.${method.constant}`,
    `(${positional.map((arg) => arg.name).join(', ')}${positional.length === 1 ? ',' : ''})`,
  ];
  for (const [location, keyword] of [
    ['query', 'query'],
    ['header', 'headers'],
    ['cookie', 'cookies'],
  ] as const) {
    const list = method.params.filter((arg) => arg.location === location);
    if (list.length > 0) call.push(`${keyword}=${dict(list)}`);
  }
  if (!paged) {
    const args = allArguments(method);
    const fields = args.filter((arg) => arg.location === 'field');
    const body = args.find((arg) => arg.location === 'body');
    if (fields.length > 0) call.push(`fields=${dict(fields)}`);
    if (body) call.push(`body=${body.name}`);
    if (method.contentTypeArg) call.push(`content_type=${method.contentTypeArg}`);
    if (method.acceptArg) call.push(`accept=${method.acceptArg}`);
  }
  call.push(`options=RequestOptions(${method.options.map((option) => `${option}=${option}`).join(', ')})`);
  return call;
}

/** The DeprecationWarnings a call gives: the operation's, and each deprecated argument's when it is given. */
function deprecationLines(method: MethodPlan, where: string): string[] {
  const lines: string[] = [];
  if (method.operation.deprecated) lines.push(`        deprecated(${pyString(`${where}()`)})`);
  for (const arg of allArguments(method).filter((each) => each.deprecated)) {
    const warn = `deprecated(${pyString(`The argument \`${arg.name}\` of ${where}()`)})`;
    lines.push(
      arg.required ? `        ${warn}` : `        if not isinstance(${arg.name}, NotGiven):`,
      ...(arg.required ? [] : [`            ${warn}`]),
    );
  }
  return lines;
}

/**
 * One method: overloads when there are several ways to call it, then its signature and a
 * one-line call into the runtime. `where` is how the caller reaches it (`client.nature.subjects.list`).
 */
export function methodCode(
  ir: Ir,
  names: TypeNames,
  method: MethodPlan,
  style: Style,
  client: string,
  where: string,
): string {
  const wrap = (type: string) =>
    style.raw ? `${style.isAsync ? 'AsyncAPIResponse' : 'APIResponse'}[${type}]` : type;
  const variants = variantsOf(method);
  const paged = method.operation.pagination !== undefined;
  // An async list method is a plain `def` returning an AsyncPaginator (awaitable and async-iterable).
  const def = style.isAsync && !(paged && !style.raw) ? 'async def' : 'def';
  const lines: string[] = [];
  if (variants.length > 1 && !paged) {
    for (const variant of variants) {
      lines.push(
        '    @overload',
        `    ${def} ${method.name}(`,
        ...signature(ir, names, method, variant).map((part) => `        ${part},`),
        `    ) -> ${wrap(returnType(ir, names, method, variant, style).type)}: ...`,
        '',
      );
    }
  }
  const { type } = returnType(ir, names, method, variants.length === 1 ? variants[0] : undefined, style);
  const runtimeMethod = `request${paged ? '_page' : ''}${style.raw ? '_raw' : ''}`;
  lines.push(
    `    ${def} ${method.name}(`,
    ...signature(ir, names, method, undefined).map((part) => `        ${part},`),
    `    ) -> ${wrap(type)}:`,
    ...docstring(method, '        '),
    ...deprecationLines(method, where),
    `        return ${def === 'async def' ? 'await ' : ''}${client}.${runtimeMethod}(`,
    ...callArguments(method, paged).map((part) => `            ${part},`),
    '        )',
  );
  return lines.join('\n');
}

export function flatten(node: ResourcePlan): ResourcePlan[] {
  return [node, ...node.children.flatMap(flatten)];
}

/** The class names of a resource's three twins on one client. */
export function twins(
  node: ResourcePlan,
  isAsync: boolean,
): { plain: string; raw: string; streaming: string } {
  return isAsync
    ? { plain: node.asyncClassName, raw: node.asyncRawClassName, streaming: node.asyncStreamingClassName }
    : { plain: node.className, raw: node.rawClassName, streaming: node.streamingClassName };
}

/** A resource's twin whose methods return `with` blocks over unread responses (wrapping the raw twin's methods). */
export function streamingClass(
  node: ResourcePlan,
  isAsync: boolean,
  clientType = isAsync ? 'AsyncBaseClient' : 'BaseClient',
): string {
  const where = `${isAsync ? 'async_client' : 'client'}${node.attributes.length > 0 ? `.${node.attributes.join('.')}` : ''}`;
  const block = isAsync ? '`async with` block over an AsyncAPIResponse' : '`with` block over an APIResponse';
  const summary = `\`${where}.with_streaming_response\`: every method returns a ${block} whose body is not read yet (\`iter_bytes()\`, \`iter_lines()\`, \`parse()\`).`;
  const own = twins(node, isAsync);
  const lines = [
    `class ${own.streaming}:`,
    `    """${summary}"""`,
    '',
    `    def __init__(self, client: ${clientType}) -> None:`,
  ];
  if (node.methods.length > 0) lines.push(`        raw = ${own.raw}(client)`);
  for (const child of node.children)
    lines.push(`        self.${child.attribute} = ${twins(child, isAsync).streaming}(client)`);
  const wrapper = isAsync ? 'to_async_streamed_response_wrapper' : 'to_streamed_response_wrapper';
  for (const method of node.methods)
    lines.push(`        self.${method.name} = ${wrapper}(raw.${method.name})`);
  if (node.methods.length === 0 && node.children.length === 0) lines.push('        pass');
  return lines.join('\n');
}

export function resourceClass(ir: Ir, names: TypeNames, node: ResourcePlan, style: Style): string {
  const own = twins(node, style.isAsync);
  const name = style.raw ? own.raw : own.plain;
  const client = style.isAsync ? 'async_client' : 'client';
  const response = style.isAsync ? 'AsyncAPIResponse' : 'APIResponse';
  const summary = style.raw
    ? `\`${node.attributes.join('.')}\` with every method returning an ${response} (headers, request ID, rate limit; \`.parse()\` for the result).`
    : `\`${client}.${node.attributes.join('.')}\`.`;
  const lines = [
    `class ${name}:`,
    `    """${summary}"""`,
    '',
    `    def __init__(self, client: ${style.isAsync ? 'AsyncBaseClient' : 'BaseClient'}) -> None:`,
    '        self._client = client',
  ];
  for (const child of node.children)
    lines.push(
      `        self.${child.attribute} = ${style.raw ? twins(child, style.isAsync).raw : twins(child, style.isAsync).plain}(client)`,
    );
  if (!style.raw) {
    lines.push(
      '',
      '    @property',
      `    def with_raw_response(self) -> ${own.raw}:`,
      `        return ${own.raw}(self._client)`,
    );
    lines.push(
      '',
      '    @property',
      `    def with_streaming_response(self) -> ${own.streaming}:`,
      `        return ${own.streaming}(self._client)`,
    );
  }
  for (const method of node.methods)
    lines.push(
      '',
      methodCode(
        ir,
        names,
        method,
        style,
        'self._client',
        `client.${[...node.attributes, method.name].join('.')}`,
      ),
    );
  return lines.join('\n');
}
