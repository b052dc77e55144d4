import type { FastifyInstance } from 'fastify';
import { Refusal } from '../domain/refusal';

/** True when some string (value or key) anywhere in `value` contains a NUL character. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): such input would fail in the database with a
 * 5xx. It is refused up front with a 400 instead, for every body and query.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query)) {
      throw new Refusal(400, 'validation', 'Text must not contain NUL characters.');
    }
  });
}
