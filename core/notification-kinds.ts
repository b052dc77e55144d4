/**
 * The notification kinds (spec 001 §3): one record per `area.event` the server stores, with the
 * variants its text has (`notifications.kind.<kind>_<variant>`, chosen from the params by
 * src/features/notifications/words.ts). The server's `notify` takes only these kinds; a test
 * checks every kind, variant and area has its text in every language. The wire keeps `kind` a
 * plain string: a client words a kind it does not know by its area, else generically.
 */
export const NOTIFICATION_KINDS = {
  'deposit.credited': { variants: [] },
  'withdrawal.paid': { variants: [] },
  /** the payout processor rejected it; the amount is back */
  'withdrawal.rejected': { variants: [] },
  /** full: the account became fully verified with it */
  'document.approved': { variants: ['full'] },
  'document.rejected': { variants: [] },
  'support.replied': { variants: [] },
  /** plain: no IP known; many: repeated sign-ins folded into one notice */
  'security.sign_in': { variants: ['plain', 'many', 'many_plain'] },
  /** a sign-in from a device the account had not used (server/domain/security/new-device.ts); plain: device or IP unknown */
  'security.new_device': { variants: ['plain'] },
  'security.factor_on': { variants: [] },
  'security.factor_off': { variants: [] },
  /** a recovery code signed in in place of the authenticator (server/domain/security/recovery-codes.ts); params.left: codes left */
  'security.recovery_used': { variants: [] },
  /** a passkey was added to or removed from the account (server/domain/security/passkeys.ts); params.name: its name */
  'security.passkey_added': { variants: [] },
  'security.passkey_removed': { variants: [] },
  /** money by default; bonus: to the bonus balance; item: a gift, not money (core/contest-prizes.ts) */
  'contest.prize': { variants: ['bonus', 'item'] },
  'referral.commission': { variants: [] },
  'promotion.activated': { variants: [] },
  'iq.rewarded': { variants: [] },
  'offer.accepted': { variants: ['risk_free'] },
  'offer.refunded': { variants: [] },
  'bonus.released': { variants: [] },
  /** a complaint was registered (core/complaints.ts): its reference and the final answer's due date */
  'complaint.acknowledged': { variants: [] },
  /** the final answer was given; it names the ombudsman */
  'complaint.answered': { variants: [] },
  /** a card or wallet deposit was refunded, or its dispute lost (server/domain/payments/reversals.ts); protected: negative balance protection covered part (params.covered) */
  'payment.refunded': { variants: ['protected'] },
  'payment.dispute_opened': { variants: [] },
  'payment.dispute_won': { variants: [] },
  'payment.dispute_lost': { variants: ['protected'] },
} as const satisfies Record<`${string}.${string}`, { variants: readonly string[] }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** the area of a kind (`deposit` of `deposit.credited`) */
export const areaOf = (kind: string): string => kind.split('.')[0];

/** Every text key the kinds need: each kind and variant, and each area's fallback. */
export function notificationTextKeys(): string[] {
  const kinds = NOTIFICATION_KIND_NAMES.flatMap((kind) => [kind, ...NOTIFICATION_KINDS[kind].variants.map((v) => `${kind}_${v}`)]).map((k) => `notifications.kind.${k}`);
  const areas = [...new Set(NOTIFICATION_KIND_NAMES.map(areaOf))].map((a) => `notifications.area.${a}`);
  return [...kinds, ...areas];
}
