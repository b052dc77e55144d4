import { msg } from '../../../core/message';
import { loadOffers, sendLastHost } from '../../api/offers';
import { messages } from '../../features/offers/messages';
import { registerMessages } from '../../i18n';
import { requestModal } from '../attention/attention.flow';
import { OFFER_DIALOG } from './offer-dialog';
import { clockOffset, nextCheckWait } from './timed-offer.connect';

registerMessages(messages);

const HOST_SENT = 'offers.last_host';

/** POST /api/triggers/last_host once per tab session: the host the trader came from, when another site. */
function reportHost(): void {
  try {
    if (sessionStorage.getItem(HOST_SENT)) return;
    sessionStorage.setItem(HOST_SENT, '1');
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    if (host && host !== location.hostname) void sendLastHost(host).catch(() => {});
  } catch {
    // no storage or a bad referrer: nothing to record
  }
}

let opened = 0;

/** GET /api/us/offers: opens the offer's dialog with the server's deadline, or asks again when the server says one may come. */
export async function checkOffers(again: (waitMs: number) => void): Promise<void> {
  reportHost();
  const sentAt = Date.now();
  const answer = await loadOffers().catch(() => null);
  if (!answer) return;
  const offsetMs = clockOffset(answer.serverTime, sentAt, Date.now());
  if (answer.offer) {
    opened += 1;
    // a promotion: shown only when the attention arbiter grants it (the server keeps the offer for another visit otherwise)
    void requestModal(
      { id: `offer-${answer.offer.id}`, kind: 'timed-offer', priority: 'promotional' },
      { id: `offer-${answer.offer.id}-${opened}`, kind: 'dynamic', name: OFFER_DIALOG, title: msg(`offers.${answer.offer.kind}.title`), props: { offer: answer.offer, offsetMs } },
    );
    return;
  }
  const wait = nextCheckWait(answer.nextCheckAt, offsetMs, Date.now());
  if (wait !== null) again(wait);
}
