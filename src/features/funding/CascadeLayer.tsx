import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { connectCascade } from '../../flows/funding/funding.connect';
import { useDialog } from '../../ui/useDialog';
import { CascadePanel } from './CascadePanel';

type Send = (event: { type: string; tab?: string }) => void;

// the heading of each dialog step names the dialog (only one of them is on the screen)
const TITLES = 'cascade-day-title cascade-dnh-title entro-title entro-cvv-title';

/**
 * The running cascade under the card form; while it asks something (daily limit, do not honor,
 * Entropay) it sits in a modal layer built on the dialog primitive (src/ui/useDialog.ts): fixed
 * and centred in the viewport, scrollable inside, above the chat, the page behind inert, the
 * focus moved to its first control (again when the step changes), Tab kept inside, Escape
 * closes the limit and bank dialogs (Entropay's steps are answered, not dismissed).
 */
export function CascadeLayer({ cascade, send }: { cascade: AnyActorRef; send: Send }) {
  const snapshot = useSelector(cascade, (s) => s);
  const v = connectCascade(snapshot, send);
  if (!v.isDialog) return <CascadePanel cascade={cascade} send={send} />;
  const step = `${v.isDayLimit}${v.isDayLimitWhy}${v.isDoNotHonor}${v.isEntropay}`;
  return <CascadeDialog cascade={cascade} send={send} step={step} mandatory={!v.closesOnEscape} onClose={v.onClose} />;
}

function CascadeDialog({ cascade, send, step, mandatory, onClose }: { cascade: AnyActorRef; send: Send; step: string; mandatory: boolean; onClose: () => void }) {
  const dialog = useDialog({ onClose, mandatory, role: 'alertdialog', labelledBy: TITLES, focusKey: step });
  return (
    <div className="modal-backdrop" data-testid="cascade-dialog">
      <div className="modal modal--warning cascade-modal" {...dialog.getDialogProps()}>
        <CascadePanel cascade={cascade} send={send} />
      </div>
    </div>
  );
}
