import type { IncentiveReason } from '../../../core/contract/incentives';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

/**
 * What a page of incentives (contests, promotions) says to a trader who is not offered them, opened
 * by its address: why, in their language, and the way back (loaded with those pages, src/features/eligibility/offered-only.tsx).
 */
export default function IncentivesNotice({ reason }: { reason: IncentiveReason }) {
  const { t } = useT();
  return (
    <section className="panel" data-testid="incentives-off" data-reason={reason}>
      <h1>{t('incentives.title')}</h1>
      <p>{t(`incentives.reason.${reason}`)}</p>
      <p>
        <a className="button" href="#/home">
          {t('incentives.home')}
        </a>
      </p>
    </section>
  );
}
