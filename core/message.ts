/**
 * A text a view shows: a translation key, with the server's English text as a fallback
 * for keys the client has no translation for. Machines never hold translated strings.
 */
export interface Msg {
  key: string;
  fallback?: string;
  params?: Record<string, string | number>;
}

export const msg = (key: string, fallback?: string, params?: Msg['params']): Msg =>
  fallback === undefined && params === undefined ? { key } : { key, ...(fallback !== undefined && { fallback }), ...(params && { params }) };

/** A text that is shown as it is (a server-provided message with no key, e.g. the home `message` parameter). */
export const literal = (text: string): Msg => ({ key: '', fallback: text });
