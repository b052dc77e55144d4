/**
 * A refusal a trader can act on: a translation key, an English message and the HTTP status
 * the route answers with. Domain code throws it; routes turn it into an ApiError answer.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
