import type { FastifyServerOptions } from 'fastify';

/**
 * What the server log must never hold (issue 11): one-time keys in URLs (autologin), the
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
