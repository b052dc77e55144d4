import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the server log must never hold: one-time keys in URLs (autologin), the
 * query strings of card and listen routes, and any card field an object logged by mistake
 * might carry. Applied by buildApp to whatever logger options it is given.
 */

/** Routes whose query string is dropped from the log whole: sign-in keys, card pages, listens. */
const SENSITIVE_PATH = /^(\/[a-z]{2})?\/autologin\/?$|^\/api\/(autologin|card|vload|entro|payconcept|shape|zoom)(\/|$)|^\/sandbox\/card\/|\/listen(\/|$)/i;

/** Query parameters whose value is dropped anywhere else. */
const SENSITIVE_PARAM = /^(key|token|ticket|password|pass|pan|cvv|cvc|cvv2|cnu|number|card|card_number|cardnumber)$/i;

/** Card and secret field names redacted in any logged object (to two levels below the top). */
const SECRET_FIELDS = ['cnu', 'cvv', 'cvc', 'cvv2', 'pan', 'number', 'card', 'cardNumber', 'card_number', 'password', 'key', 'ticket', 'token'];

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-sandbox-operator"]',
  'req.headers["x-chat-token"]',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** The URL as the log keeps it: no query on sensitive routes, no secret parameter anywhere. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (SENSITIVE_PATH.test(path)) return `${path}?[redacted]`;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SENSITIVE_PARAM.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : url;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: typeof request.url === 'string' ? loggedUrl(request.url) : request.url,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

type LoggerOption = FastifyServerOptions['logger'];

/** `logger` with the redaction and the request serializer added (false stays false). */
export function safeLogger(logger: LoggerOption): LoggerOption {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: { ...options.serializers, ...serializers },
  };
}

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a caller's), else a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's request-id options: the request's id (`reqId` on every log line of the request) is
 * the incoming `x-request-id` when well formed (8 to 128 of letters, digits and . _ : -), else a
 * random UUID. installRequestLog echoes it in the answer's `x-request-id`.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const sent = request.headers['x-request-id'];
    return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  },
};

const current = new AsyncLocalStorage<FastifyBaseLogger>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Echoes the request id and makes the request's child logger (request.log, which carries
 * `reqId`) the current one for everything the request runs, through AsyncLocalStorage: code
 * given `requestLogger(app.log)` (the platform mirror, the card outcome log) logs with the
 * request's id when it runs for a request, and with the app's logger otherwise. The body is
 * parsed outside the request's async context, so preValidation re-enters it (as
 * @fastify/request-context does).
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    current.run(request.log, () => {
      scopes.set(request, new AsyncResource('request-log'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}

/** The logger of the request being served, if any. */
export const currentRequestLog = (): FastifyBaseLogger | undefined => current.getStore();

export interface DomainLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/** A logger for code outside the routes: the current request's (with its reqId) when there is one, else `base`. */
export function requestLogger(base: FastifyBaseLogger): DomainLog {
  const log = () => current.getStore() ?? base;
  return {
    info: (obj, message) => log().info(obj, message),
    warn: (obj, message) => log().warn(obj, message),
    error: (obj, message) => log().error(obj, message),
  };
}
