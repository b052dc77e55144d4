/** Incentives not offered (issue 30 §3, §5, §8; docs/eligibility.md): the notice a page says instead, and the server's refusal key. */
export const messages = {
  en: {
    'incentives.title': 'Not offered to you',
    'incentives.unavailable': 'Bonuses, offers, promotions and contests are not offered to you now.',
    'incentives.reason.regulated': 'Bonuses, offers, promotions and contests are not offered to retail traders in your country: the rules that protect traders there do not allow them. Everything else works as usual.',
    'incentives.reason.excluded': 'Bonuses, offers, promotions and contests stop while you take a break or are self-excluded.',
    'incentives.reason.closed': 'This account is closed: it gets no bonuses, offers, promotions or contests.',
    'incentives.home': 'Back to trading',
  },
  ru: {
    'incentives.title': 'Вам не предлагается',
    'incentives.unavailable': 'Бонусы, предложения, акции и конкурсы вам сейчас не предлагаются.',
    'incentives.reason.regulated': 'Бонусы, предложения, акции и конкурсы не предлагаются розничным трейдерам в вашей стране: их не допускают правила, защищающие трейдеров. Всё остальное работает как обычно.',
    'incentives.reason.excluded': 'Бонусы, предложения, акции и конкурсы останавливаются на время перерыва или самоисключения.',
    'incentives.reason.closed': 'Этот счёт закрыт: бонусы, предложения, акции и конкурсы ему не предлагаются.',
    'incentives.home': 'Вернуться к торговле',
  },
};
