import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Refusal } from '../domain/refusal';

export const notFound = (message = 'Not found.'): Refusal => new Refusal(404, 'not_found', message);

/** A refusal (server/domain/refusal.ts) as its answer: the status, its headers and the ApiError body. */
export function sendError(reply: FastifyReply, refusal: Refusal): FastifyReply {
  if (refusal.headers) reply.headers(refusal.headers);
  return reply.code(refusal.status).type('application/json; charset=utf-8').send(refusal.body);
}

/** Fastify's own client errors (body parsing, limits, media type, bad URL) as ApiError answers. */
function frameworkError(error: FastifyError): Refusal | null {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status > 499) return null;
  if (status === 413) return new Refusal(413, 'too_large', 'The request body is too large.');
  if (status === 415) return new Refusal(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new Refusal(400, 'bad_json', 'The request body is not valid JSON.');
  }
  return new Refusal(status, status === 404 ? 'not_found' : 'bad_request', error.message || 'Bad request.');
}

/** Any thrown error as the refusal to answer with; unexpected errors are logged, never shown (a 500 of the same shape). */
export function toRefusal(error: FastifyError | Error, request: FastifyRequest): Refusal {
  if (error instanceof Refusal) return error;
  const known = frameworkError(error as FastifyError);
  if (known) return known;
  request.log.error({ err: error }, 'unhandled error');
  return new Refusal(500, 'server_error', 'Something went wrong on our side. Please try again.');
}

/** The one error handler: every refusal, and every 4xx/5xx, answers as an ApiError. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, toRefusal(error, request));
}
