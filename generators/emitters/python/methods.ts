/**
 * The Python SDK's methods and resource classes: each operation's signature, typed per request
 * and response media type (overloads when the caller picks one with `content_type=` or
 * `accept=`), its one-line call into the runtime, and the `.with_raw_response` and
 * `.with_streaming_response` twins of every resource.
 */
import type { Ir, IrMedia } from '../../core/ir.js';
import { docText, pyString } from './naming.js';
import { allArguments, type Argument, type MethodPlan, type RequestVariant, type ResourcePlan } from './plan.js';
import { pythonType, union, type TypeNames } from './types.js';

/** The Python type an argument takes (before `NotGiven` for an optional one). */
function valueType(ir: Ir, names: TypeNames, arg: Argument): string {
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
        return pythonType(ir.document, names, arg.schema, '_types.');
    }
  }
  if (arg.part?.shape === 'file') return 'FileTypes';
  if (arg.part?.shape === 'files') return 'Sequence[FileTypes]';
  const type = pythonType(ir.document, names, arg.schema, '_types.');
  return arg.part && arg.part.headers.length > 0 ? `Union[${[...unionMembers(type), `PartWithHeaders[${type}]`].join(', ')}]` : type;
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
export function resultType(ir: Ir, names: TypeNames, media: IrMedia | undefined): string {
  if (!media) return 'None';
  switch (media.kind) {
    case 'json':
      return pythonType(ir.document, names, media.schema, '_types.');
    case 'text':
    case 'form':
      return 'str';
    case 'event-stream':
      return `Stream[ServerSentEvent[${media.stream?.dataIsJson ? pythonType(ir.document, names, media.stream.dataSchema ?? true, '_types.') : 'str'}]]`;
    case 'ndjson':
      return `Stream[${pythonType(ir.document, names, media.stream?.dataSchema ?? true, '_types.')}]`;
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
  const requests: Array<RequestVariant | undefined> = method.requests.length > 0 ? method.requests : [undefined];
  const responses: Array<IrMedia | undefined> = method.responses.length > 0 ? method.responses : [undefined];
  return requests.flatMap((request) => responses.map((response) => ({ request, response })));
}

function returnType(ir: Ir, names: TypeNames, method: MethodPlan, variant: Variant | undefined): { type: string; paged: boolean } {
  const { operation } = method;
  if (operation.pagination) return { type: `SyncCursorPage[${pythonType(ir.document, names, operation.pagination.itemSchema, '_types.')}]`, paged: true };
  if (variant) return { type: resultType(ir, names, variant.response), paged: false };
  return { type: union(variantsOf(method).map((each) => resultType(ir, names, each.response))), paged: false };
}

function docstring(method: MethodPlan, indent: string): string[] {
  const { operation } = method;
  const parts = [docText(operation.summary) ?? `${operation.method.toUpperCase()} ${operation.path}`];
  const description = docText(operation.description);
  if (description && description !== parts[0]) parts.push('', ...description.split('\n'));
  const documented = allArguments(method).filter((arg) => arg.description);
  const choices: string[] = [];
  if (method.contentTypeArg) choices.push(`    ${method.contentTypeArg}: the request body's media type: ${method.requests.map((request) => request.media.mediaType).join(', ')} (default the first).`);
  if (method.acceptArg) choices.push(`    ${method.acceptArg}: the response media type asked for (Accept): ${method.responses.map((media) => media.mediaType).join(', ')} (default the first).`);
  if (documented.length > 0 || choices.length > 0) {
    parts.push('', 'Args:');
    for (const arg of documented) parts.push(`    ${arg.name}: ${docText(arg.description)!.split('\n').join(' ')}`);
    parts.push(...choices);
  }
  if (operation.deprecated) parts.push('', 'Deprecated.');
  const lines = parts.map((line) => (line ? `${indent}${line}` : ''));
  lines[0] = `${indent}"""${lines[0].trimStart()}`;
  return lines.length === 1 ? [`${lines[0]}"""`] : [...lines, `${indent}"""`];
}

/** The parameters of one overload (a variant) or of the implementation (none). */
function signature(ir: Ir, names: TypeNames, method: MethodPlan, variant: Variant | undefined): string[] {
  const stub = variant !== undefined;
  const parts: string[] = ['self'];
  const positional = method.params.filter((arg) => arg.location === 'path');
  for (const arg of positional) parts.push(`${arg.name}: ${argumentType(ir, names, arg)}`);
  parts.push('*');
  const optional = (type: string) => `${type} = ${stub ? '...' : 'NOT_GIVEN'}`;
  for (const arg of method.params.filter((each) => each.location !== 'path')) parts.push(`${arg.name}: ${arg.required ? argumentType(ir, names, arg) : optional(argumentType(ir, names, arg))}`);
  const bodyArgs = variant ? (variant.request?.args ?? []) : allArguments(method).filter((arg) => arg.location === 'field' || arg.location === 'body');
  const several = variant === undefined && variantsOf(method).length > 1;
  for (const arg of bodyArgs) {
    // The implementation of overloads takes every body argument of every variant; the overloads type them.
    if (several) parts.push(`${arg.name}: Any = NOT_GIVEN`);
    else parts.push(`${arg.name}: ${arg.required ? argumentType(ir, names, arg) : optional(argumentType(ir, names, arg))}`);
  }
  const choice = (name: string | undefined, chosen: string | undefined, all: string[]) => {
    if (!name) return;
    if (chosen === undefined) parts.push(`${name}: str = ${pyString(all[0])}`);
    else parts.push(chosen === all[0] ? `${name}: Literal[${pyString(chosen)}] = ${stub ? '...' : pyString(chosen)}` : `${name}: Literal[${pyString(chosen)}]`);
  };
  choice(method.contentTypeArg, variant?.request?.media.mediaType, method.requests.map((request) => request.media.mediaType));
  choice(method.acceptArg, variant?.response?.mediaType, method.responses.map((media) => media.mediaType));
  if (method.options.includes('idempotency_key')) parts.push(`idempotency_key: Optional[str] = ${stub ? '...' : 'None'}`);
  parts.push(...['extra_headers: Optional[Mapping[str, str]]', 'timeout: Optional[float]', 'max_retries: Optional[int]'].map((part) => `${part} = ${stub ? '...' : 'None'}`));
  return parts;
}

/** The runtime call's arguments. */
function callArguments(method: MethodPlan, paged: boolean): string[] {
  const positional = method.params.filter((arg) => arg.location === 'path');
  const dict = (list: Argument[]) => `{${list.map((arg) => `${pyString(arg.wire)}: ${arg.name}`).join(', ')}}`;
  const call = [`_ops.${method.constant}`, `(${positional.map((arg) => arg.name).join(', ')}${positional.length === 1 ? ',' : ''})`];
  for (const [location, keyword] of [['query', 'query'], ['header', 'headers'], ['cookie', 'cookies']] as const) {
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
  call.push(`options=RequestOptions(extra_headers=extra_headers, timeout=timeout, max_retries=max_retries${method.options.includes('idempotency_key') ? ', idempotency_key=idempotency_key' : ''})`);
  return call;
}

/** One method: overloads when there are several ways to call it, then its signature and a one-line call into the runtime. */
export function methodCode(ir: Ir, names: TypeNames, method: MethodPlan, raw: boolean, client: string): string {
  const wrap = (type: string) => (raw ? `APIResponse[${type}]` : type);
  const variants = variantsOf(method);
  const lines: string[] = [];
  if (variants.length > 1 && !method.operation.pagination) {
    for (const variant of variants) {
      lines.push('    @overload', `    def ${method.name}(`, ...signature(ir, names, method, variant).map((part) => `        ${part},`), `    ) -> ${wrap(returnType(ir, names, method, variant).type)}: ...`, '');
    }
  }
  const { type, paged } = returnType(ir, names, method, variants.length === 1 ? variants[0] : undefined);
  const runtimeMethod = `request${paged ? '_page' : ''}${raw ? '_raw' : ''}`;
  lines.push(
    `    def ${method.name}(`,
    ...signature(ir, names, method, undefined).map((part) => `        ${part},`),
    `    ) -> ${wrap(type)}:`,
    ...docstring(method, '        '),
    `        return ${client}.${runtimeMethod}(`,
    ...callArguments(method, paged).map((part) => `            ${part},`),
    '        )',
  );
  return lines.join('\n');
}

export function flatten(node: ResourcePlan): ResourcePlan[] {
  return [node, ...node.children.flatMap(flatten)];
}

/** A resource's twin whose methods return `with` blocks over unread responses (wrapping the raw twin's methods). */
export function streamingClass(node: ResourcePlan, clientType = 'BaseClient'): string {
  const where = node.chain.length > 0 ? `client.${node.chain.join('.')}` : 'client';
  const summary = `\`${where}.with_streaming_response\`: every method returns a \`with\` block over an APIResponse whose body is not read yet (\`iter_bytes()\`, \`iter_lines()\`, \`parse()\`).`;
  const lines = [`class ${node.streamingClassName}:`, `    """${summary}"""`, '', `    def __init__(self, client: ${clientType}) -> None:`];
  if (node.methods.length > 0) lines.push(`        raw = ${node.rawClassName}(client)`);
  for (const child of node.children) lines.push(`        self.${child.attribute} = ${child.streamingClassName}(client)`);
  for (const method of node.methods) lines.push(`        self.${method.name} = to_streamed_response_wrapper(raw.${method.name})`);
  if (node.methods.length === 0 && node.children.length === 0) lines.push('        pass');
  return lines.join('\n');
}

export function resourceClass(ir: Ir, names: TypeNames, node: ResourcePlan, raw: boolean): string {
  const name = raw ? node.rawClassName : node.className;
  const summary = raw ? `\`${node.chain.join('.')}\` with every method returning an APIResponse (headers, request ID, rate limit; \`.parse()\` for the result).` : `\`client.${node.chain.join('.')}\`.`;
  const lines = [`class ${name}:`, `    """${summary}"""`, '', '    def __init__(self, client: BaseClient) -> None:', '        self._client = client'];
  for (const child of node.children) lines.push(`        self.${child.attribute} = ${raw ? child.rawClassName : child.className}(client)`);
  if (!raw) {
    lines.push('', '    @property', `    def with_raw_response(self) -> ${node.rawClassName}:`, `        return ${node.rawClassName}(self._client)`);
    lines.push('', '    @property', `    def with_streaming_response(self) -> ${node.streamingClassName}:`, `        return ${node.streamingClassName}(self._client)`);
  }
  for (const method of node.methods) lines.push('', methodCode(ir, names, method, raw, 'self._client'));
  return lines.join('\n');
}
