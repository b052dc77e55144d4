import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../core/contract';

/**
 * An answer with the contract's ApiError body: `error` is a translation key the client
 * knows, `message` an English text it shows when it has no translation.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** extra headers, e.g. Retry-After */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ApiError {
    return { error: this.key, message: this.message, ...(this.fields && { fields: this.fields }) };
  }
}

export const notFound = (message = 'Not found.'): HttpError => new HttpError(404, 'not_found', message);

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.body);
}

/** Fastify's own client errors (body parsing, limits, media type, bad URL) as ApiError answers. */
function frameworkError(error: FastifyError): HttpError | null {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status > 499) return null;
  if (status === 413) return new HttpError(413, 'too_large', 'The request body is too large.');
  if (status === 415) return new HttpError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new HttpError(400, 'bad_json', 'The request body is not valid JSON.');
  }
  return new HttpError(status, status === 404 ? 'not_found' : 'bad_request', error.message || 'Bad request.');
}

/** Any thrown error as the HttpError to answer with; unexpected errors are logged, never shown. */
export function toHttpError(error: FastifyError | Error, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  const known = frameworkError(error as FastifyError);
  if (known) return known;
  request.log.error({ err: error }, 'unhandled error');
  return new HttpError(500, 'server_error', 'Something went wrong on our side. Please try again.');
}

/** The one error handler: every 4xx/5xx body is an ApiError. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, toHttpError(error, request));
}
