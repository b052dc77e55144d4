import type { ComplaintCategory } from '../../core/complaints';
import { formatDate, formatDateTime } from '../../core/format';
import '../db/schema-register';
import type { DbOrTx } from './ledger';

/**
 * What the broker emails (and texts) a trader, in the trader's language: English or
 * Russian, links absolute (`{siteUrl}/ru/reset?token=…`, the site URL from server/config.ts),
 * dates written by core/format in UTC and saying so (the server does not know the trader's zone).
 * The senders (forgot/reset.ts, security/factors.ts, verification/review.ts, complaints/complaints.ts) take their words here.
 */
export type MailLang = 'en' | 'ru';

export interface Mail {
  subject: string;
  body: string;
}

export const mailLang = (lang: string | null | undefined): MailLang => (lang === 'ru' ? 'ru' : 'en');

/** The language the trader registered in (user_profiles.lang); English when unknown (a seeded or sandbox-made user has no profile). */
export async function userLang(db: DbOrTx, userId: number): Promise<MailLang> {
  const row = await db.selectFrom('user_profiles').select('lang').where('user_id', '=', userId).executeTakeFirst();
  return mailLang(row?.lang);
}

/** An absolute link to a page of the site: `https://broker.example` + `/ru/reset?token=…`. */
export const siteLink = (siteUrl: string, path: string): string => `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;

/** "29.11.2026 04:37 UTC" */
const utc = (at: Date): string => `${formatDateTime(at, 'UTC')} UTC`;

const minutesEn = (n: number): string => `${n} minute${n === 1 ? '' : 's'}`;

/** Russian minutes after "в течение" / "действует": 1 минуту… (accusative) or 1 минуты… (genitive) */
function minutesRu(n: number, form: 'acc' | 'gen'): string {
  const d = n % 10;
  const teen = n % 100 >= 11 && n % 100 <= 14;
  if (d === 1 && !teen) return `${n} ${form === 'acc' ? 'минуту' : 'минуты'}`;
  if (d >= 2 && d <= 4 && !teen) return `${n} минуты`;
  return `${n} минут`;
}

/** The reset link (forgot password): works `minutes` minutes, once. */
export function resetLinkMail(lang: MailLang, link: string, minutes: number): Mail {
  if (lang === 'ru')
    return {
      subject: 'Сброс пароля',
      body: [
        'Кто-то (надеемся, вы) попросил сбросить пароль вашего счёта.',
        `Чтобы выбрать новый пароль, откройте эту ссылку в течение ${minutesRu(minutes, 'gen')}. Она работает один раз:`,
        link,
        'Если вы не просили об этом, просто не отвечайте на письмо: пароль останется прежним.',
      ].join('\n\n'),
    };
  return {
    subject: 'Reset your password',
    body: [
      'Someone (we hope you) asked to reset the password of your account.',
      `To choose a new password, open this link within ${minutesEn(minutes)}. It works once:`,
      link,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n\n'),
  };
}

/** The owner's notice after a reset with a link; `link` is where to ask for a new one. */
export function passwordChangedMail(lang: MailLang, at: Date, link: string): Mail {
  if (lang === 'ru')
    return {
      subject: 'Пароль изменён',
      body: [
        `Пароль вашего счёта изменён по ссылке для сброса ${utc(at)}.`,
        'Все сеансы вашего счёта завершены. Двухфакторная аутентификация остаётся включённой.',
        `Если это были не вы, сразу запросите новую ссылку (${link}) и напишите в поддержку.`,
      ].join('\n\n'),
    };
  return {
    subject: 'Your password was changed',
    body: [
      `The password of your account was changed with a reset link on ${utc(at)}.`,
      'Every session of your account was signed out. Two-factor authentication stays on.',
      `If this was not you, ask for a new reset link at once (${link}) and contact support.`,
    ].join('\n\n'),
  };
}

/** A sign-in from a device the account had not used (issue 31 §3); `link` is "this wasn't me" (works a week, once). */
export function newDeviceMail(lang: MailLang, facts: { link: string; device: string | null; ip: string | null; at: Date }): Mail {
  if (lang === 'ru') {
    const from = [facts.device ?? 'неизвестное устройство', facts.ip && `IP ${facts.ip}`].filter(Boolean).join(', ');
    return {
      subject: 'Вход с нового устройства',
      body: [
        `В ваш счёт вошли с устройства, которым вы раньше не пользовались: ${from}, ${utc(facts.at)}.`,
        'Если это были вы, ничего делать не нужно.',
        `Если это были не вы, откройте эту ссылку: мы завершим все сеансы вашего счёта и пришлём ссылку для нового пароля. Она действует неделю, один раз:`,
        facts.link,
      ].join('\n\n'),
    };
  }
  const from = [facts.device ?? 'an unknown device', facts.ip && `IP ${facts.ip}`].filter(Boolean).join(', ');
  return {
    subject: 'A sign-in from a new device',
    body: [
      `Your account was signed in to from a device it had not used before: ${from}, on ${utc(facts.at)}.`,
      'If this was you, there is nothing to do.',
      "If this wasn't you, open this link: we will sign out every session of your account and email you a link to choose a new password. It works for a week, once:",
      facts.link,
    ].join('\n\n'),
  };
}

/** A withdrawal destination was saved (issue 31 §6): the link confirms it (`hours` hours, once); it is usable after its hold. */
export function addressConfirmMail(lang: MailLang, facts: { link: string; label: string; method: string; wallet: string; hours: number }): Mail {
  const method = facts.method.replace('_', ' ');
  if (lang === 'ru')
    return {
      subject: 'Подтвердите новый адрес для вывода',
      body: [
        `В вашу адресную книгу добавлен адрес для вывода «${facts.label}» (${method}, ${facts.wallet}).`,
        `Чтобы им можно было пользоваться, подтвердите его по этой ссылке в течение ${facts.hours} часов. Она работает один раз; после подтверждения адрес станет доступен по истечении периода ожидания:`,
        facts.link,
        'Если вы не добавляли этот адрес, не открывайте ссылку: смените пароль и завершите другие сеансы в центре безопасности.',
      ].join('\n\n'),
    };
  return {
    subject: 'Confirm your new withdrawal destination',
    body: [
      `A withdrawal destination "${facts.label}" (${method}, ${facts.wallet}) was added to your address book.`,
      `To make it usable, confirm it with this link within ${facts.hours} hours. It works once; once confirmed, the destination can be used after its waiting period:`,
      facts.link,
      'If you did not add it, do not open the link: change your password and sign out the other sessions in the security centre.',
    ].join('\n\n'),
  };
}

export type CodeMailPurpose = 'login' | 'withdrawal' | 'change' | 'setup';

const CODE_SUBJECT: Record<MailLang, Record<CodeMailPurpose, string>> = {
  en: {
    login: 'Your sign-in code',
    withdrawal: 'Your withdrawal confirmation code',
    change: 'Your code to change two-factor settings',
    setup: 'Your code to set up two-factor authentication',
  },
  ru: {
    login: 'Код для входа',
    withdrawal: 'Код подтверждения вывода',
    change: 'Код для изменения двухфакторной защиты',
    setup: 'Код для включения двухфакторной защиты',
  },
};

/** A two-factor code (email or SMS); it expires in `minutes` minutes. */
export function codeMail(lang: MailLang, purpose: CodeMailPurpose, code: string, minutes: number): Mail {
  return {
    subject: CODE_SUBJECT[lang][purpose],
    body:
      lang === 'ru'
        ? `Ваш код Brokerage: ${code}. Он действует ${minutesRu(minutes, 'acc')}. Если вы его не запрашивали, смените пароль.`
        : `Your Brokerage code is ${code}. It expires in ${minutesEn(minutes)}. If you did not ask for it, change your password.`,
  };
}

export type ReviewedKind = 'passport' | 'address' | 'card_front' | 'card_back' | 'signature' | 'receipt' | 'attachment';

/** how a reviewed document is named to its owner, per language (review.ts's KIND_LABEL is the English one) */
export const KIND: Record<MailLang, Record<ReviewedKind, string>> = {
  en: {
    passport: 'passport',
    address: 'proof of address',
    card_front: 'card (front side)',
    card_back: 'card (back side)',
    signature: 'signature',
    receipt: 'transfer receipt',
    attachment: 'support attachment',
  },
  ru: {
    passport: 'паспорт',
    address: 'подтверждение адреса',
    card_front: 'карта (лицевая сторона)',
    card_back: 'карта (оборотная сторона)',
    signature: 'подпись',
    receipt: 'квитанция о переводе',
    attachment: 'вложение в обращение',
  },
};

/** A document's review: approved (maybe completing the verification) or rejected with a reason; `link` is the personal page. */
export function reviewMail(lang: MailLang, kind: ReviewedKind, status: 'approved' | 'rejected', reason: string | null, becameFull: boolean, link: string): Mail {
  const label = KIND[lang][kind];
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  if (lang === 'ru') {
    if (status === 'approved') return { subject: `Документ одобрен: ${label}`, body: `${Label}: одобрено.${becameFull ? ' Ваш счёт полностью верифицирован.' : ''}` };
    return { subject: `Документ отклонён: ${label}: ${reason ?? ''}`, body: `${Label}: отклонено: ${reason ?? ''}\nЗагрузите документ ещё раз на личной странице: ${link}` };
  }
  if (status === 'approved') return { subject: `Your ${label} was approved`, body: `${Label} approved.${becameFull ? ' Your account is now fully verified.' : ''}` };
  return { subject: `Your ${label} was rejected: ${reason ?? ''}`, body: `${Label} rejected: ${reason ?? ''}\nPlease upload it again on your personal page: ${link}` };
}

/** a complaint's category named to its owner (core/complaints.ts COMPLAINT_CATEGORIES) */
export const COMPLAINT_CATEGORY_NAME: Record<MailLang, Record<ComplaintCategory, string>> = {
  en: {
    withdrawal: 'withdrawal of funds',
    deposit: 'deposits',
    execution: 'order execution and prices',
    account: 'account opening, verification or closing',
    bonus: 'bonuses and promotions',
    fees: 'fees and charges',
    service: 'service and communication',
    other: 'other',
  },
  ru: {
    withdrawal: 'вывод средств',
    deposit: 'пополнение счёта',
    execution: 'исполнение ордеров и цены',
    account: 'открытие, верификация или закрытие счёта',
    bonus: 'бонусы и акции',
    fees: 'комиссии и сборы',
    service: 'обслуживание и общение',
    other: 'другое',
  },
};

/** "30.01.2027 (UTC)": the final answer's due date, a day in UTC */
const dueDay = (at: Date): string => `${formatDate(at, 'UTC')} (UTC)`;

export interface ComplaintMailFacts {
  reference: string;
  category: ComplaintCategory;
  subject: string;
  /** when the final answer is due */
  dueAt: Date;
  /** the trader's complaints page, absolute */
  link: string;
}

/** The acknowledgement, sent at once: the reference, what happens next and the final answer's due date. */
export function complaintAcknowledgedMail(lang: MailLang, facts: ComplaintMailFacts): Mail {
  const category = COMPLAINT_CATEGORY_NAME[lang][facts.category];
  if (lang === 'ru')
    return {
      subject: `Ваша жалоба зарегистрирована: ${facts.reference}`,
      body: [
        `Мы получили вашу жалобу и зарегистрировали её под номером ${facts.reference}. Указывайте этот номер, когда пишете нам о ней.`,
        `Тема: ${facts.subject}\nКатегория: ${category}`,
        'Что дальше: жалобу рассматривает отдел по работе с жалобами, независимо от службы поддержки. Если нам понадобятся подробности, мы напишем вам.',
        `Наш окончательный ответ вы получите не позднее ${dueDay(facts.dueAt)}.`,
        `Жалоба и её статус на странице жалоб: ${facts.link}`,
      ].join('\n\n'),
    };
  return {
    subject: `Your complaint is registered: ${facts.reference}`,
    body: [
      `We have received your complaint and registered it under the reference ${facts.reference}. Please quote this reference whenever you write to us about it.`,
      `Subject: ${facts.subject}\nCategory: ${category}`,
      'What happens next: our complaints team looks into it, separately from the support desk. If we need more details, we will write to you.',
      `You will have our final answer by ${dueDay(facts.dueAt)} at the latest.`,
      `Your complaint and where it stands, on your complaints page: ${facts.link}`,
    ].join('\n\n'),
  };
}

/**
 * The final answer: the ombudsman comes before the answer's text (a long answer never pushes it
 * out of a shortened preview), then the answer as the agent wrote it.
 */
export function complaintAnsweredMail(lang: MailLang, facts: Omit<ComplaintMailFacts, 'dueAt' | 'category'> & { answer: string; ombudsman: { name: string; url: string } }): Mail {
  const { name, url } = facts.ombudsman;
  if (lang === 'ru')
    return {
      subject: `Окончательный ответ на вашу жалобу ${facts.reference}`,
      body: [
        `Это наш окончательный ответ на вашу жалобу ${facts.reference} («${facts.subject}»).`,
        `Если он вас не устраивает, вы можете обратиться с жалобой к финансовому омбудсмену: ${name} (${url}).`,
        `Наш ответ:\n${facts.answer}`,
        `Жалоба и ответ на странице жалоб: ${facts.link}`,
      ].join('\n\n'),
    };
  return {
    subject: `Our final answer to your complaint ${facts.reference}`,
    body: [
      `This is our final answer to your complaint ${facts.reference} ("${facts.subject}").`,
      `If it does not settle the matter for you, you may refer your complaint to the financial ombudsman: ${name} (${url}).`,
      `Our answer:\n${facts.answer}`,
      `Your complaint and the answer, on your complaints page: ${facts.link}`,
    ].join('\n\n'),
  };
}

/** A recovery code signed in in place of the authenticator (issue 31 §4); `left` codes remain; `link` is the security page. */
export function recoveryCodeUsedMail(lang: MailLang, facts: { at: Date; ip: string | null; left: number; link: string }): Mail {
  if (lang === 'ru')
    return {
      subject: 'Вход по резервному коду',
      body: [
        `В ваш счёт вошли по резервному коду вместо приложения-аутентификатора ${utc(facts.at)}${facts.ip ? ` (IP ${facts.ip})` : ''}. Этот код больше не действует.`,
        `Неиспользованных кодов осталось: ${facts.left}. Новые коды можно получить на странице безопасности: ${facts.link}`,
        'Если это были не вы, сразу смените пароль и напишите в поддержку.',
      ].join('\n\n'),
    };
  return {
    subject: 'A recovery code was used to sign in',
    body: [
      `Your account was signed in to with a recovery code instead of the authenticator app on ${utc(facts.at)}${facts.ip ? ` (IP ${facts.ip})` : ''}. That code no longer works.`,
      `${facts.left === 1 ? '1 unused code is' : `${facts.left} unused codes are`} left. You can make new ones on your security page: ${facts.link}`,
      'If this was not you, change your password at once and contact support.',
    ].join('\n\n'),
  };
}

/** A passkey was added to or removed from the account (issue 31 §5); `link` is the security page. */
export function passkeyChangedMail(lang: MailLang, change: 'added' | 'removed', facts: { at: Date; ip: string | null; name: string; link: string }): Mail {
  const where = facts.ip ? ` (IP ${facts.ip})` : '';
  if (lang === 'ru')
    return change === 'added'
      ? {
          subject: 'Добавлен ключ доступа',
          body: [`К вашему счёту добавлен ключ доступа «${facts.name}» ${utc(facts.at)}${where}. Им теперь можно войти без пароля.`, `Если это были не вы, удалите его на странице безопасности и сразу смените пароль: ${facts.link}`].join('\n\n'),
        }
      : {
          subject: 'Ключ доступа удалён',
          body: [`Ключ доступа «${facts.name}» удалён из вашего счёта ${utc(facts.at)}${where}. Им больше нельзя войти.`, `Если это были не вы, сразу смените пароль и напишите в поддержку. Страница безопасности: ${facts.link}`].join('\n\n'),
        };
  return change === 'added'
    ? {
        subject: 'A passkey was added to your account',
        body: [`The passkey "${facts.name}" was added to your account on ${utc(facts.at)}${where}. It can now sign in without your password.`, `If this was not you, remove it on your security page and change your password at once: ${facts.link}`].join('\n\n'),
      }
    : {
        subject: 'A passkey was removed from your account',
        body: [`The passkey "${facts.name}" was removed from your account on ${utc(facts.at)}${where}. It can no longer sign in.`, `If this was not you, change your password at once and contact support. Your security page: ${facts.link}`].join('\n\n'),
      };
}
