import type { ScriptStep, UiScript } from './types';

const VALUE = 'UI-PATH-4821';
const ATTEMPTS = '/api/fraud/attemps';
const signIn: ScriptStep[] = [
  { freshUser: { validationValue: VALUE } },
  // the weekend contest's offer (spec 002 §2) opens over the trading page once a day on a weekend
  { whenShown: { dialog: 'Weekend contest', click: 'Not now' } },
  { goto: '/en/login' },
  { fill: { label: 'Email', value: '{{user.email}}' } },
  { fill: { label: 'Password', value: '{{user.password}}' } },
  { click: { role: 'button', name: 'Sign in' } },
  { expectUrl: '/en/trading' },
];
// one full load straight onto the form (a query the page does not read makes it a new document)
const open: ScriptStep = { goto: '/en/trading?path=validate#/sw/validate' };
const next = ['attemptValidation.done', 'attemptValidation.error'];

/**
 * Transaction validation at #/sw/validate (spec 002): a fresh trader asked to validate (the value
 * is set by POST /api/sandbox/fresh-user {validationValue}), already validated, or with the five
 * attempts used; attempts the page itself would send (POST /api/fraud/attemps) arrange the rest.
 * The same keys as machine-tests/ui-paths/bindings/validation.ts (a unit test checks them).
 */
export const validationScript: UiScript = {
  machine: 'validation',
  title: 'Transaction validation',
  start: [
    { when: { input: { success: true } }, says: 'a trader who already validated', steps: [...signIn, { call: { path: ATTEMPTS, body: { value: VALUE } } }, open] },
    { when: { input: { attempts: 5 } }, says: 'a trader with the five attempts used', steps: [...signIn, { call: { path: ATTEMPTS, body: { value: 'wrong' }, times: 5 } }, open] },
    { says: 'a trader asked to validate', steps: [...signIn, open] },
  ],
  events: {
    'value.change': [
      { when: { event: { value: ' ' } }, says: 'types a blank value', steps: [{ fill: { label: 'Validation value', value: ' ' } }] },
      { when: { next: { of: ['attemptValidation.done'], is: 'attemptValidation.done', has: { output: { return: true } } } }, says: 'types the right value', steps: [{ fill: { label: 'Validation value', value: VALUE } }] },
      { says: 'types a wrong value', steps: [{ fill: { label: 'Validation value', value: 'not-the-value' } }] },
    ],
    'value.submit': [
      {
        when: { next: { of: next, is: 'attemptValidation.error', has: { error: { status: 409 } } } },
        // the pushed user update may take the page off the form before the click: a race, not a spec
        reason: 'validated in another tab: the page may leave the form before the click (the UI-path binding reaches it)',
      },
      {
        when: { next: { of: next, is: 'attemptValidation.error', has: { error: { status: 400 } } } },
        says: 'validates with a request the server refuses as malformed',
        steps: [{ alterNext: { url: `**${ATTEMPTS}`, body: '{"value":42}' } }, { click: { role: 'button', name: 'Validate' } }],
      },
      { when: { next: { of: next, is: 'attemptValidation.error', has: { error: { status: 500 } } } }, reason: 'the sandbox cannot make the validation answer 500' },
      { when: { next: { of: next, is: 'attemptValidation.error' } }, says: 'validates while the connection drops', steps: [{ failNext: `**${ATTEMPTS}` }, { click: { role: 'button', name: 'Validate' } }] },
      {
        when: { next: { of: next, is: 'attemptValidation.done', has: { output: { return: false, attemps: 5 } } } },
        says: 'validates a wrong value for the fifth time',
        steps: [{ call: { path: ATTEMPTS, body: { value: 'wrong' }, times: 4 } }, { click: { role: 'button', name: 'Validate' } }],
      },
      { says: 'validates', steps: [{ click: { role: 'button', name: 'Validate' } }] },
    ],
    'attemptValidation.done': [{ steps: [] }],
    'attemptValidation.error': [{ steps: [] }],
  },
  states: {
    'validation.editing': [{ steps: [{ expect: { label: 'Validation value' } }] }, { when: { context: { error: '*' } }, steps: [{ expect: { role: 'alert' } }] }],
    'validation.maxTries': [{ steps: [{ expect: { testId: 'max-tries' } }] }],
    'validation.home': [{ steps: [{ expectUrl: '#/home$' }] }],
  },
};
