/** A refusal the routes answer as 4xx ApiError (key for the client's translation, English message). */
export class PaymentError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
