/**
 * Where the IR's schemas are written: build-ir.ts tells the schema model the JSON pointer of each
 * operation's parameter, body, part, response and header schema as it finds them, so reading one
 * as a node (`ir.model.node(media.schema)`) needs no search of the document.
 */
import type { IrMedia, IrOperation } from './ir.js';
import type { OpenApiDocument } from './load.js';
import { escapePointerPart, locate } from './refs.js';
import type { SchemaModel } from './schema-model.js';

// The document is untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The node at a JSON pointer of the document (its parts `~`-escaped, never percent-encoded). */
function at(document: OpenApiDocument, pointer: string): Json {
  let node: Json = document;
  for (const part of pointer.split('/').slice(1)) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

export function placeSchemas(model: SchemaModel, document: OpenApiDocument, operations: IrOperation[]): void {
  const placeMedia = (media: IrMedia) => {
    model.place(media.schema, `${media.pointer}/schema`);
    const { node: schema, pointer } = locate(document, media.schema, `${media.pointer}/schema`);
    for (const part of media.parts ?? [])
      if (schema?.properties?.[part.name] === part.schema)
        model.place(part.schema, `${pointer}/properties/${escapePointerPart(part.name)}`);
  };
  for (const operation of operations) {
    for (const param of operation.allParameters) {
      const content =
        param.contentType === undefined
          ? undefined
          : Object.keys(at(document, param.pointer)?.content ?? {})[0];
      model.place(
        param.schema,
        content === undefined
          ? `${param.pointer}/schema`
          : `${param.pointer}/content/${escapePointerPart(content)}/schema`,
      );
    }
    for (const media of operation.body?.content ?? []) placeMedia(media);
    for (const response of operation.responses) {
      for (const media of response.content) placeMedia(media);
      const headers = at(document, response.pointer)?.headers ?? {};
      for (const header of response.headers) {
        const located = locate(
          document,
          headers[header.name],
          `${response.pointer}/headers/${escapePointerPart(header.name)}`,
        );
        model.place(header.schema, `${located.pointer}/schema`);
      }
    }
  }
}
