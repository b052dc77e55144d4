/** Trading page texts of the trading block and the sign-up modal (spec 002 §4; the drawn signature's own texts are in features/verification/signature); the first visit's welcome (spec 001 §2, `first`). */
import { withRussian } from '../../i18n';

const en = {
  'block.locked_title': 'Trading is locked',
  'block.locked_body': 'You have funded your account. Before you trade, sign the client agreement (or finish verification).',
  'block.sign_button': 'Sign the agreement',
  'block.modal_title': 'Client agreement',
  'block.modal_body': 'Draw your signature below and tick the box to sign the client agreement. By signing you confirm that you have read it and understand that fixed-time trades can lose the whole stake.',
  'block.cancel': 'Not now',
  'block.agree_required': 'Tick the box to accept the agreement.',
  'block.reopens_left_one': 'The agreement opens by itself {count} more time when you click the platform.',
  'block.reopens_left_other': 'The agreement opens by itself {count} more times when you click the platform.',
  'nav.reports': 'Reports',
  'welcome.title': 'Welcome, {name}!',
  'welcome.title_anonymous': 'Welcome!',
  'welcome.body': 'Your account is open. Fund it to start trading, or look around the platform first.',
  'welcome.body_deposited': 'Your account is open and funded. You can start trading now.',
  'welcome.deposit': 'Deposit',
  'welcome.start': 'Start trading',
  // page titles of the trading routes: "{title} · {app.name}"
  'title.trading': 'Trading',
  'title.funding': 'Deposit',
  'title.withdrawal': 'Withdrawal',
  'title.personal': 'Verification',
  'title.security': 'Security',
  'title.accounts': 'Accounts',
  'title.invoice': 'Invoice',
  'title.history': 'History',
  'title.reports': 'Reports',
  'title.support': 'Support',
  'title.complaints': 'Make a complaint',
  'title.limits': 'Limits',
  'title.close': 'Close my account',
  'title.pause': 'Take a break',
  'title.appropriateness': 'Trading knowledge',
  'title.data': 'Download my data',
  'title.terms': 'Documents',
  'title.referral': 'Referral program',
  'title.contest': 'Contests',
  'title.promotions': 'Promotions',
  'title.validate': 'Confirm your details',
  'title.listen': 'Payment result',
  'description.trading': 'Your trading account: trade, deposit, withdraw and follow your results.',
};

/** English here; the Russian texts load only on a Russian page (messages.ru.ts, src/i18n withRussian) */
export const messages = withRussian(en, () => import('./messages.ru'));
