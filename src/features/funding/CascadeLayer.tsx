import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import { selectCascadeView } from '../../flows/funding-view';
import { CascadePanel } from './CascadePanel';

/** Cascade steps that ask the trader something: shown as a modal, in the viewport, whatever the scroll. */
const DIALOG_STEPS: ReadonlySet<string> = new Set(['dayLimit', 'dayLimitWhy', 'doNotHonor', 'entropay']);

/**
 * The running cascade under the card form; while it asks something (daily limit, do not honor,
 * Entropay) it sits in a modal layer: fixed and centred in the viewport, scrollable inside,
 * above the chat, focus moved to its first button, Escape closes the limit and bank dialogs.
 */
export function CascadeLayer({ cascade, send }: { cascade: AnyActorRef; send: (event: { type: string; tab?: string }) => void }) {
  const step = useSelector(cascade, (s) => selectCascadeView(s as never)?.step ?? null);
  const dialog = step !== null && DIALOG_STEPS.has(step);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="alertdialog"] button, form input, button')?.focus();
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
          if (e.key === 'Escape' && step !== 'entropay') send({ type: 'dialog.close' });
        }}
      >
        {panel}
      </div>
    </div>
  );
}
