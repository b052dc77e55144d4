import type { PublicTab, PublicWidget, TabContent } from '../contract/public-site';

/**
 * The public site's texts, in English and Russian: one source for the server's
 * /api/tb/{tab} answer and the static HTML it puts into index.html before the JavaScript runs.
 * Honest text only: no figures, testimonials or profits that are not real. `{company}`,
 * `{email}`, `{phone}` and `{minDeposit}` are filled from the settings (fillTab).
 */
type Texts = Omit<TabContent, 'tab' | 'lang' | 'widgets'>;
export type PublicLang = 'en' | 'ru';

const WIDGETS: Record<PublicTab, PublicWidget[]> = {
  home: ['prices', 'runline', 'slider', 'zoom', 'video'],
  about: ['zoom'],
  accounts: ['prices'],
  faq: [],
};

const en: Record<PublicTab, Texts> = {
  home: {
    title: '{company}: an online trading account',
    description: 'Open a trading account with {company}, fund it by card, crypto or bank transfer, and trade on the web platform. Trading involves risk.',
    heading: 'Trade from your browser',
    lead: 'Open an account with {company}, fund it the way that suits you and trade on our web platform. Trading involves risk: you can lose the money you invest.',
    sections: [
      {
        heading: 'How it works',
        paragraphs: [
          'Register with your email, country and phone. It takes a few minutes.',
          'Fund your account by card, cryptocurrency, bank transfer or e-wallet. The minimum first deposit is {minDeposit} in your account currency.',
          'Trade on the web platform and withdraw to the method you deposited with.',
        ],
      },
      {
        heading: 'Support',
        paragraphs: ['Write to {email} or call {phone}. You can also use the contact form.'],
      },
    ],
    faq: [],
  },
  about: {
    title: 'About {company}',
    description: 'Who {company} is, what the account offers and how to reach us.',
    heading: 'About {company}',
    lead: '{company} offers an online trading account with a web platform, several ways to deposit and withdraw, and a support team that answers by email and phone.',
    sections: [
      {
        heading: 'What we offer',
        paragraphs: [
          'A personal area in English and Russian: deposits, withdrawals, history and reports, identity verification and support tickets.',
          'Deposits by card, cryptocurrency, bank transfer and e-wallets. Your card number and CVV are never stored by us.',
          'Two-factor sign-in to protect your account.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Email: {email}. Phone: {phone}.'],
      },
    ],
    faq: [],
  },
  accounts: {
    title: 'Trading conditions and accounts at {company}',
    description: 'How to open and fund an account with {company}: the minimum deposit, the ways to deposit and withdraw, verification.',
    heading: 'Trading conditions',
    lead: 'What you need to know before you open an account.',
    sections: [
      {
        heading: 'Opening an account',
        paragraphs: ['You need an email address, a phone number and your country. Choose the currency of the account when you register.'],
      },
      {
        heading: 'Deposits',
        paragraphs: [
          'The minimum first deposit is {minDeposit} in your account currency (the amount may differ by country; the deposit page shows yours).',
          'Card, cryptocurrency (approximate prices are shown on this page), bank transfer and e-wallets.',
        ],
      },
      {
        heading: 'Withdrawals and verification',
        paragraphs: ['Before a withdrawal we ask for identity documents, as the law requires. Withdrawals go back to the method you deposited with where possible.'],
      },
      {
        heading: 'Risk',
        paragraphs: ['Trading involves risk. Prices move against you as easily as for you; only trade with money you can afford to lose.'],
      },
    ],
    faq: [],
  },
  faq: {
    title: 'Questions and answers: {company}',
    description: 'Answers to common questions about opening, funding and using a {company} account.',
    heading: 'Questions and answers',
    lead: 'If your question is not here, write to {email}.',
    sections: [],
    faq: [
      { id: 'open', question: 'How do I open an account?', answer: 'Press Register, fill in your email, country, currency and phone, and choose a password. You can sign in right away.' },
      { id: 'deposit', question: 'How do I deposit?', answer: 'Sign in and open Deposit. Choose card, cryptocurrency, bank transfer or an e-wallet. The minimum first deposit is {minDeposit}.' },
      { id: 'withdraw', question: 'How do I withdraw?', answer: 'Open Withdrawal in your personal area. We ask for identity documents before the first withdrawal.' },
      { id: 'risk', question: 'Can I lose money?', answer: 'Yes. Trading involves risk and you can lose the money you invest. Nothing on this site is a promise of profit.' },
      { id: 'prices', question: 'Are the crypto prices on the site exact?', answer: 'No. They are approximate rates from our rates source, shown without any markup, and they change all the time.' },
      { id: 'support', question: 'How do I reach support?', answer: 'Write to {email}, call {phone} or use the contact form.' },
    ],
  },
};

const ru: Record<PublicTab, Texts> = {
  home: {
    title: '{company}: онлайн-счёт для торговли',
    description: 'Откройте торговый счёт в {company}, пополните его картой, криптовалютой или банковским переводом и торгуйте на веб-платформе. Торговля связана с риском.',
    heading: 'Торгуйте прямо в браузере',
    lead: 'Откройте счёт в {company}, пополните его удобным способом и торгуйте на нашей веб-платформе. Торговля связана с риском: вы можете потерять вложенные деньги.',
    sections: [
      {
        heading: 'Как это работает',
        paragraphs: [
          'Зарегистрируйтесь: email, страна и телефон. Это займёт несколько минут.',
          'Пополните счёт картой, криптовалютой, банковским переводом или электронным кошельком. Минимальный первый депозит — {minDeposit} в валюте счёта.',
          'Торгуйте на веб-платформе и выводите средства тем способом, которым пополняли.',
        ],
      },
      {
        heading: 'Поддержка',
        paragraphs: ['Пишите на {email} или звоните по номеру {phone}. Можно также воспользоваться формой обратной связи.'],
      },
    ],
    faq: [],
  },
  about: {
    title: 'О компании {company}',
    description: 'Кто такие {company}, что даёт счёт и как с нами связаться.',
    heading: 'О компании {company}',
    lead: '{company} предлагает онлайн-счёт для торговли с веб-платформой, несколькими способами пополнения и вывода и службой поддержки, которая отвечает по email и телефону.',
    sections: [
      {
        heading: 'Что мы предлагаем',
        paragraphs: [
          'Личный кабинет на русском и английском: пополнения, выводы, история и отчёты, проверка личности и обращения в поддержку.',
          'Пополнение картой, криптовалютой, банковским переводом и электронными кошельками. Номер карты и CVV мы не храним.',
          'Двухфакторный вход для защиты счёта.',
        ],
      },
      {
        heading: 'Контакты',
        paragraphs: ['Email: {email}. Телефон: {phone}.'],
      },
    ],
    faq: [],
  },
  accounts: {
    title: 'Условия торговли и счета в {company}',
    description: 'Как открыть и пополнить счёт в {company}: минимальный депозит, способы пополнения и вывода, проверка личности.',
    heading: 'Условия торговли',
    lead: 'Что важно знать до открытия счёта.',
    sections: [
      {
        heading: 'Открытие счёта',
        paragraphs: ['Нужны адрес email, номер телефона и страна. Валюту счёта вы выбираете при регистрации.'],
      },
      {
        heading: 'Пополнение',
        paragraphs: [
          'Минимальный первый депозит — {minDeposit} в валюте счёта (сумма может зависеть от страны; ваша показана на странице пополнения).',
          'Карта, криптовалюта (примерные курсы показаны на этой странице), банковский перевод и электронные кошельки.',
        ],
      },
      {
        heading: 'Вывод и проверка личности',
        paragraphs: ['Перед выводом мы просим документы, удостоверяющие личность, как того требует закон. Вывод по возможности идёт тем же способом, которым вы пополняли счёт.'],
      },
      {
        heading: 'Риск',
        paragraphs: ['Торговля связана с риском. Цены могут двигаться против вас так же легко, как в вашу пользу; торгуйте только теми деньгами, потерю которых вы можете себе позволить.'],
      },
    ],
    faq: [],
  },
  faq: {
    title: 'Вопросы и ответы: {company}',
    description: 'Ответы на частые вопросы об открытии, пополнении и использовании счёта в {company}.',
    heading: 'Вопросы и ответы',
    lead: 'Если вашего вопроса здесь нет, напишите на {email}.',
    sections: [],
    faq: [
      { id: 'open', question: 'Как открыть счёт?', answer: 'Нажмите «Регистрация», укажите email, страну, валюту и телефон и придумайте пароль. Войти можно сразу.' },
      { id: 'deposit', question: 'Как пополнить счёт?', answer: 'Войдите и откройте «Пополнение». Выберите карту, криптовалюту, банковский перевод или электронный кошелёк. Минимальный первый депозит — {minDeposit}.' },
      { id: 'withdraw', question: 'Как вывести деньги?', answer: 'Откройте «Вывод» в личном кабинете. Перед первым выводом мы просим документы, удостоверяющие личность.' },
      { id: 'risk', question: 'Могу ли я потерять деньги?', answer: 'Да. Торговля связана с риском, и вы можете потерять вложенные деньги. Ничто на этом сайте не является обещанием прибыли.' },
      { id: 'prices', question: 'Точны ли курсы криптовалют на сайте?', answer: 'Нет. Это примерные курсы из нашего источника курсов, без какой-либо наценки, и они постоянно меняются.' },
      { id: 'support', question: 'Как связаться с поддержкой?', answer: 'Напишите на {email}, позвоните по номеру {phone} или воспользуйтесь формой обратной связи.' },
    ],
  },
};

const TEXTS: Record<PublicLang, Record<PublicTab, Texts>> = { en, ru };

export interface SiteFacts {
  company: string;
  email: string;
  phone: string;
  minDeposit: string;
}

const fill = (text: string, facts: SiteFacts): string =>
  text.replace(/\{(company|email|phone|minDeposit)\}/g, (_m, key: keyof SiteFacts) => facts[key]);

/** The tab's content in `lang` (English for any other language), placeholders filled. */
export function fillTab(tab: PublicTab, lang: string, facts: SiteFacts): TabContent {
  const language: PublicLang = lang === 'ru' ? 'ru' : 'en';
  const t = TEXTS[language][tab];
  const f = (text: string) => fill(text, facts);
  return {
    tab,
    lang: language,
    title: f(t.title),
    description: f(t.description),
    heading: f(t.heading),
    lead: f(t.lead),
    sections: t.sections.map((s) => ({ heading: f(s.heading), paragraphs: s.paragraphs.map(f) })),
    faq: t.faq.map((q) => ({ id: q.id, question: f(q.question), answer: f(q.answer) })),
    widgets: WIDGETS[tab],
  };
}

/** the tabs' names in the menu (the static HTML's and the app's) */
export const TAB_NAMES: Record<PublicLang, Record<PublicTab, string>> = {
  en: { home: 'Home', about: 'About us', accounts: 'Trading conditions', faq: 'FAQ' },
  ru: { home: 'Главная', about: 'О нас', accounts: 'Условия торговли', faq: 'Вопросы и ответы' },
};

/** The address of a tab: `/{lang}/` for home, `/{lang}/{tab}` for the others. */
export const tabPath = (lang: string, tab: PublicTab): string => (tab === 'home' ? `/${lang}/` : `/${lang}/${tab}`);
