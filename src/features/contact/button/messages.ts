/** The call-back button of the trading header: the only text loaded before the dropdown's own chunk. */
export const messages = {
  en: {
    'calls.button': 'Call me back',
  },
  ru: {
    'calls.button': 'Перезвоните мне',
  },
};
