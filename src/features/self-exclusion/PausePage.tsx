import { useSelfExclusion } from '../../flows/self-exclusion/self-exclusion.flow';
import { registerMessages, useT } from '../../i18n';
import { ChoiceStep } from './ChoiceStep';
import { ConfirmStep } from './ConfirmStep';
import { messages } from './messages';
import './pause.css';

registerMessages(messages);

/** #/show/pause (issue 30 §3): what a break means, how long, the confirmation with the password, and the end. */
export default function PausePage() {
  const { t, text, lang } = useT();
  const page = useSelfExclusion(lang);
  return (
    <div className="pause" data-testid="pause-page">
      <h1>{t('pause.title')}</h1>
      {page.done ? (
        <div {...page.getDoneProps()} className="panel pause__panel pause__done" data-testid="pause-done">
          <p>{text(page.doneMessage)}</p>
        </div>
      ) : (
        <p className="pause__intro" data-testid="pause-intro">
          {t('pause.intro')}
        </p>
      )}
      {page.choosing && <ChoiceStep page={page} />}
      {page.confirmStep && <ConfirmStep page={page} />}
    </div>
  );
}
