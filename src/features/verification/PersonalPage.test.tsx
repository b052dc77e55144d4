import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser, usdBalance } from '../../test/fixtures';

const api = vi.hoisted(() => ({
  loadVerification: vi.fn(),
  unshiftDocument: vi.fn(),
  uploadDocument: vi.fn(),
  UploadAborted: class UploadAborted extends Error {},
}));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/verification', () => api);
vi.mock('../../api/session', () => session);

const { default: PersonalPage } = await import('./PersonalPage');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const user = testUser({ balances: usdBalance('100.00'), available: '100.00', verification: 'None', sign: false });
const settings = testSettings();
const state = (over: object = {}) => ({
  verification: 'None', verification_type: 'passport', required: ['passport', 'address'], canUpload: true, canSign: false, signed: false,
  signatureId: null, fileMax: 1, maxBytes: 10 * 1024 * 1024,
  documents: [{ id: '0b7a4c7e-58f5-4b0e-9d0a-3f1f2f9f0c11', kind: 'address', status: 'rejected', reason: 'Too old', mime: 'application/pdf', size: 900, sha256: 'a'.repeat(64), created_at: '2026-11-25T10:00:00.000Z', reviewed_at: '2026-11-25T11:00:00.000Z' }],
  ...over,
});

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user, csrf: 'c' });
  session.getSettings.mockResolvedValue(settings);
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

describe('PersonalPage', () => {
  it('lists each required document with its status and the reviewer reason; a chosen file goes up with its progress', async () => {
    api.loadVerification.mockResolvedValue(state());
    let progress: ((loaded: number, total: number) => void) | undefined;
    api.uploadDocument.mockImplementation((_kind: string, _file: Blob, _name: string, options: { onProgress?: (l: number, t: number) => void }) => {
      progress = options.onProgress;
      return new Promise(() => {});
    });
    const { unmount } = render(
      <I18nProvider lang="en" dict={en}>
        <PersonalPage />
      </I18nProvider>,
    );
    await screen.findByText('Rejected: Too old');
    expect(screen.getByTestId('document-passport-status').textContent).toBe('Not sent yet');
    const file = new File([new Uint8Array(2048)], 'passport.png', { type: 'image/png' });
    fireEvent.change(screen.getAllByTestId('upload-input')[0], { target: { files: [file] } });
    await waitFor(() => expect(api.uploadDocument).toHaveBeenCalledWith('passport', file, 'passport.png', expect.anything()));
    progress!(1024, 2048);
    await waitFor(() => expect(screen.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Cancel upload')).toBeTruthy();
    unmount();
  });

  it('in Russian, a trader who may not upload is told why instead of the control', async () => {
    api.loadVerification.mockResolvedValue(state({ canUpload: false, documents: [] }));
    const { unmount } = render(
      <I18nProvider lang="ru" dict={ru}>
        <PersonalPage />
      </I18nProvider>,
    );
    const locked = await screen.findByTestId('upload-locked');
    expect(locked.textContent).toContain('после первого пополнения');
    expect(screen.queryAllByTestId('upload-input')).toEqual([]);
    expect(screen.getByText('Подписать можно после пополнения счёта или с разрешения поддержки.')).toBeTruthy();
    unmount();
  });
});
