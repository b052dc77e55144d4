import type { LegalText } from '../texts';

/** The risk disclosure, English (version and date: core/legal/versions.ts). */
export const text: LegalText = {
  title: 'Risk Disclosure',
  summary: 'What you risk when you trade binary options with us. Please read it before you deposit.',
  sections: [
    {
      heading: '1. The main risk',
      paragraphs: [
        'Binary options are complex and high-risk. Most retail clients lose money trading them. The warning shown on every page states the share of our own clients\' accounts that lost money over the last twelve months, computed from our records.',
        'Trade only with money you can afford to lose entirely.',
      ],
    },
    {
      heading: '2. How a binary option works',
      paragraphs: [
        'You choose an asset, an amount, a direction and an expiry. If the price at expiry is on your side, you receive your stake back and a fixed payout; if it is not, you lose the whole stake. There is no partial result.',
        'The payout is less than the stake you risk. Over many trades the difference works against you, so a steady profit is unlikely even when about half of your trades are right.',
      ],
    },
    {
      heading: '3. Prices and the platform',
      paragraphs: [
        'The price at which a trade is settled is the platform\'s price at expiry. Prices can move sharply in a short time, and short expiries leave little time for anything but chance.',
        'A connection fault, a slow device or a platform outage can prevent you from opening a trade when you want to. An open trade is still settled at its expiry.',
      ],
    },
    {
      heading: '4. Bonuses and promotions',
      paragraphs: [
        'A bonus may require a turnover before it, or the profit made with it, can be withdrawn. It can encourage you to trade more than you meant to. You never have to accept one.',
      ],
    },
    {
      heading: '5. Currency',
      paragraphs: [
        'When you deposit or withdraw in a currency other than your account\'s, the amount is converted at the rate shown, which can change between a deposit and a later withdrawal.',
      ],
    },
    {
      heading: '6. No advice',
      paragraphs: [
        'We do not give investment advice. Signals, news and market reviews in the product are information, not a recommendation to trade.',
      ],
    },
    {
      heading: '7. Keeping control',
      paragraphs: [
        'Set a deposit, loss, stake or session limit before you start, and keep it. A reality check can remind you how long you have been trading and what you have won or lost.',
        'If trading stops being fun or you are chasing losses, take a break or exclude yourself from the Pause page, and talk to someone you trust or to a support organisation in your country.',
      ],
    },
    {
      heading: '8. Investor protection',
      paragraphs: [
        'A real operator states here whether clients\' money is kept apart from its own, and which compensation scheme, if any, covers clients if it fails, with the scheme\'s limit. This sandbox holds no real money and is covered by no scheme.',
      ],
    },
  ],
};
