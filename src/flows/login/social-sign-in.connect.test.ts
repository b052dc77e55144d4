import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { socialSignInMachine } from '../../../machines/social-sign-in/social-sign-in.machine';
import { connectSocial } from './social-sign-in.connect';

const pending = { email: 'new-1a2b3c4d@example.com', firstName: 'Nina', lastName: 'New', provider: 'Sandbox ID' };

async function actorWith(load: () => Promise<typeof pending>, register: () => Promise<{ url: string }> = async () => ({ url: '/en/autologin?key=k' })) {
  const actor = createActor(socialSignInMachine.provide({ actors: { loadPending: fromPromise(load), register: fromPromise(register) } })).start();
  await new Promise((r) => setTimeout(r, 0));
  return actor;
}

describe('connectSocial', () => {
  it('shows the locked email and the names from the provider; asks the state for US only', async () => {
    const actor = await actorWith(async () => pending);
    let api = connectSocial(actor.getSnapshot(), actor.send);
    expect(api).toMatchObject({ showForm: true, email: pending.email, provider: 'Sandbox ID', asksState: false, failed: false });
    expect(api.values).toMatchObject({ firstName: 'Nina', lastName: 'New' });
    api.change('country', 'US');
    api = connectSocial(actor.getSnapshot(), actor.send);
    expect(api.asksState).toBe(true);
    api.submit();
    api = connectSocial(actor.getSnapshot(), actor.send);
    // the country filled the calling code (+1): only the phone itself is missing
    expect(Object.keys(api.errors)).toEqual(expect.arrayContaining(['state', 'usNotice', 'phone']));
    expect(api.errors.phone_prefix).toBeUndefined();
    expect(api.errors.state).toEqual({ key: 'register.state_required' });
  });

  it('an expired sign-in: failed (Operation failed.Please try again.)', async () => {
    const actor = await actorWith(() => Promise.reject({ kind: 'http', status: 410, error: 'social.expired', message: '' }));
    expect(connectSocial(actor.getSnapshot(), actor.send)).toMatchObject({ failed: true, showForm: false });
  });

  it('a field refused by the server is shown beside its field', async () => {
    const actor = await actorWith(async () => pending, () => Promise.reject({ kind: 'http', status: 400, error: 'validation', message: '', fields: { phone: 'register.phone_short' } }));
    const api = connectSocial(actor.getSnapshot(), actor.send);
    api.change('country', 'DE');
    api.change('phone_prefix', '49');
    api.change('phone', '1512 3456789');
    api.change('terms', 'yes');
    api.submit();
    await new Promise((r) => setTimeout(r, 0));
    expect(connectSocial(actor.getSnapshot(), actor.send).errors).toEqual({ phone: { key: 'register.phone_short' } });
  });

  it('the legal documents (issue 30 §5): unticked at first and refused beside the box; ticked, the registration sends them accepted', async () => {
    let sent = false;
    const actor = await actorWith(async () => pending, async () => {
      sent = true;
      return { url: '/en/autologin?key=k' };
    });
    const view = () => connectSocial(actor.getSnapshot(), actor.send);
    expect(view().getTermsProps()).toMatchObject({ type: 'checkbox', checked: false, 'aria-describedby': 'reg-terms-hint' });
    view().change('country', 'DE');
    view().change('phone', '1512 3456789');
    view().submit();
    expect(view().errors).toEqual({ terms: { key: 'register.terms_required' } });
    expect(view().getTermsProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'reg-terms-hint reg-terms-error' });
    view().getTermsProps().onChange({ target: { checked: true } });
    expect(view().getTermsProps().checked).toBe(true);
    view().submit();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toBe(true);
  });

  it('fills the calling code from the chosen country, as the registration form does', async () => {
    const actor = await actorWith(async () => pending);
    const view = () => connectSocial(actor.getSnapshot(), actor.send);
    expect(view().values.phone_prefix).toBe('');
    view().change('country', 'DE');
    expect(view().values.phone_prefix).toBe('49');
    view().change('country', 'RU');
    expect(view().values.phone_prefix).toBe('7');
    // a prefix the trader types stays while other fields change
    view().change('phone_prefix', '44');
    view().change('phone', '20 7946 0958');
    expect(view().values.phone_prefix).toBe('44');
    view().change('country', 'US');
    expect(view().values).toMatchObject({ country: 'US', phone_prefix: '1' });
  });
});
