import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

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
  attachmentUrl: () => '',
}));
const uploads = vi.hoisted(() => ({ uploadDocument: vi.fn(), UploadAborted: class UploadAborted extends Error {} }));
vi.mock('../../api/support', () => api);
vi.mock('../../api/verification', () => uploads);

const { modalActor } = await import('../../flows/shell/app.flow');
const { ModalHost } = await import('../shell/ModalHost');
const { AskSupport } = await import('./AskSupport');
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
const created = {
  ticket: { id: 't-9', subject: 'Payment', status: 'Open', status_id: 1, department: '62', priority: '1', activity: '', created_at: '', unread: false, about: { kind: 'payment', id: 'p-1' } },
  messages: [],
};

beforeAll(() => {
  modalActor.start();
});

describe('SupportDialog', () => {
  it('"Ask about this payment" opens the dialog (department 62, about the payment); an attachment is staged; a failure keeps everything; the success closes after 3500 ms', async () => {
    api.loadTicketForm.mockResolvedValue(form);
    api.createTicket.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce(created);
    let finish: ((value: unknown) => void) | undefined;
    uploads.uploadDocument.mockImplementation((kind: string, _file: Blob, _name: string, options: { url?: string }) => {
      expect([kind, options.url]).toEqual(['attachment', '/api/kayako/upload/attachment/no']);
      return new Promise((resolve) => (finish = resolve));
    });
    render(
      <I18nProvider lang="en" dict={en}>
        <AskSupport about={{ kind: 'payment', id: 'p-1' }} />
        <ModalHost />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId('support-ask'));
    expect(screen.getByTestId('support-ask').textContent).toBe('Ask about this payment');
    await screen.findByTestId('support-dialog');
    expect((await screen.findByTestId('support-department') as HTMLSelectElement).value).toBe('62');
    expect(screen.getByTestId('support-about').textContent).toBe('About payment p-1');
    fireEvent.change(screen.getByTestId('support-subject'), { target: { value: 'Payment' } });
    fireEvent.change(screen.getByTestId('support-content'), { target: { value: 'Where is my money?' } });
    const file = new File([new Uint8Array(10)], 'receipt.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('support-new-attachment-input'), { target: { files: [file] } });
    await waitFor(() => expect(uploads.uploadDocument).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('support-new-submit'));
    expect(screen.getByTestId('support-new-error').textContent).toBe('Wait until the files are uploaded, or remove the ones that failed.');
    await act(async () => finish!({ message: 'Upload successful', document: { id: 'doc-1' } }));
    await waitFor(() => expect(screen.getByTestId('support-attachment').getAttribute('data-stored')).toBe('true'));
    fireEvent.click(screen.getByTestId('support-new-submit'));
    await screen.findByText('The ticket could not be sent. Everything you typed is kept; try again.');
    expect((screen.getByTestId('support-subject') as HTMLInputElement).value).toBe('Payment');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByTestId('support-new-submit'));
      await screen.findByTestId('support-created');
      const [first, second] = api.createTicket.mock.calls.map((c) => c[0]);
      expect(second).toMatchObject({ departments: '62', priority: '1', subject: 'Payment', content: 'Where is my money?', attachments: ['doc-1'], about: { kind: 'payment', id: 'p-1' } });
      expect(second.key).toBe(first.key);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      expect(screen.getByTestId('support-dialog')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(600);
      });
      await waitFor(() => expect(screen.queryByTestId('support-dialog')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks Russian; the withdrawal link names the withdrawal', async () => {
    api.loadTicketForm.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce(form);
    render(
      <I18nProvider lang="ru" dict={ru}>
        <AskSupport about={{ kind: 'withdrawal', id: 'w-1' }} />
        <ModalHost />
      </I18nProvider>,
    );
    expect(screen.getByTestId('support-ask').textContent).toBe('Спросить об этом выводе');
    fireEvent.click(screen.getByTestId('support-ask'));
    await screen.findByText('Не удалось загрузить форму поддержки.');
    fireEvent.click(screen.getByText('Попробовать снова'));
    expect((await screen.findByTestId('support-about')).textContent).toBe('О выводе w-1');
    fireEvent.click(screen.getByText('Отмена'));
    await waitFor(() => expect(screen.queryByTestId('support-dialog')).toBeNull());
  });
});
