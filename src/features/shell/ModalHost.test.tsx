import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { askConfirm, modalActor, showAlert } from '../../flows/shell/app.flow';
import { literal } from '../../../core/message';
import { ModalHost } from './ModalHost';

beforeAll(() => {
  modalActor.start();
});

describe('ModalHost', () => {
  it('shows an error alert as text, then the next queued alert after OK', async () => {
    render(<ModalHost />);
    act(() => {
      showAlert({ variant: 'error', text: literal('<img src=x onerror=alert(1)>') });
      showAlert({ variant: 'info', text: { key: 'common.loading' } });
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(dialog.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Error');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog').textContent).toContain('Loading…');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves a confirm with the button pressed', async () => {
    render(<ModalHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = askConfirm({ text: { key: 'common.loading' } });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = askConfirm({ text: { key: 'common.loading' } });
    });
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });
});
