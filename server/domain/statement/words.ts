import { historyWords, type Translate } from '../../../core/history-text';

/**
 * A statement's own words, in English and Russian (a movement's words are the History page's:
 * core/history-text.ts). Column names are the CSV's header row and the PDF's table header.
 */
export type StatementLang = 'en' | 'ru';

const EN = {
  title: 'Account statement',
  trader: 'Trader',
  period: 'Period',
  accounts: 'Accounts',
  accounts_all: 'all your accounts (demo accounts aside)',
  generated: 'Generated',
  zone: 'Times in {zone}',
  sandbox: 'SANDBOX',
  sandbox_note: 'Sandbox: test money on a test server, not real funds.',
  'account.trading': 'Trading account',
  'account.exchange': 'Exchange account',
  'account.bonus': 'Bonus balance',
  number: 'No. {id}',
  opening: 'Opening balance',
  closing: 'Closing balance',
  credits: 'Total credits',
  debits: 'Total debits',
  none: 'No movements in this period.',
  continued: '(continued)',
  page: 'Page {page} of {pages}',
  footer: 'From the broker’s ledger. A minus is money that left the balance; opening + credits − debits = closing.',
  no_accounts: 'You hold no account a statement covers.',
  'col.account': 'Account',
  'col.number': 'Account No.',
  'col.currency': 'Currency',
  'col.date': 'Date',
  'col.type': 'Type',
  'col.details': 'Details',
  'col.amount': 'Amount',
  'col.balance': 'Balance after',
  'col.reference': 'Reference',
};

/** every English word in Russian (a missing one fails to compile) */
const RU: Record<keyof typeof EN, string> = {
  title: 'Выписка по счёту',
  trader: 'Трейдер',
  period: 'Период',
  accounts: 'Счета',
  accounts_all: 'все ваши счета (кроме демо)',
  generated: 'Сформирована',
  zone: 'Время: {zone}',
  sandbox: 'ПЕСОЧНИЦА',
  sandbox_note: 'Песочница: тестовые деньги на тестовом сервере, не настоящие средства.',
  'account.trading': 'Торговый счёт',
  'account.exchange': 'Биржевой счёт',
  'account.bonus': 'Бонусный баланс',
  number: '№ {id}',
  opening: 'Входящий остаток',
  closing: 'Исходящий остаток',
  credits: 'Всего зачислено',
  debits: 'Всего списано',
  none: 'За этот период движений нет.',
  continued: '(продолжение)',
  page: 'Страница {page} из {pages}',
  footer: 'По данным учёта брокера. Минус — деньги, ушедшие с баланса; входящий остаток + зачисления − списания = исходящий остаток.',
  no_accounts: 'У вас нет счетов, по которым составляется выписка.',
  'col.account': 'Счёт',
  'col.number': 'Номер счёта',
  'col.currency': 'Валюта',
  'col.date': 'Дата',
  'col.type': 'Тип',
  'col.details': 'Подробности',
  'col.amount': 'Сумма',
  'col.balance': 'Баланс после',
  'col.reference': 'Номер операции',
};

export type StatementWord = keyof typeof EN;
export const STATEMENT_WORDS: Record<StatementLang, Record<StatementWord, string>> = { en: EN, ru: RU };

/** The statement's words in `lang`, with `{name}` replaced by its parameter. */
export function statementWords(lang: StatementLang): (word: StatementWord, params?: Record<string, string | number>) => string {
  const words = STATEMENT_WORDS[lang];
  return (word, params = {}) => words[word].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A movement's words (the History page's) in `lang`. */
export const movementWords = (lang: StatementLang): Translate => historyWords(lang);
