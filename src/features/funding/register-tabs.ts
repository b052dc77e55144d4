import { lazyView } from './lazy';
import { fundingTabViews } from './tabs';
// the wallet tabs (issue 14)
import './methods/register-tabs';

/** The card tabs of the funding page (issue 3): the standard form and the JCB form, loaded with their first use. */
const CardTab = lazyView(() => import('./CardTab'));
fundingTabViews.card = CardTab;
fundingTabViews.jcb = CardTab;

/** Issue 14: the bank transfer and fiat tabs (one view), the Vload voucher tab. */
const BankTab = lazyView(() => import('./bank/BankTab'));
fundingTabViews.bank = BankTab;
fundingTabViews.fiat = BankTab;
fundingTabViews.vload = lazyView(() => import('./voucher/VoucherTab'));
