import { describe, expect, it } from 'vitest';
import { codeMail, mailLang, passwordChangedMail, resetLinkMail, reviewMail, siteLink } from './mail';

describe("emails in the trader's language, with absolute links", () => {
  it('puts the site address before a path, whatever slashes', () => {
    expect(siteLink('https://broker.example', '/ru/reset?token=abc')).toBe('https://broker.example/ru/reset?token=abc');
    expect(siteLink('https://broker.example/', 'en/trading#/show/personal')).toBe('https://broker.example/en/trading#/show/personal');
    expect(mailLang('ru')).toBe('ru');
    expect(mailLang('de')).toBe('en');
    expect(mailLang(null)).toBe('en');
  });

  it('words the reset link in English and Russian, the link on a line of its own', () => {
    const link = 'https://broker.example/ru/reset?token=' + 'A'.repeat(43);
    const ru = resetLinkMail('ru', link, 30);
    expect(ru.subject).toBe('Сброс пароля');
    expect(ru.body).toContain('в течение 30 минут.');
    expect(ru.body.split('\n\n')).toContain(link);
    const en = resetLinkMail('en', link.replace('/ru/', '/en/'), 1);
    expect(en.subject).toBe('Reset your password');
    expect(en.body).toContain('within 1 minute.');
  });

  it('writes the moment of a password change with core/format in UTC, and says UTC', () => {
    const at = new Date(Date.UTC(2026, 10, 29, 4, 37, 41));
    expect(passwordChangedMail('en', at, 'https://b.example/en/forgot').body).toContain('on 29.11.2026 04:37 UTC.');
    expect(passwordChangedMail('ru', at, 'https://b.example/ru/forgot')).toMatchObject({ subject: 'Пароль изменён' });
    expect(passwordChangedMail('ru', at, 'https://b.example/ru/forgot').body).toContain('29.11.2026 04:37 UTC');
  });

  it('sends a code in the language, with Russian plural forms', () => {
    expect(codeMail('en', 'login', '123456', 10)).toEqual({
      subject: 'Your sign-in code',
      body: 'Your Brokerage code is 123456. It expires in 10 minutes. If you did not ask for it, change your password.',
    });
    expect(codeMail('ru', 'withdrawal', '123456', 10).body).toContain('Он действует 10 минут.');
    expect(codeMail('ru', 'withdrawal', '123456', 1).body).toContain('Он действует 1 минуту.');
    expect(codeMail('ru', 'withdrawal', '123456', 3).body).toContain('Он действует 3 минуты.');
    expect(codeMail('ru', 'setup', '000001', 10).subject).toBe('Код для включения двухфакторной защиты');
  });

  it('tells a review outcome, a rejection with the personal page linked', () => {
    const page = 'https://b.example/ru/trading#/show/personal';
    expect(reviewMail('ru', 'address', 'rejected', 'Счёт старше трёх месяцев.', false, page)).toEqual({
      subject: 'Документ отклонён: подтверждение адреса: Счёт старше трёх месяцев.',
      body: `Подтверждение адреса: отклонено: Счёт старше трёх месяцев.\nЗагрузите документ ещё раз на личной странице: ${page}`,
    });
    expect(reviewMail('en', 'passport', 'approved', null, true, page)).toEqual({ subject: 'Your passport was approved', body: 'Passport approved. Your account is now fully verified.' });
  });
});
