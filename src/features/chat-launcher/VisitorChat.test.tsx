import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  chatToken: vi.fn(),
  sendTip: vi.fn(),
  fetchSignals: vi.fn(),
}));
vi.mock('../../api/chat', () => api);
const session = vi.hoisted(() => ({
  getMe: vi.fn(async () => ({ user: null, csrf: 'c' })),
  // the settings hide the chat on the forgot-password page (an entry for this test)
  getSettings: vi.fn(async () => ({ chatHiddenPaths: ['/forgot'], timeZone: '' })),
  login: vi.fn(),
  notifyLoginFail: vi.fn(),
  loadAutologin: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../../api/session', () => session);

const { VisitorChat } = await import('./VisitorChat');
const { AuthCard } = await import('../shell/AuthCard');
const { sessionActor } = await import('../../flows/shell/app.flow');
const { newVisit } = await import('../../flows/attention/attention.flow');

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });

/** what POST /api/chat/token answers a visitor: no token, the sandbox provider */
const guest = { token: null, url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true };

/** the login page's card with the launcher in its top row, and the form's fields under it */
function LoginCard() {
  return (
    <AuthCard title="Sign in" tools={<VisitorChat />}>
      <form>
        <input aria-label="Email" />
        <button type="submit">Sign in</button>
      </form>
    </AuthCard>
  );
}

beforeAll(async () => {
  sessionActor.start();
  await waitFor(() => expect(sessionActor.getSnapshot().context.settings).not.toBeNull());
});

beforeEach(() => {
  newVisit();
  setWidth(1280);
  localStorage.clear();
  window.history.replaceState(null, '', '/en/login');
  api.chatToken.mockReset().mockResolvedValue(guest);
  api.sendTip.mockReset();
});

afterEach(() => {
  document.body.classList.remove('with-chat-column');
});

describe("the visitor's chat (public pages, login, register)", () => {
  it('is a launcher in the card\'s top row that never opens by itself, not even on a first wide browser', async () => {
    render(<LoginCard />);
    const launcher = screen.getByRole('button', { name: 'Chat' });
    expect(launcher.closest('.auth__top')).not.toBeNull();
    expect(launcher.className).toContain('chat-launcher--visitor');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    // the spec's 400 ms auto-open would cover the form: on these pages it waits for the visitor
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(api.chatToken).not.toHaveBeenCalled();
    // the once per browser is kept for the trading page
    expect(localStorage.getItem('chat.autoOpened')).toBeNull();
  });

  it('opens the panel on a click: the sandbox chat as a guest (no token), no tips, focus in the panel', async () => {
    render(<LoginCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const panel = await screen.findByTestId('chat-panel');
    const frame = await screen.findByTitle('Chat with Anna (sandbox chat provider)');
    expect(frame.getAttribute('src')).toBe('/chat/widget#lang=en');
    expect(api.chatToken).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('note', { name: 'Sandbox chat: replies are automated' }).textContent).toBe('Sandbox');
    // tips need a trader's balance: a guest has no tip form, and the panel says why
    expect(screen.queryByLabelText(/^Tip amount in/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send tip' })).toBeNull();
    expect(screen.getByTestId('chat-guest').textContent).toBe('You are chatting as a guest. Sign in to tip the host from your account.');
    // the panel sits at the end of the page, outside the card; at 1280 px in its own column
    expect(panel.closest('.auth')).toBeNull();
    expect(panel.className).toContain('chat--column');
    expect(document.body.classList.contains('with-chat-column')).toBe(true);
    expect(document.activeElement).toBe(panel);
    expect(screen.getByRole('button', { name: 'Chat' }).getAttribute('aria-expanded')).toBe('true');
    expect(localStorage.getItem('chat.autoOpened')).toBeNull();
  });

  it('is reached by keyboard; Escape closes it and gives the focus back to the launcher; the launcher toggles it', async () => {
    setWidth(390);
    render(<LoginCard />);
    const user = userEvent.setup();
    // the first Tab stop is the launcher (the brand is text, the card's controls follow)
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat' }));
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('chat-panel');
    // a phone: a sheet, not a column, and the page keeps its width
    expect(panel.className).not.toContain('chat--column');
    expect(document.body.classList.contains('with-chat-column')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('chat-panel')).toBeNull());
    const launcher = screen.getByRole('button', { name: 'Chat' });
    expect(document.activeElement).toBe(launcher);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    // again: the same connection (no second token call), then the close button
    await user.click(launcher);
    await screen.findByTitle('Chat with Anna (sandbox chat provider)');
    expect(api.chatToken).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    // and the launcher closes an open panel too
    await user.click(launcher);
    await screen.findByTestId('chat-panel');
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
  });

  it('a signed-in trader on a public page keeps the tips (a token came with the connection)', async () => {
    api.chatToken.mockReset().mockResolvedValue({ ...guest, token: 'tok-9' });
    render(<VisitorChat />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const frame = await screen.findByTitle('Chat with Anna (sandbox chat provider)');
    expect(frame.getAttribute('src')).toBe('/chat/widget#lang=en&token=tok-9');
    expect(await screen.findByLabelText(/^Tip amount in/)).toBeTruthy();
    expect(screen.queryByTestId('chat-guest')).toBeNull();
  });

  it('is not there on a page where the settings hide the chat', async () => {
    act(() => window.history.replaceState(null, '', '/en/forgot'));
    render(<LoginCard />);
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
