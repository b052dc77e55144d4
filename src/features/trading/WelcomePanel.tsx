import { useWelcome } from '../../flows/trading/welcome.flow';
import { useT } from '../../i18n';

/**
 * The first visit's welcome (/{lang}/trading?first=1#/home after registration): a card over the
 * platform's corner, not a modal, so the platform stays usable. Deposit only before the first
 * deposit; Start trading closes it. It never covers the trading block (the machine waits).
 */
export function WelcomePanel() {
  const { t } = useT();
  const welcome = useWelcome();
  if (!welcome.shown) return null;
  return (
    <section {...welcome.getRegionProps()} className="welcome" data-testid="welcome">
      <h2 {...welcome.getTitleProps()}>{welcome.firstName ? t('welcome.title', { name: welcome.firstName }) : t('welcome.title_anonymous')}</h2>
      <p>{t(welcome.showDeposit ? 'welcome.body' : 'welcome.body_deposited')}</p>
      <div className="welcome__actions">
        {welcome.showDeposit && (
          <button {...welcome.getDepositProps()} className="button">
            {t('welcome.deposit')}
          </button>
        )}
        <button {...welcome.getStartProps()} className={welcome.showDeposit ? 'button button--ghost' : 'button'}>
          {t('welcome.start')}
        </button>
      </div>
    </section>
  );
}

export default WelcomePanel;
