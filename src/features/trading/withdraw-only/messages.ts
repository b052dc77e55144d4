/** The withdraw-only page's texts (issue 30 §3), loaded with its own chunk. */
export const messages = {
  en: {
    'withdraw_only.title': 'Withdrawals only',
    'withdraw_only.timeout': 'Your account is paused until {until}.',
    'withdraw_only.exclusion': 'You have excluded yourself until {until}.',
    'withdraw_only.ended': 'Your break has ended. Log out and sign in again to trade and deposit.',
    'withdraw_only.body': 'Here you can withdraw your balance, cancel a withdrawal not paid yet, see your history and verify your identity. Trading, deposits and offers stay off until the break ends.',
    'withdraw_only.nav': 'Withdrawal pages',
    'withdraw_only.tab.withdrawal': 'Withdraw',
    'withdraw_only.tab.history': 'History',
    'withdraw_only.tab.personal': 'Verification',
    // the server's refusal of any other call of such a session (server/http/withdraw-only.ts)
    'session.withdraw_only': 'During your break you can only withdraw. Sign in again when it ends.',
  },
  ru: {
    'withdraw_only.title': 'Только вывод средств',
    'withdraw_only.timeout': 'Ваш аккаунт приостановлен до {until}.',
    'withdraw_only.exclusion': 'Вы исключили себя до {until}.',
    'withdraw_only.ended': 'Ваш перерыв закончился. Выйдите и войдите снова, чтобы торговать и пополнять счёт.',
    'withdraw_only.body': 'Здесь можно вывести баланс, отменить ещё не выплаченный вывод, посмотреть историю и пройти верификацию. Торговля, пополнения и предложения недоступны до конца перерыва.',
    'withdraw_only.nav': 'Страницы вывода',
    'withdraw_only.tab.withdrawal': 'Вывод',
    'withdraw_only.tab.history': 'История',
    'withdraw_only.tab.personal': 'Верификация',
    'session.withdraw_only': 'Во время перерыва можно только выводить средства. Войдите снова, когда он закончится.',
  },
} as const;
