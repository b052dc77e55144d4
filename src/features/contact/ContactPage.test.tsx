import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../test/fixtures';

// the server is replaced by answers of its contract (the browser test uses the real one)
const contact = vi.hoisted(() => ({ getSupportInfo: vi.fn(), sendContact: vi.fn(), requestCall: vi.fn() }));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/contact', () => contact);
vi.mock('../../api/session', () => session);

const { default: ContactPage } = await import('./ContactPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');

// signed out: the page is open to anyone
beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: null, csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedOut')).toBe(true));
});
beforeEach(() => {
  contact.getSupportInfo.mockReset();
  contact.sendContact.mockReset();
  contact.getSupportInfo.mockResolvedValue({ email: 'support@example.com', phone: '+1 (555) 010-0200' });
});

const page = (lang: 'en' | 'ru' = 'en') => render(<I18nProvider lang={lang} dict={lang === 'en' ? en : ru}><ContactPage /></I18nProvider>);
const fill = () => {
  fireEvent.change(screen.getByTestId('contact-name'), { target: { value: 'Ann Lee' } });
  fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '+44 20 7946 0000' } });
  fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'My card payment is stuck.' } });
};

describe('ContactPage (/{lang}/contacts)', () => {
  it('shows the support email and phone as mailto: and tel: links, titles the page, and links back to sign in', async () => {
    page();
    expect((await screen.findByTestId('contact-info-email')).getAttribute('href')).toBe('mailto:support@example.com');
    expect(screen.getByTestId('contact-info-phone').getAttribute('href')).toBe('tel:+15550100200');
    expect(document.title).toBe('Contact us · Brokerage');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/en/login');
    expect(screen.getByLabelText('Your name').getAttribute('autocomplete')).toBe('name');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
  });

  it('keeps the honeypot away from people: hidden from screen readers, out of the tab order, no autofill', () => {
    page();
    const trap = screen.getByTestId('contact-website');
    expect([trap.getAttribute('tabindex'), trap.getAttribute('autocomplete'), trap.closest('[aria-hidden="true"]') !== null]).toEqual(['-1', 'off', true]);
  });

  it('says what is wrong with each field before sending and focuses the first', async () => {
    page();
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '12345' } });
    await userEvent.click(screen.getByTestId('contact-submit'));
    expect(screen.getByTestId('contact-error-name').textContent).toBe('Please enter your name.');
    expect(screen.getByTestId('contact-error-email').textContent).toBe('Please enter a valid email address.');
    expect(screen.getByTestId('contact-error-phone').textContent).toBe('Please enter a phone number of at least 7 characters.');
    expect(screen.getByTestId('contact-error-message').textContent).toBe('Please write your message.');
    expect(document.activeElement).toBe(screen.getByTestId('contact-name'));
    expect(screen.getByTestId('contact-name').getAttribute('aria-describedby')).toBe('contact-name-error');
    expect(contact.sendContact).not.toHaveBeenCalled();
  });

  it('sends once; return true shows the success', async () => {
    contact.sendContact.mockResolvedValue({ return: true, message: 'OK' });
    page();
    fill();
    await userEvent.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByTestId('contact-result')).textContent).toBe('Thank you! Your message has been sent. We will answer you by email.');
    expect(contact.sendContact).toHaveBeenCalledTimes(1);
    expect(contact.sendContact).toHaveBeenCalledWith({ name: 'Ann Lee', email: 'ann@example.com', phone: '+44 20 7946 0000', message: 'My card payment is stuck.', website: '' });
  });

  it('return false shows its message and keeps the form; a lost answer offers retry with everything kept', async () => {
    contact.sendContact.mockResolvedValueOnce({ return: false, error: 'contacts.rejected', message: 'We could not accept this message.' });
    contact.sendContact.mockRejectedValueOnce({ kind: 'network' });
    page();
    fill();
    await userEvent.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not accept this message.');
    expect((screen.getByTestId('contact-message') as HTMLTextAreaElement).value).toBe('My card payment is stuck.');
    await userEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('We could not send your message. Please try again.'));
    expect(screen.getByTestId('contact-submit').textContent).toBe('Try again');
    expect((screen.getByTestId('contact-message') as HTMLTextAreaElement).value).toBe('My card payment is stuck.');
  });

  it('speaks Russian, and says when the contact details could not be loaded', async () => {
    contact.getSupportInfo.mockRejectedValue({ kind: 'network' });
    page('ru');
    expect(await screen.findByText('Не удалось загрузить наши контакты.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Связаться с нами');
    expect(screen.getByLabelText('Ваше имя')).toBeTruthy();
    expect(document.title).toBe(`Связаться с нами · ${ru['app.name']}`);
  });
});
