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
    'login.paused.timeout': 'Your break has begun and you are signed out on every device. Until it ends you can sign in only to withdraw.',
    'login.paused.exclusion': 'Your self-exclusion has begun and you are signed out on every device. Until it ends you can sign in only to withdraw.',
    'login.excluded.withdrawals': 'A withdrawal you already asked for is still paid, and you can withdraw your balance: sign in to withdraw only. Questions? Write to us from the {link}.',
    'login.excluded.contact': 'contact page',
    'login.excluded.withdraw': 'Sign in to withdraw',
  },
  ru: {
    'login.excluded': 'Вход приостановлен до {until}.',
    'login.excluded.timeout': 'Ваш аккаунт приостановлен до {until}.',
    'login.excluded.exclusion': 'Вы исключили себя до {until}.',
    'login.paused.timeout': 'Ваш перерыв начался, и вы вышли из аккаунта на всех устройствах. До его окончания можно войти только для вывода средств.',
    'login.paused.exclusion': 'Ваше самоисключение началось, и вы вышли из аккаунта на всех устройствах. До его окончания можно войти только для вывода средств.',
    'login.excluded.withdrawals': 'Вывод, который вы уже запросили, всё равно будет выплачен, и вы можете вывести баланс: войдите только для вывода. Вопросы? Напишите нам со {link}.',
    'login.excluded.contact': 'страницы контактов',
    'login.excluded.withdraw': 'Войти для вывода средств',
  },
} as const;
