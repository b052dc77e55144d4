import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactRequest, ContactResponse, SupportInfo } from '../../../core/contract/support';
import { contactErrors, contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import { connectContactForm, telHref } from './contact-form.connect';

const info: SupportInfo = { email: 'support@example.com', phone: '+1 (555) 010-0200' };

function start(send: (input: ContactRequest) => Promise<ContactResponse>, loadInfo: () => Promise<SupportInfo> = async () => info) {
  const sent: ContactRequest[] = [];
  const machine = contactFormMachine.provide({
    actors: {
      loadInfo: fromPromise(() => loadInfo()),
      sendContact: fromPromise(async ({ input }) => {
        sent.push(input);
        return send(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  const view = () => connectContactForm(actor.getSnapshot(), actor.send);
  const fill = () => {
    view().onChange('name', ' Ann Lee ');
    view().onChange('email', 'ann@example.com');
    view().onChange('phone', '+44 20 7946 0000');
    view().onChange('message', 'My card payment is stuck.');
  };
  return { actor, sent, view, fill };
}

describe('contactErrors', () => {
  it('gives each field one clear key: required, email shape, phone at least 7, lengths', () => {
    expect(contactErrors({ name: ' ', email: 'ann@', phone: '123456', message: '', website: '' })).toEqual({
      name: { key: 'contacts.error_name' },
      email: { key: 'contacts.error_email' },
      phone: { key: 'contacts.error_phone' },
      message: { key: 'contacts.error_message' },
    });
    expect(contactErrors({ name: 'a'.repeat(101), email: 'a@b.co', phone: '1'.repeat(33), message: 'x'.repeat(5001), website: '' })).toEqual({
      name: { key: 'contacts.too_long', params: { max: 100 } },
      phone: { key: 'contacts.too_long', params: { max: 32 } },
      message: { key: 'contacts.too_long', params: { max: 5000 } },
    });
    expect(contactErrors({ name: 'Ann', email: 'a@b.co', phone: '1234567', message: 'Hi', website: '' })).toEqual({});
  });
});

describe('connectContactForm', () => {
  it('shows the support email and phone as mailto: and tel: links; a failed /api/info can be retried', async () => {
    let fail = true;
    const { actor, view } = start(async () => ({ return: true, message: '' }), async () => {
      if (fail) throw { kind: 'network' };
      return info;
    });
    expect(view().infoLoading).toBe(true);
    await waitFor(actor, (s) => s.matches({ info: 'unavailable' }));
    expect([view().info, view().infoUnavailable]).toEqual([null, true]);
    fail = false;
    view().onInfoRetry();
    await waitFor(actor, (s) => s.matches({ info: 'shown' }));
    expect(view().info).toEqual({ email: info.email, phone: info.phone, mailto: 'mailto:support@example.com', tel: 'tel:+15550100200' });
    expect(telHref('8 (800) 555-35-35')).toBe('tel:88005553535');
  });

  it('refuses empty fields before sending, focusing the first; a field edited loses its error; return true is the success, sent once', async () => {
    const { actor, sent, view, fill } = start(async () => ({ return: true, message: 'Thank you' }));
    view().onSubmit();
    expect([Object.keys(view().errors), view().firstBadField, view().shakes]).toEqual([['name', 'email', 'phone', 'message'], 'name', 1]);
    view().onChange('name', 'Ann');
    expect(view().firstBadField).toBe('email');
    fill();
    view().onChange('website', '');
    view().onSubmit();
    view().onSubmit();
    expect([view().isBusy, view().submitLabel]).toEqual([true, { key: 'contacts.sending' }]);
    await waitFor(actor, (s) => s.matches({ form: 'sent' }));
    expect(sent).toEqual([{ name: 'Ann Lee', email: 'ann@example.com', phone: '+44 20 7946 0000', message: 'My card payment is stuck.', website: '' }]);
    expect([view().isSent, view().isForm, view().success]).toEqual([true, false, { key: 'contacts.success', fallback: 'Thank you' }]);
    view().onAgain();
    expect([view().isForm, view().values.message, view().values.name]).toEqual([true, '', ' Ann Lee ']);
  });

  it('return false shows its error or message and keeps the form; a 400 refusal marks its fields', async () => {
    let answer: () => Promise<ContactResponse> = async () => ({ return: false, error: 'contacts.error_email', message: 'Please enter a valid email.' });
    const { actor, view, fill } = start(() => answer());
    fill();
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'editing' }) && s.context.error !== null);
    expect([view().error, view().values.message, view().canRetry]).toEqual([{ key: 'contacts.error_email', fallback: 'Please enter a valid email.' }, 'My card payment is stuck.', false]);
    answer = async () => ({ return: false, message: 'We could not take your message.' });
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'editing' }) && s.context.shakes === 2);
    expect(view().error).toEqual({ key: 'contacts.failed', fallback: 'We could not take your message.' });
    answer = async () => {
      throw { kind: 'http', status: 400, error: 'contacts.invalid', message: 'Check the fields.', fields: { phone: 'contacts.error_phone', other: 'x' } };
    };
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'editing' }) && s.context.shakes === 3);
    expect([view().error, view().errors, view().firstBadField]).toEqual([{ key: 'contacts.invalid', fallback: 'Check the fields.' }, { phone: { key: 'contacts.error_phone' } }, 'phone']);
  });

  it('a lost answer keeps everything and offers retry; the rate limit and a server error are said', async () => {
    let answer: () => Promise<ContactResponse> = async () => {
      throw { kind: 'network' };
    };
    const { actor, sent, view, fill } = start(() => answer());
    fill();
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'failed' }));
    expect([view().error, view().canRetry, view().submitLabel, view().values.message]).toEqual([{ key: 'contacts.server_error' }, true, { key: 'contacts.retry' }, 'My card payment is stuck.']);
    answer = async () => {
      throw { kind: 'http', status: 429, error: 'rate.limited', message: 'Too many messages.' };
    };
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'failed' }) && s.context.shakes === 2);
    expect(view().error).toEqual({ key: 'contacts.rate_limited', fallback: 'Too many messages.' });
    view().onChange('message', 'Still stuck.');
    expect([view().canRetry, view().error]).toEqual([false, null]);
    answer = async () => ({ return: true, message: '' });
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ form: 'sent' }));
    expect(view().success).toEqual({ key: 'contacts.success' });
    expect(sent).toHaveLength(3);
  });
});

describe('the contact form getters', () => {
  it('a refused field is invalid and read with its message; the refusal the hook kept puts the focus on its first field', async () => {
    const { view, actor } = start(async () => ({ ok: true, message: 'sent' }) as unknown as ContactResponse);
    await waitFor(actor, (s) => s.matches({ info: 'shown' }));
    view().onSubmit();
    const refused = connectContactForm(actor.getSnapshot(), actor.send, { shakes: 1, field: 'name' });
    expect(refused.getFieldProps('name')).toMatchObject({ id: 'contact-name', 'aria-invalid': true, 'aria-describedby': 'contact-name-error', 'data-focus-on': 'refused-1' });
    expect(refused.getFieldProps('email')['data-focus-on']).toBeUndefined();
    expect(refused.getErrorProps('name')).toEqual({ id: 'contact-name-error' });
    expect(refused.getLabelProps('name')).toEqual({ htmlFor: 'contact-name' });
    expect(refused.getTrapProps()).toMatchObject({ id: 'contact-website', tabIndex: -1 });
    refused.getFieldProps('name').onChange!({ target: { value: 'Ann' } } as never);
    // edited: its error goes, and so does the focus intent
    const edited = connectContactForm(actor.getSnapshot(), actor.send, { shakes: 1, field: 'name' });
    expect(edited.getFieldProps('name')).toMatchObject({ value: 'Ann', 'aria-invalid': undefined, 'data-focus-on': undefined });
    expect(edited.getInfoProps()).toEqual({ 'aria-labelledby': 'contact-info-title' });
    expect(edited.getInfoTitleProps()).toEqual({ id: 'contact-info-title' });
  });
});
