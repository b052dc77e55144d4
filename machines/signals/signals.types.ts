/** One signal pop-up as the machine holds it: times are on the browser's clock (the flow converts the server's). */
export interface SignalItem {
  id: string;
  symbol: string;
  direction: 'up' | 'down';
  /** the trade duration the signal is for */
  expirySeconds: number;
  price: string;
  source: string;
  /** when the signal was published (the server's time, converted to the browser's clock) */
  publishedAt: number;
  /** when the pop-up ends: the signal's real end held by the server (converted to the browser's clock) */
  expiresAt: number;
  /** when this browser first showed it (for the countdown circle's full turn) */
  shownAt: number;
}

/** What one fetch of POST /api/signals gives the machine. */
export interface SignalsFetchOutput {
  signals: Omit<SignalItem, 'shownAt'>[];
  /** the browser's clock when the answer arrived */
  now: number;
}

export interface SignalsInput {
  /** the browser's clock when the machine starts */
  now: number;
  /** ids whose pop-up already ended today in this browser (the seen-set of today, from storage) */
  seen?: string[];
}

export interface SignalsContext {
  /** the pop-ups on screen, earliest end first */
  signals: SignalItem[];
  seen: string[];
  /** the last moment the machine knows of (its start, a fetch, a close, a timer) */
  now: number;
  /** when the next fetch is due (every 300 s) */
  nextFetchAt: number;
}

export type SignalsEvent =
  /** the trader closes one pop-up before its countdown ends; `at` is the browser's clock */
  | { type: 'signal.close'; id: string; at: number };
