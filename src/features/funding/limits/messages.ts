/**
 * The texts of a deposit limit's refusal (server/domain/protection/deposit-limits.ts), and of a
 * deposit refused during a break or self-exclusion (deposit.excluded, its {until} written for the
 * trader by the tab's connect), whatever the deposit tab. Loaded just after the funding page (FundingPage.tsx imports it lazily; its own messages.ts so the key test checks en and ru): they
 * are needed only once the server has refused, and the funding page's JavaScript stays within its
 * budget (npm run budget). Until they are in, the server's English text is shown.
 */
export const messages = {
  en: {
    'limits.deposit_day': 'This deposit would pass your 24-hour deposit limit of {limit} {currency} ({used} {currency} used). This amount fits again from {resets}.',
    'limits.deposit_week': 'This deposit would pass your 7-day deposit limit of {limit} {currency} ({used} {currency} used). This amount fits again from {resets}.',
    'limits.deposit_month': 'This deposit would pass your 30-day deposit limit of {limit} {currency} ({used} {currency} used). This amount fits again from {resets}.',
    'limits.deposit_day_whole': 'This amount is more than your 24-hour deposit limit of {limit} {currency}. Deposit less, or change the limit under Security → Deposit limits.',
    'limits.deposit_week_whole': 'This amount is more than your 7-day deposit limit of {limit} {currency}. Deposit less, or change the limit under Security → Deposit limits.',
    'limits.deposit_month_whole': 'This amount is more than your 30-day deposit limit of {limit} {currency}. Deposit less, or change the limit under Security → Deposit limits.',
    'limits.rate_unavailable': 'We cannot check this deposit against your deposit limit right now. Please try again in a few minutes.',
    'deposit.excluded': 'You chose to stop trading until {until}: no deposit can be made before then.',
    'deposit.country_blocked': 'We no longer serve residents of your country: deposits are closed. You can still withdraw your money.',
  },
  ru: {
    'limits.deposit_day': 'Этот депозит превысит ваш лимит пополнений за 24 часа — {limit} {currency} (использовано {used} {currency}). Такая сумма снова будет доступна с {resets}.',
    'limits.deposit_week': 'Этот депозит превысит ваш лимит пополнений за 7 дней — {limit} {currency} (использовано {used} {currency}). Такая сумма снова будет доступна с {resets}.',
    'limits.deposit_month': 'Этот депозит превысит ваш лимит пополнений за 30 дней — {limit} {currency} (использовано {used} {currency}). Такая сумма снова будет доступна с {resets}.',
    'limits.deposit_day_whole': 'Эта сумма больше вашего лимита пополнений за 24 часа — {limit} {currency}. Пополните на меньшую сумму или измените лимит в разделе «Безопасность → Лимиты пополнений».',
    'limits.deposit_week_whole': 'Эта сумма больше вашего лимита пополнений за 7 дней — {limit} {currency}. Пополните на меньшую сумму или измените лимит в разделе «Безопасность → Лимиты пополнений».',
    'limits.deposit_month_whole': 'Эта сумма больше вашего лимита пополнений за 30 дней — {limit} {currency}. Пополните на меньшую сумму или измените лимит в разделе «Безопасность → Лимиты пополнений».',
    'limits.rate_unavailable': 'Сейчас мы не можем сверить этот депозит с вашим лимитом пополнений. Попробуйте через несколько минут.',
    'deposit.excluded': 'Вы решили прекратить торговлю до {until}: до этого времени пополнить счёт нельзя.',
    'deposit.country_blocked': 'Мы больше не обслуживаем резидентов вашей страны: пополнения закрыты. Вывести деньги по-прежнему можно.',
  },
};
