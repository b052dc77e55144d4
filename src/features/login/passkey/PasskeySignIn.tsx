import { usePasskeySignIn } from '../../../flows/login/passkey-sign-in.flow';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';

registerMessages(messages);

/** "Sign in with a passkey" on the sign-in page (issue 31 §5): any passkey of this site, no email typed; a passkey is both factors. */
export default function PasskeySignIn() {
  const { t, text } = useT();
  const view = usePasskeySignIn();
  return (
    <>
      <p className="auth__alt">
        <button className="button button--ghost button--wide" {...view.getButtonProps()} data-testid="passkey-sign-in">
          {t(view.busy ? 'passkey.signing_in' : 'passkey.sign_in')}
        </button>
      </p>
      {view.error && (
        <p className="form-error" {...view.getErrorProps()} data-testid="passkey-error">
          {text(view.error)}
        </p>
      )}
    </>
  );
}
