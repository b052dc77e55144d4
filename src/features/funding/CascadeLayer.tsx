import { useSelector } from '@xstate/react';
import { connectCascade, type CascadeActor, type CascadeSend, type CascadeView } from '../../flows/funding/funding.connect';
import { useDialog } from '../../ui/useDialog';
import { CascadePanel } from './CascadePanel';

/**
 * The running cascade under the card form; while it asks something (daily limit, do not honor,
 * Entropay) it sits in a modal layer driven by the dialog primitive's getters (src/ui/useDialog.ts)
 * with the options `connectCascade` gives for the step: fixed and centred in the viewport,
 * scrollable inside, above the chat, the page behind inert, the focus moved to its first control
 * (again when the step changes), Tab kept inside, Escape and the backdrop close the limit and
 * bank dialogs (Entropay's steps are answered, not dismissed).
 */
export function CascadeLayer({ cascade, send }: { cascade: CascadeActor; send: CascadeSend }) {
  const snapshot = useSelector(cascade, (s) => s);
  const v = connectCascade(snapshot, send);
  if (!v.dialog) return <CascadePanel cascade={cascade} send={send} />;
  return <CascadeDialog cascade={cascade} send={send} options={v.dialog} />;
}

function CascadeDialog({ cascade, send, options }: { cascade: CascadeActor; send: CascadeSend; options: NonNullable<CascadeView['dialog']> }) {
  const dialog = useDialog(options);
  return (
    <div className="modal-backdrop" data-testid="cascade-dialog" {...dialog.getBackdropProps()}>
      <div className="modal modal--warning cascade-modal" {...dialog.getDialogProps()}>
        <CascadePanel cascade={cascade} send={send} />
      </div>
    </div>
  );
}
