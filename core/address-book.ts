/**
 * The withdrawal address book's rules in one place (issue 31 §6; docs/security-centre.md): how
 * many destinations a trader may save, how long a label may be, how long the confirmation link
 * works and how long a confirmed destination waits before it can be used (the server's default;
 * WITHDRAWAL_ADDRESS_HOLD_MINUTES sets it, SANDBOX_ADDRESS_HOLD_MS shortens it in sandbox mode).
 */
export const ADDRESS_BOOK_RULES = {
  maxDestinations: 50,
  labelMax: 40,
  confirmLinkHours: 24,
  holdMinutes: 24 * 60,
} as const satisfies Record<string, number>;

/**
 * Where a saved destination stands: waiting for the emailed confirmation, confirmed but in its
 * hold (usable from `usableAt`), or usable.
 */
export const DESTINATION_STATES = ['unconfirmed', 'on_hold', 'usable'] as const;
export type DestinationState = (typeof DESTINATION_STATES)[number];

/** Where a destination stands at `now`. */
export function destinationState(confirmedAt: Date | null, usableAt: Date | null, now: Date): DestinationState {
  if (confirmedAt === null || usableAt === null) return 'unconfirmed';
  return usableAt.getTime() > now.getTime() ? 'on_hold' : 'usable';
}
