import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import { connectCascade } from '../../flows/funding-connect';
import { CascadePanel } from './CascadePanel';

/**
 * The running cascade under the card form; while it asks something (daily limit, do not honor,
 * Entropay) it sits in a modal layer: fixed and centred in the viewport, scrollable inside,
 * above the chat, focus moved to its first button, Escape closes the limit and bank dialogs.
 */
export function CascadeLayer({ cascade, send }: { cascade: AnyActorRef; send: (event: { type: string; tab?: string }) => void }) {
  const snapshot = useSelector(cascade, (s) => s);
  const v = connectCascade(snapshot, send);
  const dialog = v.isDialog;
  // focus moves again when the dialog changes (limit → why, one dialog to another)
  const step = `${v.isDayLimit}${v.isDayLimitWhy}${v.isDoNotHonor}${v.isEntropay}`;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="alertdialog"] button, .cascade__box input, button')?.focus();
    return () => previous?.focus?.();
  }, [dialog, step]);
  const panel = <CascadePanel cascade={cascade} send={send} />;
  if (!dialog) return panel;
  return (
    <div className="modal-backdrop" data-testid="cascade-dialog">
      <div
        ref={ref}
        className="modal modal--warning cascade-modal"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && v.closesOnEscape) v.onClose();
        }}
      >
        {panel}
      </div>
    </div>
  );
}
