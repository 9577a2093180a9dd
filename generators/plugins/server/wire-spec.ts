/**
 * The route table's wire facts for the server stubs' plugin (runtime/wire.ts): parameters whose
 * spelling Fastify's parsers do not read, the path in parts when path parameters are read from
 * the raw path, request media types other than one JSON type (with the schema their decoded body
 * is validated with), and response media types for `Accept` negotiation and writing. Routes that
 * are plain JSON with simple parameters get none of these, so they cost nothing at run time.
 */
import type { Ir, IrMedia, IrOperation, IrPart, JsonSchema } from '../../core/ir.js';
import { sideSchema } from '../../core/schema-dialect.js';
import { hiddenProperties } from '../../core/values/sides.js';
import { textChoices } from './text-choices.js';
import {
  decodingParam as wireParam,
  objectInfo,
  sdkShape,
  sentAsJson,
  wirePart as sendingPart,
} from '../../sdk-shape/index.js';
import type { WireParam } from '../../core/param-decoding.js';
import type { WireBody, WireMedia, WirePart } from './runtime/route-spec.js';
import type { AnswerPart } from './runtime/multipart-answers.js';

/** Whether a path parameter must be read from the raw path: any style but simple primitives, or text glued to it. */
function pathNeedsDecoding(operation: IrOperation): boolean {
  const parts = operation.template.parts;
  const glued = parts.some((part, index) => {
    if (!('param' in part)) return false;
    const before = parts[index - 1];
    const after = parts[index + 1];
    return (
      (before && 'literal' in before && !before.literal.endsWith('/')) ||
      (after && 'literal' in after && !after.literal.startsWith('/'))
    );
  });
  return (
    glued ||
    operation.parameters.path.some(
      (param) =>
        param.style !== 'simple' ||
        param.shape === 'array' ||
        param.shape === 'object' ||
        Boolean(param.contentType),
    )
  );
}

export function wireParams(
  ir: Ir,
  operation: IrOperation,
  side: { $id: string } | undefined,
): { wireParams?: WireParam[]; pathParts?: Array<string | { param: string }> } {
  const { parameters } = operation;
  const decodePath = pathNeedsDecoding(operation);
  const chosen = [
    ...(decodePath ? parameters.path : []),
    // Every query parameter: the plugin reads the query string as clients spell it, for every style.
    ...parameters.query,
    ...parameters.header.filter(
      (param) => param.shape === 'array' || param.shape === 'object' || Boolean(param.contentType),
    ),
    ...parameters.cookie,
  ];
  return {
    ...(chosen.length > 0
      ? {
          wireParams: chosen.map((param) => ({
            ...wireParam(ir, param),
            // JSON text: validated as decoded, without coercion, as a request body (emit.ts, `jsonParamSlot`).
            ...(sentAsJson(param) ? { schema: sideSchema(param.schema, ir, side) as object } : {}),
          })),
        }
      : {}),
    ...(decodePath
      ? {
          pathParts: operation.template.parts.map((part) =>
            'param' in part ? { param: part.param } : part.literal,
          ),
        }
      : {}),
  };
}

/** The part schema the decoded body is validated with: a file stands as `true` (its size is a limit, not a schema). */
function validationSchema(ir: Ir, media: IrMedia, side: { $id: string } | undefined): object | undefined {
  const standaloneSchema = (schema: JsonSchema, _ir: Ir) => sideSchema(schema, ir, side);
  if (media.kind === 'binary' || media.kind === 'event-stream' || media.kind === 'ndjson') return undefined;
  // Text that is not a string schema is a document (XML): its schema describes its structure, which is not parsed here.
  if (media.kind === 'text')
    return ir.model.shape(media.schema) === 'primitive'
      ? (standaloneSchema(media.schema, ir) as object)
      : undefined;
  // A form body is validated whole, unless a field is JSON (see below); its fields are text.
  if (media.kind === 'form' && !media.parts?.some((part) => part.json))
    return textChoices(standaloneSchema(media.schema, ir)) as object;
  if (media.kind !== 'multipart' && media.kind !== 'form')
    return standaloneSchema(media.schema, ir) as object;
  const flat = ir.model.flatten(media.schema);
  if (!flat || typeof flat !== 'object' || !flat.properties)
    return standaloneSchema(media.schema, ir) as object;
  const properties = Object.fromEntries(
    Object.entries<JsonSchema>(flat.properties).map(([name, schema]) => {
      const part = media.parts?.find((candidate) => candidate.name === name);
      // A JSON part is validated on its own (WirePart.schema), as a JSON body is: its text carries
      // its types, so the coercing validator of fields, which also fills defaults, must not touch it.
      if (part?.shape === 'file' || part?.json) return [name, true];
      if (part?.shape === 'files')
        return [
          name,
          { type: 'array', items: true, ...(part.maxFiles !== undefined ? { maxItems: part.maxFiles } : {}) },
        ];
      return [name, textChoices(standaloneSchema(schema, ir))];
    }),
  );
  const { allOf: _allOf, ...rest } = flat;
  // Flattened, the fields' object is no longer the shared schema's, whose request side leaves a
  // readOnly property unrequired: that is done here (gsmtasks' Account, `billing_method` readOnly
  // beside its $ref, in a form or multipart body).
  const serverSet = hiddenProperties('request', ir.model.node(media.schema));
  const required = Array.isArray(rest.required)
    ? { required: (rest.required as string[]).filter((name) => !serverSet.has(name)) }
    : {};
  return standaloneSchema({ ...rest, ...required, type: 'object', properties }, ir) as object;
}

function wirePart(ir: Ir, part: IrPart, side: { $id: string } | undefined): WirePart {
  return {
    name: part.name,
    shape: part.shape,
    ...(part.json ? { schema: sideSchema(part.schema, ir, side) as object } : {}),
    ...(part.styled
      ? {
          styled: true as const,
          style: part.style,
          explode: part.explode,
          ...(part.shape === 'object' ? { properties: objectInfo(ir, part.schema).properties ?? [] } : {}),
        }
      : {}),
    ...(part.json ? { json: true as const } : {}),
    ...(part.maxBytes !== undefined ? { maxBytes: part.maxBytes } : {}),
    ...(part.maxFiles !== undefined ? { maxFiles: part.maxFiles } : {}),
  };
}

/** Request media types, unless the operation takes exactly one JSON media type (Fastify validates that itself). */
export function wireBodies(ir: Ir, operation: IrOperation, side?: { $id: string }): WireBody[] | undefined {
  const content = operation.body?.content ?? [];
  if (
    content.length === 0 ||
    (content.length === 1 &&
      content[0].kind === 'json' &&
      content[0].mediaType.split(';')[0].trim().toLowerCase() === 'application/json')
  )
    return undefined;
  return content.map((media) => {
    const schema = validationSchema(ir, media, side);
    const binaryLimit = media.kind === 'binary' ? ir.model.flatten(media.schema)?.maxLength : undefined;
    return {
      mediaType: media.mediaType,
      kind: media.kind,
      ...(schema ? { schema } : {}),
      ...(media.parts ? { parts: media.parts.map((part) => wirePart(ir, part, side)) } : {}),
      ...(typeof binaryLimit === 'number' ? { maxBytes: binaryLimit } : {}),
    };
  });
}

/** Response media types per status, when any response is not exactly one JSON media type. */
export function wireResponses(ir: Ir, operation: IrOperation): Record<string, WireMedia[]> | undefined {
  // A JSON response whose value may be a string goes through the writer too: Fastify sends a string as it is, not as JSON.
  const objectLike = (media: IrMedia) => ['object', 'array'].includes(ir.model.shape(media.schema));
  const plain = operation.responses.every(
    (response) =>
      response.content.length === 0 ||
      (response.content.length === 1 &&
        response.content[0].mediaType.split(';')[0].trim().toLowerCase() === 'application/json' &&
        objectLike(response.content[0])),
  );
  if (plain) return undefined;
  const wire = sdkShape(ir).of(operation).wire;
  return Object.fromEntries(
    wire.responses
      .filter((response) => response.media.length > 0)
      .map((response) => {
        const declared = operation.responses.find((candidate) => candidate.status === response.status);
        return [
          response.status,
          response.media.map((media, index) => {
            const parts = declared?.content[index]?.parts;
            return media.kind === 'multipart' && parts ? { ...media, parts: parts.map(answerPart) } : media;
          }),
        ];
      }),
  );
}

/** A part of a multipart answer, as the stubs write it: as the SDKs send one (files and JSON with their media types). */
function answerPart(part: IrPart): AnswerPart {
  const { name, shape, contentType } = sendingPart(part, 'multipart');
  return { name, shape, ...(contentType !== undefined ? { contentType } : {}) };
}
