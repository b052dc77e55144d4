import { HttpError } from '../http/errors';
import { Refusal } from '../domain/security/refusal';

/** Runs a handler body; a domain Refusal becomes the ApiError answer it describes. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) throw new HttpError(error.status, error.key, error.message, undefined, error.headers);
    throw error;
  }
}
