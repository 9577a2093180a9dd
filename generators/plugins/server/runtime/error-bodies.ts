/**
 * Error bodies in the spec's own error schema. At generation the server plugin draws, for each
 * documented JSON error response, a body of its schema and marks where the error's details go
 * (error-templates.ts, checked there with Ajv); here a template becomes a body. Without a
 * template (the spec documents no JSON error schema) the body is `{ code, message, param }`.
 */
import { defaultErrorBody, type ErrorDetails } from './errors.js';

/** A place in a template's body that takes one of the error's details. */
export interface ErrorSlot {
  /** Keys and array indexes from the body's root, e.g. ["error", "message"]. */
  at: Array<string | number>;
  with: 'message' | 'code' | 'status';
  /** The schema's maxLength for a message slot (found by Ajv at generation): longer messages are cut. */
  maxLength?: number | undefined;
}

/** One documented error schema as a body drawn from it, with the places its details go. */
export interface ErrorTemplate {
  mediaType: string;
  body: unknown;
  fill: ErrorSlot[];
  /** Where the schema is documented (the response's media type object), for whoever reads routes.json. */
  pointer: string;
}

/**
 * Every template, and which applies where: per route `errorResponses` (status, `4xx`, `default` ->
 * template index), and `document`, the same keys for answers no operation's responses decide
 * (unknown routes, framework errors), each the template most operations use for it, plus `any`.
 */
export interface ErrorTemplateTable {
  templates: ErrorTemplate[];
  document: Record<string, number>;
}

/** An error answer: its body and media type. */
export interface RenderedError {
  body: unknown;
  mediaType: string;
}

/** Renders an error for a request, knowing (when there is one) the operation's documented error responses. */
export type ErrorRenderer = (
  error: ErrorDetails,
  request: { id: string },
  errorResponses?: Record<string, number>,
) => RenderedError;

/** The index of the template that answers a status among some responses: the exact status, its range, default. */
export function templateIndex(responses: Record<string, number>, status: number): number | undefined {
  for (const key of [String(status), `${String(status)[0]}xx`, 'default'])
    if (key in responses) return responses[key];
  return undefined;
}

/** The template for a status: the operation's exact, range, default; then the document's; then the document's most used. */
export function templateFor(
  table: ErrorTemplateTable,
  status: number,
  errorResponses?: Record<string, number>,
): ErrorTemplate | undefined {
  const index =
    (errorResponses && templateIndex(errorResponses, status)) ??
    templateIndex(table.document, status) ??
    table.document.any;
  return index === undefined ? undefined : table.templates[index];
}

const cut = (text: string, most: number | undefined) =>
  most === undefined || text.length <= most ? text : `${text.slice(0, Math.max(0, most - 1))}…`;

/** The template's body with the error's (already bounded) details in its slots. */
export function bodyFromTemplate(template: ErrorTemplate, error: ErrorDetails): unknown {
  let body = structuredClone(template.body);
  for (const slot of template.fill) {
    const value =
      slot.with === 'status'
        ? error.status
        : slot.with === 'code'
          ? error.code
          : cut(error.message, slot.maxLength);
    if (slot.at.length === 0) {
      body = value; // the schema is a plain string: the body is the message
      continue;
    }
    let holder = body as Record<string | number, unknown>;
    for (const key of slot.at.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
    holder[slot.at[slot.at.length - 1]!] = value;
  }
  return body;
}

/** The renderer: the implementer's `errorBody` when given (JSON), else the spec's templates. */
export function errorRenderer(
  table: ErrorTemplateTable,
  errorBody?: (error: ErrorDetails, request: { id: string }) => unknown,
): ErrorRenderer {
  if (errorBody)
    return (error, request) => ({ body: errorBody(error, request), mediaType: 'application/json' });
  return (error, _request, errorResponses) => {
    const template = templateFor(table, error.status, errorResponses);
    return template
      ? { body: bodyFromTemplate(template, error), mediaType: template.mediaType }
      : { body: defaultErrorBody(error), mediaType: 'application/json' };
  };
}

/** No templates: every error is `{ code, message, param }`. */
export const NO_TEMPLATES: ErrorTemplateTable = { templates: [], document: {} };
