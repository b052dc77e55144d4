import type { ApiError } from '../../core/contract';

/** What a refusal may carry besides its status, key and message. */
export interface RefusalDetails {
  /** the fields it is about (field name → translation key), for a form to mark */
  fields?: Record<string, string>;
  /** headers of the answer, e.g. Retry-After or Allow */
  headers?: Record<string, string>;
  /** the values the client's translation of `key` puts in its text ({limit}, {resets}, …) */
  params?: Record<string, string>;
}

/**
 * The one refusal type: every answer that is not a success, whoever gives it (the domain, a
 * route, the HTTP layer, the sandbox). `key` is the error code the client reads and translates
 * (`promo.used_up`), `message` the English text it shows when it has no translation, `status`
 * the HTTP status. server/http/errors.ts maps it to the ApiError answer in one place: the
 * error handler; no other error class carries an HTTP status (scripts/refusal.test.ts).
 */
export class Refusal extends Error {
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly params?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.name = 'Refusal';
    if (details.fields) this.fields = details.fields;
    if (details.headers) this.headers = details.headers;
    if (details.params) this.params = details.params;
  }

  /** The ApiError body of the answer. */
  get body(): ApiError {
    return { error: this.key, message: this.message, ...(this.fields && { fields: this.fields }), ...(this.params && { params: this.params }) };
  }

  /** The same refusal without its fields (for an answer that never carried them). */
  withoutFields(): Refusal {
    return this.fields ? new Refusal(this.status, this.key, this.message, { headers: this.headers, params: this.params }) : this;
  }
}
