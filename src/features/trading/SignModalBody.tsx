import { useSignatureChild } from '../../flows/trading/signature.flow';
import type { SignatureRef } from '../../flows/trading/signature.connect';
import AgreementText from '../legal/AgreementText';
import { SignaturePad } from '../verification/signature/SignaturePad';

/** The drawn signature the modal runs (the trading block's child), with the agreement tick. */
function ModalSignature({ signature }: { signature: SignatureRef }) {
  return <SignaturePad api={useSignatureChild(signature)} />;
}

/**
 * The sign-up dialog's body: the client agreement's text (issue 30 §5: shown in full before it is
 * signed) above the pad. One chunk, so the two arrive together: a text box arriving after the pad
 * would push the pad down under a trader's pen (and its box keeps its height while the document's
 * own text loads, `.agreement-text .legal-scroll`).
 */
export default function SignModalBody({ signature }: { signature: SignatureRef | undefined }) {
  return (
    <>
      <AgreementText />
      {signature && <ModalSignature signature={signature} />}
    </>
  );
}
