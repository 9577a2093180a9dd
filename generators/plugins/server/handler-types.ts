/**
 * The typed handlers' route interfaces (`server/routes.ts`): per operation its path, query,
 * header and cookie parameters, its body per request media type and its reply per status and
 * media type, as Fastify's `RouteGenericInterface` reads them.
 */
import { StructureKind, type InterfaceDeclarationStructure, type WriterFunction } from 'ts-morph';
import type { IrMedia, IrOperation } from '../../core/ir.js';
import { operationType as pathType, stringLiteral } from '../../core/naming.js';

/** The Body type of one request media type, as the handler gets it. */
function bodyType(operation: IrOperation, media: IrMedia): string {
  const declared = `NonNullable<${pathType(operation)}['requestBody']>['content'][${stringLiteral(media.mediaType)}]`;
  switch (media.kind) {
    case 'json':
    case 'form':
      return declared;
    case 'multipart': {
      const one = (media.parts ?? [])
        .filter((part) => part.shape === 'file')
        .map((part) => stringLiteral(part.name));
      const many = (media.parts ?? [])
        .filter((part) => part.shape === 'files')
        .map((part) => stringLiteral(part.name));
      return one.length + many.length > 0
        ? `UploadedBody<${declared}, ${one.join(' | ') || 'never'}${many.length > 0 ? `, ${many.join(' | ')}` : ''}>`
        : declared;
    }
    case 'text':
      return 'string';
    default:
      return 'Readable';
  }
}

/** What a handler returns for one response media type. */
function replyType(operation: IrOperation, status: string, media: IrMedia): string {
  const declared = `${pathType(operation)}['responses'][${/^\d+$/.test(status) ? status : stringLiteral(status)}]['content'][${stringLiteral(media.mediaType)}]`;
  switch (media.kind) {
    case 'json':
      return declared;
    case 'text':
    case 'form':
      return 'string';
    case 'multipart': {
      const names = (shape: 'file' | 'files') =>
        (media.parts ?? []).filter((part) => part.shape === shape).map((part) => stringLiteral(part.name));
      return `MultipartAnswer<${declared}, ${names('file').join(' | ') || 'never'}, ${names('files').join(' | ') || 'never'}>`;
    }
    case 'event-stream': {
      const data =
        media.stream?.dataSchema !== undefined ? declared : media.stream?.dataIsJson ? 'unknown' : 'string';
      return `AsyncIterable<SseEvent<${data}> | ${data}> | Iterable<SseEvent<${data}> | ${data}>`;
    }
    case 'ndjson': {
      const record = media.stream?.dataSchema !== undefined ? declared : 'unknown';
      return `AsyncIterable<${record}> | Iterable<${record}>`;
    }
    default:
      return 'Buffer | Uint8Array | Readable | string';
  }
}

/** Example: `export interface CreateSubjectRoute extends RouteGenericInterface { Body: ...; Reply: { 201: ... } }` */
export function routeInterface(operation: IrOperation, name: string): InterfaceDeclarationStructure {
  const op = pathType(operation);
  const properties: Array<{ name: string; type: string | WriterFunction }> = [];
  if (operation.body) {
    const types = operation.body.content.map((media) => bodyType(operation, media));
    properties.push({
      name: 'Body',
      type: `${[...new Set(types)].join(' | ')}${operation.body.required ? '' : ' | undefined'}`,
    });
  }
  if (operation.parameters.query.length)
    properties.push({ name: 'Querystring', type: `NonNullable<${op}['parameters']['query']>` });
  if (operation.parameters.path.length)
    properties.push({ name: 'Params', type: `${op}['parameters']['path']` });
  if (operation.parameters.header.length)
    properties.push({ name: 'Headers', type: `LowercaseKeys<NonNullable<${op}['parameters']['header']>>` });
  const replies = operation.responses
    .filter((response) => response.status !== 'default')
    .map((response) => {
      const key = /^\d+$/.test(response.status)
        ? response.status
        : stringLiteral(response.status.toLowerCase());
      const types = response.content.map((media) => replyType(operation, response.status, media));
      const type = types.length > 0 ? [...new Set(types)].join(' | ') : 'undefined';
      return `${key}: ${type};`;
    });
  properties.push({
    name: 'Reply',
    type: replies.length
      ? (writer) => writer.block(() => replies.forEach((line) => writer.writeLine(line)))
      : 'unknown',
  });
  return {
    kind: StructureKind.Interface,
    name,
    isExported: true,
    extends: ['RouteGenericInterface'],
    docs: [`\`${operation.method.toUpperCase()} ${operation.path}\` (${operation.id})`],
    properties,
  };
}
