/** The header bell: the only texts loaded before the dropdown's own chunk (a plural family). */
export const messages = {
  en: {
    'bell.label': 'Notifications',
    'bell.label_one': 'Notifications: {count} unread',
    'bell.label_other': 'Notifications: {count} unread',
  },
  ru: {
    'bell.label': 'Уведомления',
    'bell.label_one': 'Уведомления: {count} непрочитанное',
    'bell.label_few': 'Уведомления: {count} непрочитанных',
    'bell.label_many': 'Уведомления: {count} непрочитанных',
    'bell.label_other': 'Уведомления: {count} непрочитанного',
  },
};
