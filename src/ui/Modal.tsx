import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  variant?: 'error' | 'info' | 'success' | 'warning';
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  footer: ReactNode;
}

/**
 * An accessible modal dialog: labelled, focus moves in and returns, Escape closes. It is put at
 * the end of the body, so no panel it was opened from (the chat) can hold it under its own layer.
 */
export function Modal({ title, variant = 'info', onClose, closeLabel, children, footer }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus], button')?.focus();
    return () => previous?.focus?.();
  }, []);
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`modal modal--${variant}`}
        role={variant === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
        <footer className="modal__footer">{footer}</footer>
      </div>
    </div>,
    document.body,
  );
}
