import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './useDialog';

interface ModalProps {
  title: string;
  variant?: 'error' | 'info' | 'success' | 'warning';
  /** closes the dialog (the close button, Escape, the backdrop); a mandatory dialog may omit it */
  onClose?: () => void;
  /** a step the trader must take: no close button, and neither Escape nor the backdrop closes it */
  mandatory?: boolean;
  closeLabel: string;
  children: ReactNode;
  footer: ReactNode;
  /** more classes on the dialog box */
  className?: string;
  /** data-testid of the dialog box */
  testId?: string;
}

/**
 * The app's modal dialog, built on `useDialog` (src/ui/useDialog.ts): labelled, the focus moves
 * in, stays in and returns, the page behind is inert, Escape closes it from anywhere (not when
 * mandatory). It is put at the end of the body, so no panel it was opened from (the chat) can
 * hold it under its own layer.
 */
export function Modal({ title, variant = 'info', onClose, mandatory = false, closeLabel, children, footer, className, testId }: ModalProps) {
  const dialog = useDialog({ onClose, mandatory, role: variant === 'error' ? 'alertdialog' : 'dialog' });
  return createPortal(
    <div className="modal-backdrop" {...dialog.getBackdropProps()}>
      <div className={`modal modal--${variant}${className ? ` ${className}` : ''}`} data-testid={testId} {...dialog.getDialogProps()}>
        <header className="modal__header">
          <h2 {...dialog.getTitleProps()}>{title}</h2>
          {!mandatory && (
            <button className="icon-button" aria-label={closeLabel} {...dialog.getCloseProps()}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
