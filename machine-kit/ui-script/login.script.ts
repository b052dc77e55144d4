import type { ScriptStep, UiScript } from './types';

const signInForm = (password: string): ScriptStep[] => [
  { fill: { label: 'Email', value: '{{user.email}}' } },
  { fill: { label: 'Password', value: password } },
  { click: { role: 'button', name: 'Sign in' } },
];
const platform = ['platformLogin.done', 'platformLogin.error'];
const session = ['sessionLogin.done', 'sessionLogin.error'];

/**
 * Sign-in at /en/login (spec 000 §1) with a fresh sandbox trader: the platform's real refusals (a
 * wrong password, its attempt limit), its scripted ones (POST /api/sandbox/script {platform}), our
 * server's limit, a lost connection, and the email second factor (the code from the outbox).
 * The same keys as machine-tests/ui-paths/bindings/login.ts (a unit test checks them).
 */
export const loginScript: UiScript = {
  machine: 'login',
  title: 'Sign-in',
  start: [
    { when: { input: { autologinKey: '*' } }, reason: 'an autologin link is made by the sandbox operator (its token is not in a standalone spec)' },
    {
      when: { next: { of: session, is: 'sessionLogin.done', has: { output: { factor: '*' } } } },
      says: 'a trader with the email second factor',
      steps: [{ freshUser: { two_factor: 'email' } }, { goto: '/en/login' }],
    },
    { steps: [{ freshUser: {} }, { goto: '/en/login' }] },
  ],
  events: {
    'login.submit': [
      {
        when: { event: { email: '   ' } },
        says: 'sends the form empty',
        steps: [{ fill: { label: 'Email', value: '   ' } }, { fill: { label: 'Password', value: '' } }, { click: { role: 'button', name: 'Sign in' } }],
      },
      { when: { next: { of: platform, is: 'platformLogin.error' } }, says: 'signs in while the connection drops', steps: [{ failNext: '**/platform/login' }, ...signInForm('{{user.password}}')] },
      { when: { next: { of: platform, is: 'platformLogin.done', has: { output: { code: 'invalid_credentials' } } } }, says: 'signs in with a wrong password', steps: signInForm('{{user.password}}-wrong') },
      {
        when: { next: { of: platform, is: 'platformLogin.done', has: { output: { code: 'locked' } } } },
        says: 'signs in after five wrong passwords on the platform',
        steps: [{ postForm: { path: '/platform/login', form: { login: '{{user.email}}', password: 'not-it' }, times: 5 } }, ...signInForm('{{user.password}}')],
      },
      {
        when: { next: { of: platform, is: 'platformLogin.done', has: { output: { code: 'maintenance' } } } },
        says: 'signs in while the platform is under maintenance',
        steps: [{ sandbox: { path: '/api/sandbox/script', body: { email: '{{user.email}}', platform: [{ outcome: 'maintenance' }] } } }, ...signInForm('{{user.password}}')],
      },
      {
        when: { next: { of: platform, is: 'platformLogin.done', has: { output: { success: false } } } },
        says: 'signs in and the platform refuses without a reason',
        steps: [{ sandbox: { path: '/api/sandbox/script', body: { email: '{{user.email}}', platform: [{ outcome: 'no_code' }] } } }, ...signInForm('{{user.password}}')],
      },
      { when: { next: { of: session, is: 'sessionLogin.error', has: { error: { kind: 'network' } } } }, says: 'signs in while the connection to the site drops', steps: [{ failNext: '**/api/login' }, ...signInForm('{{user.password}}')] },
      {
        when: { next: { of: session, is: 'sessionLogin.error', has: { error: { error: 'login.locked' } } } },
        reason: "the site's own attempt limit is not scripted for a standalone spec yet (the UI-path binding reaches it)",
      },
      {
        when: { next: { of: session, is: 'sessionLogin.error', has: { error: { error: 'login.password' } } } },
        says: 'signs in while the password changed since (the platform takes it, the site does not)',
        steps: [{ alterNext: { url: '**/api/login', merge: { password: 'changed-since' } } }, ...signInForm('{{user.password}}')],
      },
      { says: 'signs in with the right password', steps: signInForm('{{user.password}}') },
    ],
    'login.edit': [{ says: 'edits the email', steps: [{ type: { label: 'Email', text: 'a' } }] }],
    // arranged by the submit: the page answers by itself
    'platformLogin.done': [{ steps: [] }],
    'platformLogin.error': [{ steps: [] }],
    'sessionLogin.done': [{ steps: [] }],
    'sessionLogin.error': [{ steps: [] }],
    'twoFactorEntry.done': [{ says: 'types the code from the email', steps: [{ typeOutboxCode: true }] }],
    'factor.cancel': [{ says: 'cancels the code', steps: [{ click: { role: 'button', name: 'Cancel' } }] }],
  },
  states: {
    'login.editing': [
      { steps: [{ expect: { role: 'button', name: 'Sign in' } }] },
      { when: { context: { error: { key: 'login.fill_fields' } } }, steps: [{ expect: { text: 'Enter your email and password.' } }] },
      { when: { context: { error: { key: 'login.password' } } }, steps: [{ expect: { text: 'Wrong email or password.' } }] },
      { when: { context: { error: { key: 'login_error' } } }, steps: [{ expect: { text: 'Could not reach the server. Check your connection and try again.' } }] },
      { when: { context: { error: '*' } }, steps: [{ expect: { role: 'alert' } }] },
    ],
    'login.twoFactor': [{ steps: [{ expect: { role: 'heading', name: 'Confirm it is you' } }, { expect: { label: 'Digit 1 of 6' } }] }],
    'login.success': [{ steps: [{ expectUrl: '/en/trading' }] }],
  },
};
