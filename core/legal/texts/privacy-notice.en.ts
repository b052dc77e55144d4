import type { LegalText } from '../texts';

/** The privacy notice, English (version and date: core/legal/versions.ts). */
export const text: LegalText = {
  title: 'Privacy Notice',
  summary: 'What we keep about you, why we keep it, who receives it, how long we keep it and what you can ask of us.',
  sections: [
    {
      heading: '1. Who is responsible',
      paragraphs: [
        'The firm that runs this site is responsible for your personal data. A real operator states here its registered name and address and how to reach its data protection officer. This sandbox is run for testing: do not enter real personal data in it.',
      ],
    },
    {
      heading: '2. What we keep',
      paragraphs: [
        'What you give us: your name, email, phone, country, the documents you upload to verify your identity, your signature and what you write to support.',
        'What your use of the product creates: your deposits, withdrawals, trades and balances; the limits and breaks you set; your answers to the appropriateness questions; the versions of these documents you accepted and when; your sign-ins with the time and network address.',
        'For card deposits we keep the first six and last four digits of the card and a token from the processor, never the full number or the security code.',
      ],
    },
    {
      heading: '3. Why we keep it',
      paragraphs: [
        'To open and run your account and carry out what you ask (the contract with you); to verify your identity, prevent fraud and money laundering and keep records (our legal duties); to protect your account and improve the product (our legitimate interests); and to send you offers, only if you have not opted out or paused your account.',
      ],
    },
    {
      heading: '4. Who receives it',
      paragraphs: [
        'The trading platform, the payment processors and banks that carry your deposits and withdrawals, the services that help us verify identities, and authorities when the law requires it. Each receives only what it needs.',
        'A real operator lists here the countries outside your own to which data is sent and the safeguards used.',
      ],
    },
    {
      heading: '5. How long we keep it',
      paragraphs: [
        'While your account is open, and after it is closed for as long as the law requires us to keep records of clients and transactions (a real operator states the period here, commonly five years). Then we delete it.',
      ],
    },
    {
      heading: '6. Your rights',
      paragraphs: [
        'You may see and download what we hold about you (Security, Download my data), have it corrected, object to marketing, and ask us to delete what the law does not require us to keep.',
        'You may complain to the data protection authority of your country; a real operator names its lead authority here.',
      ],
    },
    {
      heading: '7. Cookies',
      paragraphs: [
        'We use the cookies the site needs to work: your session, the protection against forged requests, your language and a referral link\'s code. We do not use advertising cookies.',
      ],
    },
  ],
};
