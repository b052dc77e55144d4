import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the server is replaced by answers of its contract (the browser test uses the real one)
const contact = vi.hoisted(() => ({ getSupportInfo: vi.fn(), sendContact: vi.fn(), requestCall: vi.fn() }));
vi.mock('../../api/contact', () => contact);

const { CallBackButton } = await import('./CallBackButton');

beforeEach(() => contact.requestCall.mockReset());

/** the header's button: the dropdown loads on the first click and opens */
async function open() {
  render(
    <div>
      <p>outside</p>
      <CallBackButton />
    </div>,
  );
  const button = screen.getByTestId('call-back-button');
  expect([button.getAttribute('aria-label'), button.getAttribute('aria-expanded')]).toEqual(['Call me back', 'false']);
  await userEvent.click(button);
  // the dropdown is a chunk of its own: its first import can be slow on a loaded machine
  await screen.findByTestId('call-back-menu', undefined, { timeout: 5_000 });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('call-back-phone')));
}

describe('CallBackButton and its dropdown', () => {
  it('opens on the first click; Escape, an outside click and the button close it', async () => {
    await open();
    expect(screen.getByTestId('call-back-button').getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('call-back-menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('call-back-button'));
    await userEvent.click(screen.getByTestId('call-back-button'));
    expect(screen.getByTestId('call-back-menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByTestId('call-back-menu')).toBeNull();
    await userEvent.click(screen.getByTestId('call-back-button'));
    await userEvent.click(screen.getByTestId('call-back-button'));
    expect(screen.queryByTestId('call-back-menu')).toBeNull();
  });

  it('a phone under 7 characters is refused before sending; a good one is sent once with the time; success', async () => {
    contact.requestCall.mockResolvedValue({ ok: true, message: 'calls.server_success', ticket: 'T-1' });
    await open();
    await userEvent.type(screen.getByTestId('call-back-phone'), '12345');
    await userEvent.click(screen.getByTestId('call-back-submit'));
    expect(screen.getByTestId('call-back-result').textContent).toBe('Please enter a phone number of at least 7 characters.');
    expect(screen.getByTestId('call-back-phone').getAttribute('aria-invalid')).toBe('true');
    expect(contact.requestCall).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('call-back-phone'), '67890');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Any time', 'Morning', 'Afternoon', 'Evening']);
    await userEvent.selectOptions(screen.getByTestId('call-back-time'), 'morning');
    await userEvent.click(screen.getByTestId('call-back-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you! We will call you back soon.');
    expect(contact.requestCall).toHaveBeenCalledTimes(1);
    expect(contact.requestCall.mock.calls[0][0]).toMatchObject({ phone: '1234567890', time: 'morning' });
  });

  it('a server error keeps the phone and offers retry', async () => {
    contact.requestCall.mockRejectedValueOnce({ kind: 'http', status: 500, error: 'server_error', message: '' });
    contact.requestCall.mockResolvedValueOnce({ ok: true, message: 'calls.server_success', ticket: 'T-2' });
    await open();
    await userEvent.type(screen.getByTestId('call-back-phone'), '+7 495 000 00 00');
    await userEvent.click(screen.getByTestId('call-back-submit'));
    await waitFor(() => expect(screen.getByTestId('call-back-result').textContent).toBe('We could not send your request. Please try again later.'));
    expect((screen.getByTestId('call-back-phone') as HTMLInputElement).value).toBe('+7 495 000 00 00');
    expect(screen.getByTestId('call-back-submit').textContent).toBe('Try again');
    await userEvent.click(screen.getByTestId('call-back-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you! We will call you back soon.');
    expect(contact.requestCall.mock.calls.map((c) => c[0].key)).toEqual([contact.requestCall.mock.calls[0][0].key, contact.requestCall.mock.calls[0][0].key]);
  });
});
