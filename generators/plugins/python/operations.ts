/**
 * The Python SDK's `_operations.py`: one `Operation` per API operation, the wire plan of
 * generators/sdk-shape/ spelled as Python data the runtime reads (parameters with their styles,
 * request media types with their parts, response media types with where date-times sit), so the
 * Python SDK and the TypeScript client put the same bytes on the wire for the same call.
 */
import type { Ir, IrMedia } from '../../core/ir.js';
import {
  sdkShape,
  wirePaging,
  type OperationAuth,
  type WireBody,
  type WireMedia,
  type WireParam,
  type WirePart,
} from '../../sdk-shape/index.js';
import { pyString } from './naming.js';
import type { PythonPlan } from './plan.js';
import type { Shapes } from './shapes.js';
import { pythonLiteral } from './values.js';

const DEFAULT_STYLE: Record<WireParam['in'], string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

function paramCode(param: WireParam): string {
  const fields = [pyString(param.name), pyString(param.in)];
  if (param.style !== DEFAULT_STYLE[param.in]) fields.push(`style=${pyString(param.style)}`);
  if (param.explode !== (param.style === 'form')) fields.push(`explode=${param.explode ? 'True' : 'False'}`);
  if (param.shape !== 'primitive') fields.push(`shape=${pyString(param.shape)}`);
  if (param.json) fields.push('json=True');
  if (param.allowReserved) fields.push('allow_reserved=True');
  if (param.allowEmptyValue) fields.push('allow_empty_value=True');
  return `Param(${fields.join(', ')})`;
}

function partCode(part: WirePart, body: WireBody): string {
  const fields = [pyString(part.name), pyString(part.shape)];
  if (part.contentType) fields.push(`content_type=${pyString(part.contentType)}`);
  if (part.headers && part.headers.length > 0)
    fields.push(`headers=(${part.headers.map(pyString).join(', ')},)`);
  // Style-based when `encoding` says so (a form field's style that is not the default says so too).
  if (part.styled || (body.kind === 'form' && part.style !== undefined)) fields.push('styled=True');
  if (part.style !== undefined) fields.push(`style=${pyString(part.style)}`);
  if (part.explode !== undefined) fields.push(`explode=${part.explode ? 'True' : 'False'}`);
  if (part.allowReserved) fields.push('allow_reserved=True');
  return `Part(${fields.join(', ')})`;
}

/** Example: `Auth("header", "X-Key")`, `Auth("bearer", optional=True)`. The CSRF header is the TypeScript client's (browsers); Python sends the session cookie only. */
function authCode(auth: OperationAuth): string {
  const fields = [pyString(auth.kind)];
  if ('name' in auth) fields.push(pyString(auth.name));
  if (auth.optional) fields.push('optional=True');
  return `Auth(${fields.join(', ')})`;
}

function tuple(items: string[], indent: string): string {
  if (items.length === 0) return '()';
  if (items.length === 1) return `(${items[0]},)`;
  return `(\n${items.map((item) => `${indent}    ${item},`).join('\n')}\n${indent})`;
}

function mediaCode(media: WireMedia, ir: IrMedia | undefined, shapes: Shapes): string {
  const fields = [pyString(media.mediaType), pyString(media.kind)];
  const schema =
    media.kind === 'json'
      ? ir?.schema
      : media.kind === 'ndjson' || (media.kind === 'event-stream' && media.dataIsJson)
        ? ir?.stream?.dataSchema
        : undefined;
  const shape = schema !== undefined ? shapes.of(schema) : undefined;
  if (shape) fields.push(`shape=${pythonLiteral(shape)}`);
  if (media.dataIsJson) fields.push('data_is_json=True');
  return `Media(${fields.join(', ')})`;
}

export function operationsFile(ir: Ir, plan: PythonPlan, shapes: Shapes): string {
  const shape = sdkShape(ir);
  const registry = shapes.registry(ir.schemas.map((schema) => schema.name));
  const body: string[] = [
    `SHAPES: Dict[str, Shape] = ${pythonLiteral(registry)}`,
    '"""Named schemas that hold date-times, and where."""',
  ];
  for (const method of plan.methods) {
    const { operation } = method;
    const wire = shape.of(operation).wire;
    const success = operation.responses.find((response) => response.status === operation.successStatus);
    const fields = [`method=${pyString(operation.method.toUpperCase())}`, `path=${pyString(operation.path)}`];
    const params = wire.params.filter(
      (param) => !(param.in === 'header' && param.name === operation.idempotencyHeader),
    );
    if (params.length > 0) fields.push(`params=${tuple(params.map(paramCode), '    ')}`);
    if (wire.bodies.length > 0) {
      const bodies = wire.bodies.map((wireBody, index) => {
        const parts = (wireBody.parts ?? []).map((part) => partCode(part, wireBody));
        const request = method.requests[index];
        const mode = request?.mode === 'merged' ? ', mode="fields"' : '';
        const needed = (request?.args ?? [])
          .filter((arg) => arg.requiredInBody)
          .map((arg) => pyString(arg.wire));
        const required = needed.length > 0 ? `, required=(${needed.join(', ')},)` : '';
        return `Body(${pyString(wireBody.mediaType)}, ${pyString(wireBody.kind)}${parts.length > 0 ? `, parts=${tuple(parts, '            ')}` : ''}${mode}${required})`;
      });
      fields.push(`bodies=${tuple(bodies, '    ')}`);
      if (operation.body?.required) fields.push('body_required=True');
    }
    if (wire.success.length > 0)
      fields.push(
        `responses=${tuple(
          wire.success.map((media, index) => mediaCode(media, success?.content[index], shapes)),
          '    ',
        )}`,
      );
    if (wire.resumeHeader) fields.push(`resume_header=${pyString(wire.resumeHeader)}`);
    if (wire.match)
      fields.push(
        `match=(${pyString(wire.match.in)}, ${pyString(wire.match.name)}, ${pyString(wire.match.value)})`,
      );
    if (wire.redirects) fields.push(`redirects=(${wire.redirects.join(', ')},)`);
    if (operation.idempotencyHeader)
      fields.push(`idempotency_header=${pyString(operation.idempotencyHeader)}`);
    const ownServer = shape.of(operation).baseUrl;
    if (ownServer !== undefined) fields.push(`base_url=${pyString(ownServer)}`);
    if (wire.auth) fields.push(`auth=${authCode(wire.auth)}`);
    const paging = operation.pagination;
    if (paging)
      fields.push(
        `pagination=${pagingSpecCode(paging.style === 'cursor' ? 'PaginationSpec' : 'PageSpec', wirePaging(paging))}`,
      );
    body.push(
      '',
      `${method.constant} = Operation(\n${fields.map((field) => `    ${field},`).join('\n')}\n)`,
      `"""${operation.method.toUpperCase()} ${operation.path}"""`,
    );
  }
  if (ir.webhooks) {
    const members = ir.webhooks.events
      .map((event) => shapes.of(event.schema))
      .filter((member) => member !== undefined);
    const webhookShape =
      members.length === 0 ? undefined : members.length === 1 ? members[0] : { union: members };
    body.push(
      '',
      `WEBHOOK_EVENT_SHAPE: Optional[Shape] = ${webhookShape ? pythonLiteral(webhookShape) : 'None'}`,
    );
  }
  const code = body.join('\n');
  const typing = ir.webhooks ? ['Dict', 'Optional'] : ['Dict'];
  const core = [
    ...['Auth', 'Body', 'Media', 'Operation', 'PageSpec', 'PaginationSpec', 'Param', 'Part'].filter((name) =>
      code.includes(`${name}(`),
    ),
    'Shape',
  ].sort();
  return [
    '"""One Operation per API operation: its parameters and their styles, request and response media types, idempotency, paging, and where response date-times sit."""',
    '',
    'from __future__ import annotations',
    '',
    `from typing import ${typing.join(', ')}`,
    '',
    `from ._core import ${core.join(', ')}`,
    '',
    '',
    code,
    '',
  ].join('\n');
}

/** The wire paging spec as Python: `PaginationSpec(data_field="data", …)` for our cursor envelope, `PageSpec(style="offset", items=("data",), …)` for the rest. */
function pagingSpecCode(
  className: 'PaginationSpec' | 'PageSpec',
  spec: ReturnType<typeof wirePaging>,
): string {
  const value = (each: unknown): string =>
    Array.isArray(each)
      ? `(${each
          .map((part) => `${pyString(String(part))}, `)
          .join('')
          .replace(/, $/, each.length === 1 ? ',' : '')})`
      : typeof each === 'number'
        ? String(each)
        : pyString(String(each));
  const fields = Object.entries(spec).map(
    ([key, each]) => `${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}=${value(each)}`,
  );
  return `${className}(${fields.join(', ')})`;
}
