/** "Ask about this payment" and the support dialog's title: registered by the link, which loads only with the pages that show it (never in the trading page's first chunk). */
const en = {
  'support.dialog.title': 'Contact support',
  'support.ask': 'Ask about this payment',
  'support.ask_withdrawal': 'Ask about this withdrawal',
};

const ru: Record<keyof typeof en, string> = {
  'support.dialog.title': 'Связаться с поддержкой',
  'support.ask': 'Спросить об этом платеже',
  'support.ask_withdrawal': 'Спросить об этом выводе',
};

export const messages = { en, ru };
