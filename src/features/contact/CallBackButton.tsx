import { lazy, Suspense, useState } from 'react';
import { callButtonProps } from '../../flows/contact/call-button.connect';
import { registerMessages, useT } from '../../i18n';
import { messages } from './button/messages';
import './call-button.css';

registerMessages(messages);

// the dropdown, its machine and its texts load on the first click: the trading page's first chunk carries only this button
const CallBackMenu = lazy(() => import('./CallBackMenu'));

/**
 * The trading header's call-back button (spec 000 §2). Until the first click it is a plain
 * button; then CallBackMenu (its own chunk) takes its place and opens the dropdown.
 */
export function CallBackButton() {
  const { t } = useT();
  const [asked, setAsked] = useState(false);
  const button = (loading: boolean) => (
    <button
      {...callButtonProps({ busy: loading, onClick: () => setAsked(true) })}
      className="icon-button call-button"
      data-testid="call-back-button"
      aria-label={t('calls.button')}
      title={t('calls.button')}
    >
      <span aria-hidden="true">☎</span>
    </button>
  );
  return (
    <div className="topbar__call">
      {asked ? <Suspense fallback={button(true)}><CallBackMenu /></Suspense> : button(false)}
    </div>
  );
}
