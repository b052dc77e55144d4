import type { Msg } from '../../../../core/message';
import type { LoginApi } from '../../../flows/login/login.connect';
import { connectExcludedNotice, withdrawButtonProps } from '../../../flows/login/excluded.connect';
import type { PausedKind } from '../../../flows/login/paused';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';

registerMessages(messages);

/**
 * A break or self-exclusion on the sign-in page (issue 30 §3), its own chunk: the refusal of a
 * sign-in with the end date, or the note on arrival; either with what happens to withdrawals and
 * a link to the contact page. With the refusal, the button that signs in to withdraw only.
 */
export default function ExcludedNotice({ refusal = null, paused = null, withdraw }: { refusal?: Msg | null; paused?: PausedKind | null; withdraw?: Pick<LoginApi, 'submit' | 'busy'> }) {
  const { t, text, lang } = useT();
  const notice = connectExcludedNotice({ refusal, paused, lang });
  // the link sits where the sentence puts it, in either language
  const [before, after = ''] = t('login.excluded.withdrawals').split('{link}');
  const words = (
    <p {...notice.getNoticeProps()} className={notice.refused ? 'form-error shake' : 'form-note'} data-testid={notice.refused ? 'login-excluded' : 'login-paused-notice'}>
      {text(notice.message)} {before}
      <a href={notice.contactHref} data-testid="login-excluded-contact">
        {t('login.excluded.contact')}
      </a>
      {after}
    </p>
  );
  if (!withdraw) return words;
  return (
    <>
      {words}
      <button className="button button--ghost button--wide" {...withdrawButtonProps(withdraw.submit, withdraw.busy)} data-testid="login-withdraw-only">
        {t('login.excluded.withdraw')}
      </button>
    </>
  );
}
