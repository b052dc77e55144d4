/** English: the complete dictionary. Every user-visible text of the app has a key here. */
export const en = {
  'app.name': 'Brokerage',
  'app.sandbox': 'Sandbox: payment processors, blockchains and the trading platform are simulated. No real money moves.',
  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.close': 'Close',
  'common.ok': 'OK',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.dismiss': 'Dismiss',
  'lang.en': 'English',
  'lang.ru': 'Русский',
  'lang.label': 'Language',

  // errors (spec 000 §8, 001 §8)
  login_error: 'Could not reach the server. Check your connection and try again.',
  server_error: 'Something went wrong on our side. Please try again.',
  'auth.server_error': 'Something went wrong on our side. Please try again.',
  'error.title': 'Error',
  csrf: 'Your session changed in another tab. Reload the page and try again.',
  validation: 'Please check the highlighted fields.',
  not_found: 'Not found.',
  'session.unavailable': 'The server is not reachable right now. We keep trying.',

  // login (spec 000 §4, §8)
  'login.title': 'Sign in',
  'login.subtitle': 'Trade, fund your account and withdraw in one place.',
  'login.email': 'Email',
  'login.password': 'Wrong email or password.',
  'login.password_label': 'Password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.fill_fields': 'Enter your email and password.',
  'login.email_required': 'Enter your email.',
  'login.password_required': 'Enter your password.',
  'login.locked': 'Too many failed attempts. For your security, sign-in is paused for this account for 15 minutes.',
  'login.platform_token': 'The trading platform did not confirm your sign-in. Please try again.',
  'login.no_account': 'New here?',
  'login.register_link': 'Open an account',
  'login.demo_hint': 'Sandbox demo login: {email} / {password}',
  'login.factor_title': 'Confirm it is you',
  'autologin.title': 'Signing you in…',
  'autologin.failed': 'Automatic sign-in did not work. Please sign in with your email and password.',

  // register

  // trading shell (spec 000 §2)
  'nav.home': 'Trade',
  'nav.funding': 'Deposit',
  'nav.personal': 'Verification',
  'nav.withdrawal': 'Withdraw',
  'nav.security': 'Security',
  'nav.accounts': 'Accounts',
  'nav.logout': 'Log out',
  'nav.menu': 'Menu',
  'balance.label': 'Balance',
  'balance.account': 'Account {id}',
  'home.platform_title': 'Trading platform',
  'page.unknown': 'This page does not exist. You are back on the trading page.',
  'page.funding.title': 'Deposit',
  'page.personal.title': 'Verification',
  'sw.title': 'Section {page}',
  'listen.title': 'Waiting for the payment processor',
  'listen.body': 'We are checking the result of your payment with {proc}. This page updates by itself.',
  'user.demo_badge': 'DEMO',
} as const;

export type MessageKey = keyof typeof en;
