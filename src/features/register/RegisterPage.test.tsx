import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo } from '../../flows/shell/navigation';
import RegisterPage from './RegisterPage';

// the server is replaced by answers of its contract (the browser test, register.e2e.ts, uses the real one)
const api = vi.hoisted(() => ({ register: vi.fn(), checkRegisterField: vi.fn() }));
vi.mock('../../api/register', () => api);
vi.mock('../../flows/shell/navigation', async (original) => ({ ...(await original<object>()), goTo: vi.fn() }));
const { register, checkRegisterField } = api;

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const errorOf = (name: string) => screen.queryByTestId(`error-${name}`)?.textContent ?? null;

/** fills the form the fast way (one change event per field, as a paste or autofill would) */
async function fillGermanForm(): Promise<void> {
  const values: [string, string][] = [
    ['Country of residence', 'DE'],
    ['Email', 'anna@example.org'],
    ['Password *', 'Long-enough-2026'],
    ['First name', 'Anna'],
    ['Last name', 'Schmidt'],
    ['Phone number', '1512 3456789'],
  ];
  for (const [label, value] of values) fireEvent.change(field(label), { target: { value } });
  // the legal documents (issue 30 §5): unticked at first
  fireEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
}

describe('RegisterPage', { timeout: 15_000 }, () => {
  beforeEach(() => {
    checkRegisterField.mockResolvedValue({ error: false, message: 'OK' });
    register.mockResolvedValue({ ok: true, key: 'k-1', url: '/en/autologin?key=k-1' });
  });
  afterEach(() => vi.clearAllMocks());

  it('labels every field with the autocomplete hints browsers and password managers need', () => {
    render(<RegisterPage />);
    expect(field('Country of residence').getAttribute('autocomplete')).toBe('country');
    expect(field('Email').getAttribute('autocomplete')).toBe('email');
    expect(field('Password *').getAttribute('autocomplete')).toBe('new-password');
    expect(field('First name').getAttribute('autocomplete')).toBe('given-name');
    expect(field('Last name').getAttribute('autocomplete')).toBe('family-name');
    expect(field('Phone number').getAttribute('autocomplete')).toBe('tel-national');
    expect(field('Account currency').value).toBe('USD');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/login');
  });

  it('the calling code follows the country, and a US number asks for the area code', () => {
    render(<RegisterPage />);
    fireEvent.change(field('Country of residence'), { target: { value: 'DE' } });
    expect(field('Calling code').value).toBe('49');
    expect(screen.getByText(/Without the calling code/)).toBeTruthy();
    fireEvent.change(field('Country of residence'), { target: { value: 'US' } });
    expect(field('Calling code').value).toBe('1');
    expect(screen.getByText(/10-digit number with the area code, e.g./)).toBeTruthy();
  });

  it('shows the password rules as the trader types', async () => {
    render(<RegisterPage />);
    const rules = () => [...screen.getByRole('list', { name: 'Your password' }).querySelectorAll('li')].map((li) => li.className === 'reg-rules__ok');
    expect(rules()).toEqual([false, false, false]);
    await userEvent.type(field('Password *'), 'Mountain');
    expect(rules()).toEqual([false, true, true]);
    await userEvent.type(field('Password *'), '-river-9');
    expect(rules()).toEqual([true, true, true]);
  });

  it('checks a field when it is left, and the error goes as the trader corrects it', async () => {
    render(<RegisterPage />);
    await userEvent.type(field('Email'), 'anna@');
    await userEvent.tab();
    await waitFor(() => expect(errorOf('login')).toContain('This is not an email address'));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(field('Email'), 'example.org');
    expect(errorOf('login')).toBeNull();
    await userEvent.tab();
    await waitFor(() => expect(checkRegisterField).toHaveBeenCalledWith({ field: 'login', em: 'anna@example.org' }));
    expect(errorOf('login')).toBeNull();
  });

  it('an empty submit marks every required field and focuses the first, without calling the server', async () => {
    render(<RegisterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Please correct the marked fields'));
    expect(errorOf('country')).toBe('Please choose your country.');
    expect(errorOf('login')).toBe('Please fill in this field.');
    expect(errorOf('firstName')).toBe('Please fill in this field.');
    expect(document.activeElement).toBe(field('Country of residence'));
    expect(register).not.toHaveBeenCalled();
  });

  it('the legal documents: an unticked box, each name a link to its page in a new tab; a submit without it is refused beside the box, which takes the focus', async () => {
    render(<RegisterPage />);
    const box = screen.getByRole('checkbox', { name: 'I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    for (const [name, href] of [['Client Agreement', '/en/legal/client-agreement'], ['Risk Disclosure', '/en/legal/risk-disclosure'], ['Privacy Notice', '/en/legal/privacy-notice']]) {
      const link = screen.getByRole('link', { name });
      expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([href, '_blank']);
    }
    await fillGermanForm();
    // untick it again: everything else is right
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(errorOf('terms')).toBe('Please tick the box to accept the Client Agreement, Risk Disclosure and Privacy Notice: we cannot open an account without it.'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain('reg-terms-error');
    expect(document.activeElement).toBe(box);
    expect(register).not.toHaveBeenCalled();
    await userEvent.click(box);
    expect(errorOf('terms')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(register).toHaveBeenCalledWith(expect.objectContaining({ terms: true })));
  });

  it('a duplicate email from the server is shown beside the email, and everything typed stays', async () => {
    register.mockRejectedValue({
      kind: 'http',
      status: 409,
      error: 'register.email_taken',
      message: 'An account with this email already exists.',
      fields: { login: 'register.email_taken' },
    });
    render(<RegisterPage />);
    await fillGermanForm();
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(errorOf('login')).toBe('An account with this email already exists. Please sign in instead.'));
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ country: 'DE', phone_prefix: '49', login: 'anna@example.org', usNotice: false, terms: true, lang: 'en' }));
    expect(field('Email').value).toBe('anna@example.org');
    expect(field('Password *').value).toBe('Long-enough-2026');
    expect(field('Phone number').value).toBe('1512 3456789');
    expect(field('Last name').value).toBe('Schmidt');
    expect(document.activeElement).toBe(field('Email'));
    expect(goTo).not.toHaveBeenCalled();
  }, 15_000);

  it('a US resident must accept the notice: going back marks it, agreeing opens the account and goes to autologin', async () => {
    render(<RegisterPage />);
    await fillGermanForm();
    fireEvent.change(field('Country of residence'), { target: { value: 'US' } });
    fireEvent.change(field('Phone number'), { target: { value: '202 555 0143' } });
    // the US state list (spec 001 §3): shown for US only, required
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    expect(errorOf('state')).toBe('Choose your state.');
    fireEvent.change(field('State'), { target: { value: 'NY' } });
    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    const notice = await screen.findByRole('dialog', { name: 'Notice for US residents' });
    expect(notice.textContent).toContain('not regulated in the United States');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(errorOf('usNotice')).toBe('US residents must accept the notice to open an account.');
    expect(register).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await screen.findByRole('dialog', { name: 'Notice for US residents' });
    await userEvent.click(screen.getByRole('button', { name: 'I understand and agree' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/en/autologin?key=k-1&first=1'));
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ country: 'US', phone_prefix: '1', phone: '202 555 0143', usNotice: true, state: 'NY' }));
  }, 15_000);

  it('opens a demo account: no email asked, the login the server made is shown with how to sign in again, then autologin', async () => {
    register.mockResolvedValue({ ok: true, key: 'k-demo', url: '/en/autologin?key=k-demo', login: 'demo-0a1b2c3d4e@brokerage.test' });
    render(<RegisterPage />);
    await fillGermanForm();
    await userEvent.click(screen.getByRole('button', { name: 'Open a demo account' }));
    expect(screen.getByRole('heading', { name: 'Open a demo account' })).toBeTruthy();
    expect(screen.queryByLabelText('Email', { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open my demo account' }));
    expect((await screen.findByTestId('demo-login')).textContent).toBe('demo-0a1b2c3d4e@brokerage.test');
    expect(screen.getByTestId('demo-opened').textContent).toContain('use this login and the password you chose');
    // the password is the trader's own: it is never shown back
    expect(screen.getByTestId('demo-opened').textContent).not.toContain('Long-enough-2026');
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ demo: true, login: '', password: 'Long-enough-2026', country: 'DE' }));
    expect(goTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to trading' }));
    expect(goTo).toHaveBeenCalledWith('/en/autologin?key=k-demo&first=1');
  }, 15_000);

  it('a demo account can be left for a real one again, and everything typed stays', async () => {
    render(<RegisterPage />);
    await fillGermanForm();
    await userEvent.click(screen.getByRole('button', { name: 'Open a demo account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open a real account instead' }));
    expect(field('Email').value).toBe('anna@example.org');
    expect(screen.getByRole('button', { name: 'Open my account' })).toBeTruthy();
  });
});
