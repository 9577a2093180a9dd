/** The spec's error body, built in one place. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundedError, type ErrorDetails } from '../generated/server/index.js';

export type ErrorSender = (
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  param?: string | null,
) => FastifyReply;

/** Every error body, the plugin's and the handlers', passes the plugin's one bound on echoed input. */
export function errorBody(details: ErrorDetails, request: { id: string }) {
  const error = boundedError(details);
  return {
    object: 'error' as const,
    code: error.code,
    message: error.message,
    param: error.param,
    request_id: request.id,
  };
}

/** Sends an error in the spec's format (serialised as is, never trimmed by a response schema). */
export const sendError: ErrorSender = (reply, request, status, code, message, param = null) =>
  reply
    .code(status)
    .type('application/json')
    .serializer(JSON.stringify)
    .send(errorBody({ status, code, message, param }, request));
