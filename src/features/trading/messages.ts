/** Trading page texts of issue 6: the trading block and the sign-up modal (spec 002 §4; the drawn signature's own texts are in features/verification/signature). */
export const messages = {
  en: {
    'block.locked_title': 'Trading is locked',
    'block.locked_body': 'You have funded your account. Before you trade, sign the client agreement (or finish verification).',
    'block.sign_button': 'Sign the agreement',
    'block.modal_title': 'Client agreement',
    'block.modal_body': 'Draw your signature below and tick the box to sign the client agreement. By signing you confirm that you have read it and understand that fixed-time trades can lose the whole stake.',
    'block.cancel': 'Not now',
    'block.agree_required': 'Tick the box to accept the agreement.',
    'block.reopens_left': 'The agreement opens by itself {left} more times when you click the platform.',
    'nav.reports': 'Reports',
  },
  ru: {
    'block.locked_title': 'Торговля заблокирована',
    'block.locked_body': 'Вы пополнили счёт. Прежде чем торговать, подпишите клиентское соглашение (или завершите верификацию).',
    'block.sign_button': 'Подписать соглашение',
    'block.modal_title': 'Клиентское соглашение',
    'block.modal_body': 'Распишитесь ниже и отметьте галочку, чтобы подписать клиентское соглашение. Подписывая, вы подтверждаете, что прочитали его и понимаете, что в сделке с фиксированным временем можно потерять всю ставку.',
    'block.cancel': 'Не сейчас',
    'block.agree_required': 'Отметьте галочку, чтобы принять соглашение.',
    'block.reopens_left': 'Соглашение откроется само ещё {left} раз при клике по платформе.',
    'nav.reports': 'Отчёты',
  },
};
