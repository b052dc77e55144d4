import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { openDialogs, useDialog } from './useDialog';

/** a page with an opener, a control after it, and the dialog it opens */
function Page({ mandatory = false, autofocus = false, onClose }: { mandatory?: boolean; autofocus?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <main>
        <button type="button" onClick={() => setOpen(true)}>Open</button>
        <a href="#later">Later</a>
      </main>
      {open && (
        <Modal
          title="Dialog title"
          closeLabel="Close"
          mandatory={mandatory}
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
          footer={
            <>
              <button type="button">First action</button>
              <button type="button" data-autofocus={autofocus || undefined}>Last action</button>
            </>
          }
        >
          <label>
            Name <input />
          </label>
        </Modal>
      )}
    </>
  );
}

const active = () => document.activeElement as HTMLElement;

describe('Modal (useDialog)', () => {
  it('is a labelled modal dialog; the focus moves to the first control, else to [data-autofocus]', async () => {
    const { unmount } = render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Dialog title');
    expect(active()).toBe(screen.getByRole('button', { name: 'Close' }));
    unmount();
    render(<Page autofocus />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(active()).toBe(screen.getByRole('button', { name: 'Last action' }));
  });

  it('keeps Tab and Shift+Tab inside, going round both ways', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox');
    const first = screen.getByRole('button', { name: 'First action' });
    const last = screen.getByRole('button', { name: 'Last action' });
    expect(active()).toBe(close);
    await userEvent.tab();
    expect(active()).toBe(input);
    await userEvent.tab();
    expect(active()).toBe(first);
    await userEvent.tab();
    expect(active()).toBe(last);
    await userEvent.tab();
    expect(active()).toBe(close);
    await userEvent.tab({ shift: true });
    expect(active()).toBe(last);
    await userEvent.tab({ shift: true });
    expect(active()).toBe(first);
  });

  it('makes the rest of the page inert while open and restores it on close', async () => {
    const { container } = render(<Page />);
    const outsider = document.createElement('div');
    outsider.setAttribute('inert', '');
    document.body.appendChild(outsider);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(container.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    // a node added to the page while the dialog is open is inert too
    const late = document.createElement('div');
    act(() => {
      document.body.appendChild(late);
    });
    await vi.waitFor(() => expect(late.hasAttribute('inert')).toBe(true));
    await userEvent.keyboard('{Escape}');
    expect(container.hasAttribute('inert')).toBe(false);
    expect(late.hasAttribute('inert')).toBe(false);
    // what was inert before the dialog stays inert
    expect(outsider.hasAttribute('inert')).toBe(true);
    outsider.remove();
    late.remove();
  });

  it('closes on Escape from anywhere while open, and the focus returns to the opener', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    // the focus is moved out by script (nothing inside has it): Escape still closes
    act(() => (document.activeElement as HTMLElement).blur());
    expect(active()).toBe(document.body);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(opener);
    expect(openDialogs()).toBe(0);
  });

  it('closes on a press on the backdrop, not on one inside the dialog', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('textbox'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(document.querySelector('.modal-backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a mandatory dialog has no close button and neither Escape nor the backdrop closes it', async () => {
    const onClose = vi.fn();
    render(<Page mandatory onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(active()).toBe(screen.getByRole('textbox'));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.querySelector('.modal-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);
    // the trap holds without a close button
    await userEvent.tab({ shift: true });
    expect(active()).toBe(screen.getByRole('button', { name: 'Last action' }));
  });
});

/** two stacked dialogs: only the topmost is live */
function Stacked() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>Open outer</button>
      {outer && (
        <Modal title="Outer" closeLabel="Close outer" onClose={() => setOuter(false)} footer={null}>
          <button type="button" onClick={() => setInner(true)}>Open inner</button>
          {inner && (
            <Modal title="Inner" closeLabel="Close inner" onClose={() => setInner(false)} footer={<button type="button">Inner action</button>}>
              <p>Inner text</p>
            </Modal>
          )}
        </Modal>
      )}
    </>
  );
}

describe('stacked dialogs', () => {
  it('only the topmost is live; Escape closes it alone and the focus returns into the one below', async () => {
    render(<Stacked />);
    await userEvent.click(screen.getByRole('button', { name: 'Open outer' }));
    const openInner = screen.getByRole('button', { name: 'Open inner' });
    await userEvent.click(openInner);
    const [outerDialog, innerDialog] = screen.getAllByRole('dialog');
    expect(outerDialog!.closest('[inert]')).not.toBeNull();
    expect(innerDialog!.closest('[inert]')).toBeNull();
    expect(openDialogs()).toBe(2);
    await userEvent.tab();
    await userEvent.tab();
    expect(active()).toBe(screen.getByRole('button', { name: 'Close inner' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(outerDialog!.closest('[inert]')).toBeNull();
    expect(active()).toBe(openInner);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(screen.getByRole('button', { name: 'Open outer' }));
  });
});

/** the getters on their own: a non-modal pop-up */
function Popup({ onClose }: { onClose: () => void }) {
  const d = useDialog({ onClose, modal: false });
  return (
    <section {...d.getDialogProps()}>
      <h2 {...d.getTitleProps()}>Signal</h2>
      <button aria-label="Close signal" {...d.getCloseProps()}>×</button>
    </section>
  );
}

describe('non-modal (modal: false)', () => {
  it('leaves the page live and the focus where it was; Escape closes it while the focus is in it', async () => {
    const onClose = vi.fn();
    const { container } = render(
      <>
        <input aria-label="Amount" autoFocus />
        <Popup onClose={onClose} />
      </>,
    );
    const popup = screen.getByRole('dialog', { name: 'Signal' });
    expect(popup.hasAttribute('aria-modal')).toBe(false);
    expect(container.closest('[inert]')).toBeNull();
    expect(active()).toBe(screen.getByRole('textbox', { name: 'Amount' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close signal' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Close signal' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

/** a dialog whose step changes whether it may be dismissed (the card cascade: Entropay, then the bank's answer) */
function Steps({ onClose }: { onClose: () => void }) {
  const [mandatory, setMandatory] = useState(true);
  const d = useDialog({ onClose, mandatory });
  return (
    <div {...d.getDialogProps()}>
      <h2 {...d.getTitleProps()}>Step</h2>
      <button type="button" onClick={() => setMandatory(false)}>Next step</button>
    </div>
  );
}

describe('a dialog whose mandatory changes while open', () => {
  it('keeps the focus inside and closes on Escape once it may be dismissed', async () => {
    const onClose = vi.fn();
    render(<Steps onClose={onClose} />);
    const next = screen.getByRole('button', { name: 'Next step' });
    expect(active()).toBe(next);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(next);
    expect(active()).toBe(next);
    expect(openDialogs()).toBe(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
