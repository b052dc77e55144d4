import type { LegalText } from '../texts';

/** The client agreement, English (version and date: core/legal/versions.ts). */
export const text: LegalText = {
  title: 'Client Agreement',
  summary: 'The terms on which we open and keep your account, take your deposits, pay your withdrawals and accept your trades.',
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        'This site is a sandbox: a complete brokerage product run for testing and demonstration. No real money moves through it, and the firm named in its header is not a licensed investment firm.',
        'A real operator of this product states here its registered legal name, registered address and company number, the authority that licensed it, its licence number and the services that licence covers. Nothing in this sandbox stands in for those facts.',
      ],
    },
    {
      heading: '2. What this agreement covers',
      paragraphs: [
        'This agreement, the Risk Disclosure and the Privacy Notice together are the terms between you and us. You accept them when you open your account, and again when we publish a new version of any of them.',
        'Each document shows its version and the date it took effect. When we change one, we tell you what changed when you next sign in, and you cannot deposit or trade until you have read and accepted the new version. You may close your account instead.',
      ],
    },
    {
      heading: '3. Your account',
      paragraphs: [
        'You must be an adult resident of a country where we accept clients, give us true details and keep them up to date. One person holds one set of accounts; you may not open an account for someone else or let anyone else use yours.',
        'Your balance is kept in the currency you chose when you registered. A demo account holds virtual money only: it can be traded but not withdrawn or topped up with real money.',
        'Keep your password and your second factor to yourself. Tell us at once if you think someone else has used your account.',
      ],
    },
    {
      heading: '4. Verification',
      paragraphs: [
        'The law requires us to know who our clients are. We may ask for an identity document, a proof of address and, for card deposits, a picture of the card. We pay withdrawals only to verified clients, and we may hold an account while we check it.',
      ],
    },
    {
      heading: '5. Deposits and withdrawals',
      paragraphs: [
        'You may deposit only your own money, from cards, wallets and accounts in your own name. Every deposit is credited in your account currency at the rate shown before you confirm; any fee is shown before you confirm.',
        'Withdrawals go back to where the money came from where the payment method allows it, and otherwise to an account in your name. We may ask for a review before paying a withdrawal; we tell you why and how long it may take.',
        'A bonus is credited only if you ask for it, and its conditions, including any turnover before it can be withdrawn, are shown before you accept it.',
      ],
    },
    {
      heading: '6. Trading',
      paragraphs: [
        'Trades are placed on the trading platform linked to your account. A trade is final once the platform has accepted it; its result is settled at its expiry at the platform\'s price, and shown in your history.',
        'We may refuse or cancel a trade made at a price that was clearly wrong because of a technical fault, and we will tell you when we do.',
        'Before your first trade we ask a few questions to check that binary options are appropriate for you. If your answers show that they may not be, we tell you so before you decide.',
      ],
    },
    {
      heading: '7. Your protection',
      paragraphs: [
        'You can set limits on your deposits, losses, stakes and time in a session. A lower limit applies at once; a higher one, or removing one, applies after 24 hours.',
        'You can take a break or exclude yourself for a period. During it you cannot sign in, deposit or trade, you receive no marketing, and you can still withdraw your money. It cannot be ended early from the product.',
      ],
    },
    {
      heading: '8. Complaints',
      paragraphs: [
        'You can make a complaint from the account area. We acknowledge it at once with a reference and answer it within two months.',
        'If you are not satisfied with our answer, you may take the complaint to the independent ombudsman that a real operator names here with its address; the sandbox has none.',
      ],
    },
    {
      heading: '9. Closing your account',
      paragraphs: [
        'You may close your account at any time once it holds no money, no open trade and no deposit or withdrawal in progress. We keep the records the law requires for the period it requires, and nothing else.',
        'We may close or suspend an account that breaks this agreement, that we cannot verify or that the law requires us to close. We tell you why unless the law forbids it, and we pay out your money unless the law requires us to hold it.',
      ],
    },
    {
      heading: '10. Liability and law',
      paragraphs: [
        'We are responsible for losses we cause by our negligence or by breaking this agreement. We are not responsible for losses from the market\'s movements or from your own trading decisions.',
        'A real operator names here the law that governs this agreement and the courts that decide disputes about it.',
      ],
    },
    {
      heading: '11. Contact',
      paragraphs: ['Write to us through the contact page or the support section of your account. We answer in English or Russian.'],
    },
  ],
};
