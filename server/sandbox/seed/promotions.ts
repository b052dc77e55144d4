import type { Db } from '../../db';
import type { DbOrTx } from '../../domain/ledger';
import '../../db/schema-promotions';

/**
 * The sandbox's promotions (docs/engagement.md "Promotions", docs/sandbox.md): real windows that
 * start on the first day of the month the sandbox was seeded in (UTC) and last three months, so a
 * fresh sandbox always has them in their window; one for any currency, one for EUR accounts only
 * (a USD trader sees the eligibility refusal), one starting next month (the console shows it; the
 * traders' list does not until it starts). Idempotent: a promotion that exists is left as it is
 * (the console may have ended it).
 */
export function sandboxPromotions(now: Date) {
  const month = (add: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + add, 1));
  return [
    {
      id: 'sandbox-deposit-plus-1',
      title_en: 'Deposit bonus +1 %',
      title_ru: 'Бонус к депозиту +1 %',
      gives_en: 'Adds 1 % of each deposit to its deposit bonus, at most 50 per deposit.',
      gives_ru: 'Добавляет 1 % каждого депозита к его бонусу, не больше 50 за депозит.',
      terms_en:
        'Activate once. Deposits you make with the deposit bonus chosen while the promotion runs get 1 % more of the amount as bonus, at most 50 in the deposit’s currency, and the whole bonus percent stays at most the maximum bonus percent. The bonus is credited to your Bonus balance, is not withdrawable and asks the usual trading turnover before it can be withdrawn.',
      terms_ru:
        'Активируется один раз. Депозиты с выбранным бонусом, сделанные пока идёт акция, получают бонус больше на 1 % суммы, не больше 50 в валюте депозита; весь процент бонуса не превышает максимальный процент бонуса. Бонус зачисляется на бонусный баланс, не выводится и требует обычного торгового оборота перед выводом.',
      percent_units: 10_000n,
      max_cents: 5_000n,
      currency: null,
      starts_at: month(0),
      ends_at: month(3),
    },
    {
      id: 'sandbox-euro-half',
      title_en: 'Euro accounts: +0.5 %',
      title_ru: 'Счета в евро: +0,5 %',
      gives_en: 'Adds 0.5 % of each EUR deposit to its deposit bonus, at most 20 EUR per deposit.',
      gives_ru: 'Добавляет 0,5 % каждого депозита в EUR к его бонусу, не больше 20 EUR за депозит.',
      terms_en:
        'For accounts in EUR only. Activate once. While it runs, EUR deposits with the deposit bonus chosen get 0.5 % more of the amount as bonus, at most 20 EUR, and the whole bonus percent stays at most the maximum bonus percent. The bonus is not withdrawable until the trading turnover is reached.',
      terms_ru:
        'Только для счетов в EUR. Активируется один раз. Пока идёт акция, депозиты в EUR с выбранным бонусом получают бонус больше на 0,5 % суммы, не больше 20 EUR; весь процент бонуса не превышает максимальный. Бонус не выводится до выполнения торгового оборота.',
      percent_units: 5_000n,
      max_cents: 2_000n,
      currency: 'EUR',
      starts_at: month(0),
      ends_at: month(3),
    },
    {
      id: 'sandbox-next-month',
      title_en: 'Next month: +1.5 %',
      title_ru: 'В следующем месяце: +1,5 %',
      gives_en: 'Adds 1.5 % of each deposit to its deposit bonus, at most 100 per deposit.',
      gives_ru: 'Добавляет 1,5 % каждого депозита к его бонусу, не больше 100 за депозит.',
      terms_en: 'Starts on the first day of next month (UTC) and lasts one month. Activate once. The whole bonus percent stays at most the maximum bonus percent.',
      terms_ru: 'Начинается в первый день следующего месяца (UTC) и длится месяц. Активируется один раз. Весь процент бонуса не превышает максимальный.',
      percent_units: 15_000n,
      max_cents: 10_000n,
      currency: null,
      starts_at: month(1),
      ends_at: month(2),
    },
  ];
}

export async function seedPromotions(db: Db | DbOrTx, now = new Date()): Promise<void> {
  for (const promotion of sandboxPromotions(now)) {
    await db
      .insertInto('promotions')
      .values(promotion)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
