/** the trading page settles before offers are asked for */
export const OFFERS_SETTLE_MS = 4_000;

/**
 * Asks for the trader's current offer once the trading page has settled, and again when the
 * server says one may come (the giveaway's time). Tiny on purpose: the check, the terms and the
 * dialog load as their own chunks, the dialog only when there is an offer. Returns the stop.
 */
export function watchOffers(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () =>
    void import('./offers-load').then((m) =>
      m.checkOffers((waitMs) => {
        if (!stopped) timer = setTimeout(run, waitMs);
      }),
    );
  timer = setTimeout(run, OFFERS_SETTLE_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
