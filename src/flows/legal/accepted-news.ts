/**
 * The documents were accepted (on the Documents page, or in the dialog): told to the other actors
 * of this page that care (a put-off dialog reads again, the cashier's locks read again). They live
 * in different chunks, so a tiny listener list joins them.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onTermsAccepted(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function termsAccepted(): void {
  listeners.forEach((listener) => listener());
}
