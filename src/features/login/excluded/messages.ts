/**
 * The sign-in page's texts for a break or self-exclusion (issue 30 §3): the refusal of a sign-in
 * (login.excluded, by its kind, with {until}) and the note just after the trader chose it. Loaded
 * with the notice's own chunk, only when needed: the login and landing pages' first load stays
 * within its budget (npm run budget).
 */
export const messages = {
  en: {
    'login.excluded': 'Signing in is paused until {until}.',
    'login.excluded.timeout': 'Your account is paused until {until}.',
    'login.excluded.exclusion': 'You have excluded yourself until {until}.',
    'login.paused.timeout': 'Your break has begun and you are signed out on every device. Signing in is refused until it ends.',
    'login.paused.exclusion': 'Your self-exclusion has begun and you are signed out on every device. Signing in is refused until it ends.',
    'login.excluded.withdrawals': 'A withdrawal you already asked for is still paid. To withdraw your balance during this time, write to us from the {link}.',
    'login.excluded.contact': 'contact page',
  },
  ru: {
    'login.excluded': 'Вход приостановлен до {until}.',
    'login.excluded.timeout': 'Ваш аккаунт приостановлен до {until}.',
    'login.excluded.exclusion': 'Вы исключили себя до {until}.',
    'login.paused.timeout': 'Ваш перерыв начался, и вы вышли из аккаунта на всех устройствах. До его окончания вход невозможен.',
    'login.paused.exclusion': 'Ваше самоисключение началось, и вы вышли из аккаунта на всех устройствах. До его окончания вход невозможен.',
    'login.excluded.withdrawals': 'Вывод, который вы уже запросили, всё равно будет выплачен. Чтобы вывести баланс в это время, напишите нам со {link}.',
    'login.excluded.contact': 'страницы контактов',
  },
} as const;
