import { useActorRef, useSelector } from '@xstate/react';
import { selectUser, sessionActor } from '../shell/app.flow';
import { cryptoDepositFlow, invoicePageFlow } from './crypto.flow';
import { connectCrypto, connectInvoice } from './crypto.connect';
import { selectInvoiceActor, TAB_COINS, type CryptoTabId } from './crypto.select';
import { useMoneyFlow } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';

/** A crypto funding tab's deposit, created with the session's demo flag and the tab's coin, connected. */
export function useCryptoDeposit(tab: string, lang = 'en') {
  const coin = TAB_COINS[tab as CryptoTabId] ?? 'btc';
  const demo = useSelector(sessionActor, (s) => selectUser(s)?.isDemo ?? false);
  const actor = useActorRef(cryptoDepositFlow, { input: { tab, coin, demo }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return connectCrypto(snapshot, actor.send, lang);
}

/** The invoice page's actor for #/show/invoice/{coin}/{guid} and its invoice child, connected. */
export function useInvoicePage(coin: string, guid: string, lang = 'en') {
  const page = useActorRef(invoicePageFlow, { input: { coin, guid }, inspect });
  // a money flow: nothing interrupts an open invoice
  useMoneyFlow('invoice', true);
  const snapshot = useSelector(page, (s) => s);
  const child = useSelector(page, selectInvoiceActor);
  const invoice = useSelector(child, (s) => s);
  return connectInvoice(snapshot, invoice, page.send, lang);
}
