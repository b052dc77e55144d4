import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

const api = vi.hoisted(() => ({
  initSupport: vi.fn(),
  loadTicketForm: vi.fn(),
  listTickets: vi.fn(),
  showTicket: vi.fn(),
  createTicket: vi.fn(),
  replyTicket: vi.fn(),
  closeTicket: vi.fn(),
  dropAttachments: vi.fn(),
  unshiftAttachment: vi.fn(),
  ATTACHMENT_UPLOAD_URL: '/api/kayako/upload/attachment/no',
  attachmentUrl: (ticket: string, attachment: string) => `/api/kayako/att?id=${ticket}&pid=${attachment}`,
}));
const uploads = vi.hoisted(() => ({ uploadDocument: vi.fn(), UploadAborted: class UploadAborted extends Error {} }));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
const events = vi.hoisted(() => ({ listeners: [] as Array<(e: { type: string; id?: string; status?: string }) => void> }));
vi.mock('../../api/support', () => api);
vi.mock('../../api/verification', () => uploads);
vi.mock('../../api/session', () => session);
vi.mock('../../api/events', () => ({
  onServerEvent: (l: (e: { type: string }) => void) => {
    events.listeners.push(l);
    return () => events.listeners.splice(events.listeners.indexOf(l), 1);
  },
}));

const { default: SupportPage } = await import('./SupportPage');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const form = {
  departments: [{ id: '27', name: 'Support' }, { id: '62', name: 'Payments' }],
  priority: [{ id: '1', name: 'Normal' }, { id: '2', name: 'High' }],
  defaults: { page: '27', dialog: '62', priority: '1' },
  maxAttachments: 3,
  maxBytes: 10 * 1024 * 1024,
};
const summary = (over: object = {}) => ({
  id: 't-1', subject: 'Stuck payment', status: 'Closed', status_id: 3, department: '27', priority: '1',
  activity: '2026-11-25T10:00:00.000Z', created_at: '2026-11-25T10:00:00.000Z', unread: false, about: null, ...over,
});
const thread = (over: object = {}, messages: object[] = []) => ({
  ticket: summary(over),
  messages: [
    { id: 'm-1', author: 'trader', name: 'T', content: 'My payment is stuck, see https://example.com/p', created_at: '2026-11-25T10:00:00.000Z', attachments: [{ id: 'a-1', name: 'receipt.png', mime: 'image/png', size: 2048 }] },
    ...messages,
  ],
});

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: testUser(), csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});
beforeEach(() => {
  vi.clearAllMocks();
  api.listTickets.mockResolvedValue({ tickets: [summary()] });
});

const renderPage = (lang: 'en' | 'ru' = 'en', add?: string) =>
  render(
    <I18nProvider lang={lang} dict={lang === 'en' ? en : ru}>
      <SupportPage add={add} />
    </I18nProvider>,
  );

describe('SupportPage', () => {
  it('lists tickets with their status and unread mark; opens one as a thread with links made safe and attachment links; the reply reopens it', async () => {
    api.initSupport.mockResolvedValue({ form, tickets: [summary(), summary({ id: 't-2', subject: 'Withdrawal', status_id: 2, status: 'Answered', unread: true, activity: '2026-11-26T10:00:00.000Z' })], unread: 1 });
    api.showTicket.mockResolvedValue(thread());
    api.replyTicket.mockResolvedValue(thread({ status_id: 1, status: 'Open' }, [{ id: 'm-2', author: 'trader', name: 'T', content: 'Any news?', created_at: '2026-11-25T12:00:00.000Z', attachments: [] }]));
    const { unmount } = renderPage();
    const rows = await screen.findAllByTestId('support-ticket-row');
    expect(rows.map((r) => r.getAttribute('data-ticket'))).toEqual(['t-2', 't-1']);
    expect(within(rows[0]).getByText('Answered')).toBeTruthy();
    expect(within(rows[0]).getByTestId('support-ticket-unread')).toBeTruthy();
    expect(within(rows[1]).getByText('Closed')).toBeTruthy();
    fireEvent.click(rows[1]);
    await screen.findByTestId('support-thread');
    const message = (await screen.findAllByTestId('support-message'))[0];
    const link = within(message).getByRole('link', { name: 'https://example.com/p' });
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('support-attachment-link').getAttribute('href')).toBe('/api/kayako/att?id=t-1&pid=a-1');
    expect(screen.queryByTestId('support-close')).toBeNull();
    fireEvent.change(screen.getByTestId('support-reply-text'), { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByTestId('support-reply-send'));
    await screen.findByText('Your reply opened the ticket again.');
    expect(api.replyTicket).toHaveBeenCalledWith(expect.objectContaining({ ticket: 't-1', content: 'Any news?' }));
    await waitFor(() => expect(api.listTickets).toHaveBeenCalled());
    expect(screen.getAllByTestId('support-message')).toHaveLength(2);
    unmount();
  });

  it('a failed reply keeps the text and sends again with the same key', async () => {
    api.initSupport.mockResolvedValue({ form, tickets: [summary({ status_id: 1, status: 'Open' })], unread: 0 });
    api.showTicket.mockResolvedValue(thread({ status_id: 1, status: 'Open' }));
    api.replyTicket.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce(thread({ status_id: 1, status: 'Open' }));
    const { unmount } = renderPage('en', 't-1');
    await screen.findByTestId('support-thread');
    fireEvent.change(await screen.findByTestId('support-reply-text'), { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByTestId('support-reply-send'));
    await screen.findByText(/Your reply could not be sent/);
    expect((screen.getByTestId('support-reply-text') as HTMLTextAreaElement).value).toBe('Hello?');
    fireEvent.click(screen.getByTestId('support-reply-retry'));
    await waitFor(() => expect(api.replyTicket).toHaveBeenCalledTimes(2));
    expect(api.replyTicket.mock.calls[0][0].key).toBe(api.replyTicket.mock.calls[1][0].key);
    unmount();
  });

  it("closes with 'Close Ticket / Are you sure?'; a failed close says 'Server error try again later.'; an agent reply pushed appears", async () => {
    api.initSupport.mockResolvedValue({ form, tickets: [summary({ status_id: 1, status: 'Open' })], unread: 0 });
    api.showTicket.mockResolvedValue(thread({ status_id: 1, status: 'Open' }));
    api.closeTicket.mockRejectedValueOnce({ kind: 'http', status: 500, error: 'server_error', message: '' });
    const { unmount } = renderPage('en', 't-1');
    fireEvent.click(await screen.findByTestId('support-close'));
    expect(screen.getByText('Close Ticket')).toBeTruthy();
    expect(screen.getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('support-close-no'));
    expect(screen.queryByText('Are you sure?')).toBeNull();
    fireEvent.click(screen.getByTestId('support-close'));
    fireEvent.click(screen.getByTestId('support-close-yes'));
    expect((await screen.findByTestId('support-close-error')).textContent).toBe('Server error try again later.');
    api.showTicket.mockResolvedValue(thread({ status_id: 2, status: 'Answered' }, [{ id: 'm-9', author: 'agent', name: 'Anna', content: 'We found it.', created_at: '2026-11-25T13:00:00.000Z', attachments: [] }]));
    act(() => events.listeners.forEach((l) => l({ type: 'ticket.updated', id: 't-1', status: '2' })));
    await screen.findByText('We found it.');
    expect(screen.getByText('Anna')).toBeTruthy();
    unmount();
  });

  it('a new ticket on the page: department 27 and priority 1, bounds checked, then the ticket opens', async () => {
    api.initSupport.mockResolvedValue({ form, tickets: [], unread: 0 });
    api.createTicket.mockResolvedValue(thread({ id: 't-5', status_id: 1, status: 'Open', subject: 'Help' }));
    api.showTicket.mockResolvedValue(thread({ id: 't-5', status_id: 1, status: 'Open', subject: 'Help' }));
    const { unmount } = renderPage();
    await screen.findByText('You have no tickets yet.');
    fireEvent.click(screen.getByTestId('support-new'));
    expect((await screen.findByTestId('support-department') as HTMLSelectElement).value).toBe('27');
    expect((screen.getByTestId('support-priority') as HTMLSelectElement).value).toBe('1');
    fireEvent.click(screen.getByTestId('support-new-submit'));
    expect(screen.getByText('Write a subject.')).toBeTruthy();
    expect(screen.getByText('Write your message.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('support-subject'), { target: { value: 'Help' } });
    fireEvent.change(screen.getByTestId('support-content'), { target: { value: 'My card payment is pending.' } });
    fireEvent.click(screen.getByTestId('support-new-submit'));
    await screen.findByTestId('support-thread');
    expect(api.createTicket).toHaveBeenCalledWith(expect.objectContaining({ departments: '27', priority: '1', subject: 'Help', content: 'My card payment is pending.' }));
    expect(api.createTicket.mock.calls[0][0].key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    unmount();
  });

  it('init is tried 3 times, then says so in Russian with a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.initSupport.mockRejectedValue({ kind: 'network' });
      const { unmount } = renderPage('ru');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4_000);
      });
      expect(api.initSupport).toHaveBeenCalledTimes(3);
      expect((await screen.findByTestId('support-init-failed')).textContent).toContain('после 3 попыток');
      api.initSupport.mockResolvedValue({ form, tickets: [], unread: 0 });
      fireEvent.click(screen.getByText('Попробовать снова'));
      await screen.findByText('У вас пока нет обращений.');
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
