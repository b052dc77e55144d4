import type { Contest } from '../../../core/contract/contests';
import { formatDateTime } from '../../flows/shared/dates';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import { prizeWords } from './prize';

registerMessages(messages);

/**
 * The dynamic modal tourney_weekend (spec 002 §2-3, §7 /api/ag/tourney_weekend): the
 * open weekend contest's window and prizes as the server holds them; Show more goes to the
 * contest page. Opened by src/flows/contests/tourney-weekend.flow.ts (at most once a day).
 */
export default function TourneyWeekend(props: Record<string, unknown> & { onClose: () => void }) {
  const { t, lang } = useT();
  const contest = props.contest as Contest | null | undefined;
  const more = typeof props.more === 'function' ? (props.more as () => void) : props.onClose;
  const dismiss = () => {
    if (typeof props.dismiss === 'function') (props.dismiss as () => void)();
    props.onClose();
  };
  if (!contest) return null;
  return (
    <div className="ct-weekend" data-testid="tourney-weekend">
      <p>{t('contest.weekend.text', { start: formatDateTime(contest.date_start), end: formatDateTime(contest.date_end) })}</p>
      <p>{t('contest.weekend.prizes', { count: contest.prizes.length })}</p>
      <ol>
        {contest.prizes.map((prize, i) => (
          <li key={i}>{prizeWords(prize, contest.currency, t, lang)}</li>
        ))}
      </ol>
      <div className="ct-weekend__actions">
        <button type="button" className="button button--ghost" onClick={dismiss}>
          {t('contest.weekend.close')}
        </button>
        <button type="button" className="button" data-autofocus onClick={more} data-testid="tourney-weekend-more">
          {t('contest.weekend.more')}
        </button>
      </div>
    </div>
  );
}
