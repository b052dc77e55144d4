import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showToast, toastActor } from '../../flows/shell/app.flow';
import { ToastHost } from './ToastHost';

describe('ToastHost', () => {
  it('shows toasts and lets the trader dismiss one', async () => {
    toastActor.start();
    render(<ToastHost />);
    act(() => {
      showToast({ key: 'server_error' }, 'error');
      showToast({ key: 'common.loading' });
    });
    expect(screen.getByRole('status').textContent).toContain('Something went wrong');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(screen.getByRole('status').textContent).not.toContain('Something went wrong');
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });
});
