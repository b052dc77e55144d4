import { formatDateTime } from '../../flows/shared/dates';
import { useLadder } from '../../flows/ladder/ladder.flow';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

/**
 * The ladder (dynamic modal `ladder`; spec 001 §2, §7 /api/us/ladder): the trader's real place in
 * the running weekly contest, from the contests' own leaderboard, in plain words; or, honestly,
 * that no contest is running or that they are not on it; a button to the contest page.
 */
export function LadderDialog({ onClose }: { onClose: () => void }) {
  const { t, text, lang } = useT();
  const ladder = useLadder();
  const c = ladder.contest;
  const money = (value: string) => (c ? formatAmount(value, c.currency, lang) : value);
  return (
    <div className="ladder" data-testid="ladder">
      {ladder.isLoading && <p className="muted" {...ladder.getLoadingProps()}>{t('ladder.loading')}</p>}
      {ladder.isFailed && (
        <div className="form-error" {...ladder.getProblemProps()}>
          <p>{ladder.error ? text(ladder.error) : t('ladder.failed')}</p>
          <button type="button" className="button" onClick={ladder.retry}>
            {t('ladder.retry')}
          </button>
        </div>
      )}
      {ladder.isShown && (
        <div data-testid="ladder-shown" data-state={ladder.state}>
          {ladder.state === 'none' && <p data-testid="ladder-none">{t('ladder.none')}</p>}
          {ladder.state === 'out' && c && (
            <p data-testid="ladder-out">
              {t('ladder.out', { currency: c.currency, end: formatDateTime(c.date_end) })} {t('ladder.participants', { count: ladder.participants })}
            </p>
          )}
          {ladder.state === 'in' && c && ladder.rank !== null && ladder.figure !== null && (
            <>
              <p data-testid="ladder-rank">
                <strong>{t('ladder.rank', { rank: ladder.rank, count: ladder.participants })}</strong> {t('ladder.figure', { figure: money(ladder.figure) })}
              </p>
              <p data-testid="ladder-up">{ladder.above && ladder.toMoveUp ? t('ladder.up', { amount: money(ladder.toMoveUp), rank: ladder.above.rank, figure: money(ladder.above.figure) }) : t('ladder.top')}</p>
            </>
          )}
          {c && <p className="muted">{t('ladder.rule', { currency: c.currency })}</p>}
          <p className="ladder__actions">
            <a className="button" href={ladder.url} onClick={onClose} data-testid="ladder-go">
              {t(ladder.state === 'none' ? 'ladder.contests' : 'ladder.open')}
            </a>{' '}
            <button type="button" className="button button--ghost" onClick={ladder.refresh}>
              {t('ladder.refresh')}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}

export default LadderDialog;
