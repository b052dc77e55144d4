/**
 * Texts of the chat launcher, the button that opens the chat: its own small area, so the
 * login, register and landing pages carry the button without the chat panel's chunk.
 */
export const messages = {
  en: {
    'chat.launcher': 'Chat',
    'chat.open': 'Open chat',
  },
  ru: {
    'chat.launcher': 'Чат',
    'chat.open': 'Открыть чат',
  },
};
