import type { AnyStateMachine } from 'xstate';
import { invoiceMachine } from './invoice/invoice.machine';
import { invoicePageMachine } from './invoice-page/invoice-page.machine';
import { cryptoDepositMachine } from './crypto-deposit/crypto-deposit.machine';
import { loginMachine } from './login/login.machine';
import { modalMachine } from './modal/modal.machine';
import { sessionMachine } from './session/session.machine';
import { toastMachine } from './toast/toast.machine';
import { explorerMachine, funnelMachine, liveMachine, stepMachine } from './explorer/index';
import { withdrawalMachine } from './withdrawal/withdrawal.machine';
import { withdrawalPendingMachine } from './withdrawal/pending.machine';
import { validationMachine } from './validation/validation.machine';
import { twoFactorEntryMachine } from './two-factor/entry.machine';
import { twoFactorChoiceMachine } from './two-factor/choice.machine';
import { recoveryCodesMachine } from './two-factor/recovery.machine';
import { passwordChangeMachine } from './security/password.machine';
import { accountsMachine } from './accounts/accounts.machine';
import { registerMachine } from './register/register.machine';
import { cascadeMachine } from './cascade/cascade.machine';
import { entropayMachine } from './cascade/entropay.machine';
import { listenMachine } from './listen/listen.machine';
import { fundingMachine } from './funding/funding.machine';
import { cardFormMachine } from './card-form/card-form.machine';
import { balanceSyncMachine } from './balance-sync/balance-sync.machine';
import { tradingBlockMachine } from './trading-block/trading-block.machine';
import { reportsMachine } from './reports/reports.machine';
import { signalsMachine } from './signals/signals.machine';
import { tipsMachine } from './tips/tips.machine';
import { newsMachine } from './news/news.machine';
import { iqMiningMachine } from './iq-mining/iq-mining.machine';
import { ladderMachine } from './ladder/ladder.machine';
import { chatMachine } from './chat/chat.machine';
import { signatureMachine } from './signature/signature.machine';
import { uploadItemMachine } from './upload-item/upload-item.machine';
import { documentsMachine } from './documents/documents.machine';
import { bankReportMachine } from './bank-report/bank-report.machine';
import { voucherMachine } from './voucher/voucher.machine';
import { quickTopUpMachine } from './quick-topup/quick-topup.machine';
import { methodDepositMachine } from './method-deposit/method-deposit.machine';
import { welcomeMachine } from './welcome/welcome.machine';
import { callBackMachine } from './call-back/call-back.machine';
import { contactFormMachine } from './contact-form/contact-form.machine';
import { complaintsMachine } from './complaints/complaints.machine';
import { traderLimitsMachine } from './trader-limits/trader-limits.machine';
import { accountClosureMachine } from './account-closure/account-closure.machine';
import { cashierLocksMachine } from './cashier-locks/cashier-locks.machine';
import { selfExclusionMachine } from './self-exclusion/self-exclusion.machine';
import { appropriatenessMachine } from './appropriateness/appropriateness.machine';
import { dataExportMachine } from './data-export/data-export.machine';
import { statementMachine } from './statement/statement.machine';
import { realityCheckMachine } from './reality-check/reality-check.machine';
import { realityCheckSettingMachine } from './reality-check-setting/reality-check-setting.machine';
import { termsAcceptanceMachine } from './terms-acceptance/terms-acceptance.machine';
import { sessionLimitSettingMachine } from './session-limit-setting/session-limit-setting.machine';
import { activeSessionsMachine } from './active-sessions/active-sessions.machine';
import { signInHistoryMachine } from './sign-in-history/sign-in-history.machine';
import { notMeMachine } from './not-me/not-me.machine';
import { addressBookMachine } from './address-book/address-book.machine';
import { passkeysMachine } from './passkeys/passkeys.machine';
import { passkeySignInMachine } from './passkeys/sign-in.machine';
import { addressConfirmMachine } from './address-confirm/address-confirm.machine';
import { referralPageMachine } from './referral-page/referral-page.machine';
import { referralLinkMachine } from './referral-link/referral-link.machine';
import { referralTransferMachine } from './referral-transfer/referral-transfer.machine';
import { referralStatsMachine } from './referral-stats/referral-stats.machine';
import { supportInitMachine } from './support-init/support-init.machine';
import { ticketListMachine } from './ticket-list/ticket-list.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { contestPageMachine } from './contest-page/contest-page.machine';
import { tourneyWeekendMachine } from './tourney-weekend/tourney-weekend.machine';
import { ticketThreadMachine } from './ticket-thread/ticket-thread.machine';
import { promotionsMachine } from './promotions/promotions.machine';
import { newTicketMachine } from './new-ticket/new-ticket.machine';
import { supportPageMachine } from './support-page/support-page.machine';
import { forgotMachine } from './forgot/forgot.machine';
import { passwordResetMachine } from './password-reset/password-reset.machine';
import { socialSignInMachine } from './social-sign-in/social-sign-in.machine';
import { siteMenuMachine } from './site-menu/site-menu.machine';
import { faqAccordionMachine } from './faq-accordion/faq-accordion.machine';
import { imageSliderMachine } from './image-slider/image-slider.machine';
import { videoPopupMachine } from './video-popup/video-popup.machine';
import { zoomBlockMachine } from './zoom-block/zoom-block.machine';
import { tabLoaderMachine } from './tab-loader/tab-loader.machine';
import { timedOfferMachine } from './timed-offer/timed-offer.machine';
import { visitorGiftMachine } from './visitor-gift/visitor-gift.machine';
import { attentionMachine } from './attention/attention.machine';

/** Every flow of the product. The explorer, the diagram export and the coverage gate read this list. */
export interface MachineEntry {
  machine: AnyStateMachine;
  /** one line for analysts: what the flow is for */
  purpose: string;
}

export const machines: Record<string, MachineEntry> = {
  login: { machine: loginMachine, purpose: 'Sign in: platform login, then the product session; autologin; errors shaken' },
  session: { machine: sessionMachine, purpose: 'The current user and settings, loaded once; user updates; logout and platform not-auth' },
  invoice: { machine: invoiceMachine, purpose: 'A crypto invoice for any coin: wt → su | ex, polled every 60 s, checked on push and when the countdown ends' },
  invoicePage: { machine: invoicePageMachine, purpose: 'The invoice page: loads the invoice, runs the invoice machine on its server expiry, forwards pushed updates, answers the short, late and over payments of a closed invoice (a refund claimed to an address, an over-payment credited), sandbox pay/block/expire control' },
  cryptoDeposit: { machine: cryptoDepositMachine, purpose: 'A crypto funding tab: amount in fiat (minimum deposit) or in the coin (fixed mode), pay, then the invoice page; demo accounts blocked' },
  modal: { machine: modalMachine, purpose: 'One modal manager for alert, confirm and dynamic modals, queued' },
  toast: { machine: toastMachine, purpose: 'Toasts that leave after the toast duration (5 s by default)' },
  withdrawal: { machine: withdrawalMachine, purpose: 'Withdrawal: tabs and form checks, the server case (confirm one/two/three/four/six, need-verify, five direct), exchange mode, second factor, need_auth logout' },
  withdrawalPending: { machine: withdrawalPendingMachine, purpose: 'Pending withdrawals: the list, cancel after a Yes/No confirmation, Success or the server message' },
  validation: { machine: validationMachine, purpose: 'Transaction validation: at most 5 attempts (counted by the server), wrong resets the input, success goes home' },
  twoFactorEntry: { machine: twoFactorEntryMachine, purpose: 'Six-digit code entry for sign-in, withdrawal and method changes: auto-submit, paste, resend, disabled after too many wrong codes; at sign-in with the authenticator, a recovery code instead (wrong or used: said, and counted); at sign-in by a trader with a passkey, the passkey instead (refused: said, and counted)' },
  twoFactorChoice: { machine: twoFactorChoiceMachine, purpose: 'Choosing the two-factor method: current factor first, email code, google QR and first TOTP code, Saving Successfully; the authenticator\'s recovery codes then shown once (saved as a file, or said saved)' },
  recoveryCodes: { machine: recoveryCodesMachine, purpose: 'Recovery codes on the security page (issue 31 §4): how many are left (with a retry); new codes after the authenticator\'s code, shown once (saved as a file, or said saved), the old ones void; a refusal keeps the count and says why' },
  passwordChange: { machine: passwordChangeMachine, purpose: 'Password change: first invalid field focused, server message or the generic error' },
  register: { machine: registerMachine, purpose: 'Registration: fields checked on blur and submit, the US residents notice, the account opened, then autologin to the trading page' },
  accounts: { machine: accountsMachine, purpose: 'Accounts: switch balances and the exchange account, add an account in another currency' },
  cascade: { machine: cascadeMachine, purpose: 'Card funding cascade: fraud check, then each processor of the stack once; hard declines stop (Zoom 51 too: no EZPAY); do-not-honor dialog; a processor skipped as unhealthy or failing in transport moves on, the last one so toasts \'Response error\'; tried list survives a reload' },
  listen: { machine: listenMachine, purpose: 'Listening for one processor result: a check every 5 s, at once on push, until final, stop or the deadline' },
  entropay: { machine: entropayMachine, purpose: 'Entropay dialogs: start (confirm or reject) and the CVV dialog (at least 3 characters)' },
  funding: { machine: fundingMachine, purpose: 'The funding page: tabs by language/currency, risk and demo popups, add alerts, amount slider steps, bonus tiers, promo code' },
  balanceSync: { machine: balanceSyncMachine, purpose: 'Balance sync: the platform balance to our server at most once a minute and only when changed; user update on the 1st and every 5th' },
  tradingBlock: { machine: tradingBlockMachine, purpose: 'Trading block: locked when not Full, deposited (or last_count) and not signed; sign-up modal reopened up to 10 clicks; signing unlocks' },
  reports: { machine: reportsMachine, purpose: 'History and reports: DD.MM.YYYY range, status and symbol/type filters, paging (999 offset / 100 skip), Load data error with retry' },
  signals: { machine: signalsMachine, purpose: 'Trading signals: first fetch after 5 s, then every 300 s; each shown once a day; pop-ups count down to the server-held expiry, then close' },
  chat: { machine: chatMachine, purpose: 'The chat panel: closed, open (normal or maximised), minimised; its own opening after 400 ms (spec 001 §9.14) is off in the app, where the attention arbiter opens it once per browser, at once, in its column; hidden on some pages; token or guest' },
  tips: { machine: tipsMachine, purpose: 'Tips to the chat host: over 40 confirms the exact amount deducted; sent after 3 s (can be stopped); the server message for 10 s; some error' },
  cardForm: { machine: cardFormMachine, purpose: 'The card form: checks (type, length, Luhn, expiry, demo block), the card saved as a token, then the cascade as a child; resumes a stored run' },
  explorer: { machine: explorerMachine, purpose: 'The machine explorer page: opens a diagram (laid out at build time or in the browser) and the coverage report' },
  explorerStep: { machine: stepMachine, purpose: 'Explorer step mode: a machine on fake actors and a simulated clock, one clicked event at a time; back and reset' },
  signature: { machine: signatureMachine, purpose: "The drawn signature: an empty pad gets 'Cant save empty sign!', the agreement ticked when asked, saved as a PNG document (sets the sign flag); 401 logs out" },
  uploadItem: { machine: uploadItemMachine, purpose: 'One document upload control: a file chosen (extras beyond file-max ignored), size and type checked before sending, progress from the upload itself, cancel, Upload successful or the refusal, retry; 401 logs out' },
  documents: { machine: documentsMachine, purpose: 'The personal page: what must be sent and its review status, one upload control per document (children), pushed reviews with a notification, take a document back, the signature pad as a child, Full refreshes the user' },
  bankReport: { machine: bankReportMachine, purpose: "Bank transfer and fiat tabs: the page's amount line (at least the minimum: 'Wrong amount! Min deposit {min}'; bonus and promo), the report, the reference and bank details, the receipt's upload control as a child, received by push or the fallback check" },
  voucher: { machine: voucherMachine, purpose: "Vload tab: the voucher pin (16 digits), redeemed once, then the voucher finish page; 'Some errors try again later' or the server message; demo blocked" },
  quickTopUp: { machine: quickTopUpMachine, purpose: 'Quick top-up: offered when can_load and a card is saved; the amount, a confirmation of the exact amount, one charge of the saved card under one key' },
  methodDeposit: { machine: methodDepositMachine, purpose: 'A wallet deposit (Neteller direct, Skrill and the other wallets by their page): form checks with the page\'s amount line (bonus and promo), start, redirect or direct result, then the status by push with polling until paid or failed; demo blocked' },
  welcome: { machine: welcomeMachine, purpose: 'The first visit after registration (?first): a one-time welcome over #/home with Deposit (before any deposit) and Start trading; waits under the trading block; remembered per trader' },
  callBack: { machine: callBackMachine, purpose: "The call-back dropdown: a phone (at least 7 characters, else calls.error_phone) and a preferred time, sent once under a key; calls.server_success, or the server's key / calls.server_error with the phone kept and a retry; the rate limit" },
  contactForm: { machine: contactFormMachine, purpose: 'The contact page, signed out or in: the support email and phone (/api/info), and name, email, phone (at least 7) and message, each checked; return true is the success, return false its error/message with the form kept, a failure keeps everything with a retry' },
  complaints: { machine: complaintsMachine, purpose: 'Make a complaint (not support): the trader\'s complaints, and a category (withdrawal of funds its own), subject and text checked, sent once under a key; the reference, acknowledged at once, and the due date two months out; a refused field marked; a failure keeps everything and the key' },
  traderLimits: { machine: traderLimitsMachine, purpose: 'The trader\'s limits (issue 30 §1): deposit limits per 24 hours, 7 and 30 days, stake limits per trade and per 24 hours, loss limits per 24 hours, 7 and 30 days, with what is used and a waiting raise or removal; one row (a kind and a period) edited at a time, its amount checked (positive, the currency\'s decimals, at most the largest limit) or no limit asked; saved once, in force now (first or lower) or from its date after the cooling-off (raise or removal); a refused amount marked; a failure keeps what was typed' },
  cashierLocks: { machine: cashierLocksMachine, purpose: 'What locks a deposit, a withdrawal or trading now (issue 30 §4, core/cashier-locks.ts): read as the funding or withdrawal page opens; each lock shown with its message and next step before anything is typed; Check again reads them again; a failed read locks nothing (the server still refuses with the reason)' },
  accountClosure: { machine: accountClosureMachine, purpose: 'Close my account (issue 30 §8): what stops the closure read first (money, an open trade, a withdrawal waiting, a deposit under way), listed with Check again; else a reason, the trader\'s words (needed with other) and the password, checked before sending; a confirmation (Keep my account goes back); closed, then the sign-in page; a wrong password marked, a refused field marked, something that appeared meanwhile reads the status again, any other failure keeps the form' },
  selfExclusion: { machine: selfExclusionMachine, purpose: 'Take a break or exclude yourself (issue 30 §3): a timeout (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years) picked; the confirmation says what happens, until when (from the page\'s clock) and that it cannot be ended early, and asks the password; in force, every session ends and the sign-in page follows; a wrong password marked, a refused choice back to the choices, any other failure said with Try again' },
  appropriateness: { machine: appropriatenessMachine, purpose: 'The appropriateness questionnaire before the first real-money trade (issue 30 §6): where the trader stands read first (a demo account needs nothing); every question answered before sending, an open one marked; scored and recorded by the server: passed opens trading, failed shows the risk warning and the 24-hour cool-down with its date (Check again); after it, answer again or accept the risk with a box ticked; a failed call keeps the answers, a 409 reads the standing again' },
  dataExport: { machine: dataExportMachine, purpose: 'Download my data (issue 30 §9): the latest export read; Prepare my data starts one (or joins the one running); its progress (sections done of all) read every 2 s until ready or failed; Download gets the JSON once and the browser saves it; a download refused as already made or expired offers a new export; a failed export offers Try again; the day\'s limit (3) says when the next may start' },
  statement: { machine: statementMachine, purpose: 'A statement for the History page\'s range (issue 30 §9): CSV or PDF asked for; a range the rules refuse (backwards, over 366 days) said at once and nothing asked; else made by the server and received with its progress, then saved and kept to save again; cancelled while it comes; a failure (lost, refused) says why with a retry of the same request' },
  realityCheck: { machine: realityCheckMachine, purpose: 'The reality check (issue 30 §2): every N minutes from the session\'s start (nothing when off) the trader is shown the time in this session and the trades settled in it with their net result (read fresh; a failed read still shows the time and Continue); due, it asks the attention arbiter (mandatory, held while a money flow runs); Continue or My limits schedule the next check N minutes after this one, Take a break signs out; a changed interval takes effect at once from the session\'s start' },
  termsAcceptance: { machine: termsAcceptanceMachine, purpose: 'A new version of a legal document asks again (issue 30 §5): the accepted versions are read after sign-in; when one is older, the dialog asks the attention arbiter (mandatory, held while a money flow runs) and shows what changed and the documents in full; I have read and accept sends exactly the versions shown (one published meanwhile is refused, read and shown); Later closes it with deposits and trading still locked; the Documents page (#/show/terms) shows the same at once' },
  realityCheckSetting: { machine: realityCheckSettingMachine, purpose: 'The reality check\'s interval on the limits page (issue 30 §2): read (the trader\'s choice or the country\'s default, with a retry), a choice of the offered intervals (Off, 15 min, …) saved at once and told to the running reality check; a failed save keeps the interval in force and says so' },
  sessionLimitSetting: { machine: sessionLimitSettingMachine, purpose: 'The session-time limit on the limits page (issue 30 §1): read (with a retry), one of the offered limits or none saved at once; a first or shorter one is in force now (this session\'s end moves and the page\'s session follows), a longer one or none waits for the cooling-off with its date; only a change is sent; a failed save keeps the limit in force and says so' },
  activeSessions: { machine: activeSessionsMachine, purpose: 'Where the trader is signed in, on the security page (issue 31 §2): the live sessions read (with a retry), each with device, IP, sign-in and last use, this one marked; one other session ended, or every other at once; only a listed session that is not this one can be ended; the answer is the list after it; a failed end keeps the list and says why' },
  signInHistory: { machine: signInHistoryMachine, purpose: 'The sign-in history on the security page (issue 31 §1, §3): the last 90 days of sign-ins read a page at a time (with a retry), newest first, with method, outcome, device, IP and country; show more while older ones exist (a failed page keeps what was read); a new-device sign-in can be reported as not the trader (the child notMe); once every session has ended the page leaves for the sign-in page' },
  notMe: { machine: notMeMachine, purpose: 'This wasn’t me (issue 31 §3): the trader confirms that a new-device sign-in was not them (every session ends, a password reset link is emailed) or cancels; a failed try says why and can be confirmed again; the email link’s page and a child of the sign-in history' },
  addressBook: { machine: addressBookMachine, purpose: 'The withdrawal address book on the security page (issue 31 §6): the saved destinations read (with a retry), each waiting for its emailed confirmation, in its hold or usable; one saved (a label of 1 to 40 characters; the server checks the address and emails the link), one removed, only-to-saved switched on (at once) or off (after the hold); one change at a time; a failed one keeps the book and says why' },
  passkeys: { machine: passkeysMachine, purpose: 'Passkeys on the security page (issue 31 §5): the trader’s passkeys read (with a retry); one added under a name of 1 to 40 characters (the password first: a passkey signs in without it; then a challenge from the server, the key made by the browser and the authenticator, its answer verified by the server) or one removed, each after the password, asked in a dialog (a wrong one keeps the dialog and says so); one change at a time; a failed one keeps the list and says why' },
  passkeySignIn: { machine: passkeySignInMachine, purpose: 'Sign in with a passkey on the sign-in page (issue 31 §5): a challenge from the server, signed by any passkey of the site (no email typed), sent back; the answer is the autologin address the page opens, where the ordinary sign-in goes on without the second factor; a refusal is said and the button works again' },
  addressConfirm: { machine: addressConfirmMachine, purpose: 'The address book’s emailed link (issue 31 §6): opening it changes nothing; Confirm; the answer names the destination and from when it can be used; a refused or lost answer says why and may be pressed again' },
  referralPage: { machine: referralPageMachine, purpose: 'The referral page (001 §3, §5-7): the program loaded (retry on failure), then the link form, the transfer and the statistics filter as children; a saved link or a transfer updates the page' },
  referralLink: { machine: referralLinkMachine, purpose: "A new affiliate link: a name and a landing page, else 'Please fill Link name and chose Landing page'; saving, saved or refused" },
  referralTransfer: { machine: referralTransferMachine, purpose: "Referral balance to the trading account: an integer > 0, else 'Wrong amount'; sending with one idempotency key; done or refused" },
  referralStats: { machine: referralStatsMachine, purpose: 'Referral statistics filter (dates, link): visits, registrations, first deposits and commission per link; retry on failure' },
  supportInit: { machine: supportInitMachine, purpose: 'Support initialisation (002 §4, §9): /api/kayako/init tried up to 3 times with a growing wait (named delay), then it says so and offers a retry' },
  notifications: { machine: notificationsMachine, purpose: "The header bell's list: the first 3 and the rest on demand, read one, read all, failed with retry; a pushed notification.new reads it again and the badge follows the unread count" },
  ticketList: { machine: ticketListMachine, purpose: "The trader's tickets: status by status_id, last activity, unread agent replies marked; read again on a pushed ticket.updated or a change" },
  promotions: { machine: promotionsMachine, purpose: 'Promotions: the list in their window, terms shown before a confirmed activation, activated → the list reloads, refused with the server\'s message, failed with retry' },
  contestPage: { machine: contestPageMachine, purpose: 'The contest page: the open contests (tab first) and the last closed ones (tab last), a filter box over the rows, \'Some errors...\' with a retry' },
  tourneyWeekend: { machine: tourneyWeekendMachine, purpose: 'The weekend contest modal: offered at most once a day while a weekend contest is open; show more goes to the contest page' },
  ticketThread: { machine: ticketThreadMachine, purpose: "One ticket as a thread: show, a reply with attachments under one key (bounds checked; a failure keeps the text with a retry; a ticket not Open reopens), close after 'Close Ticket / Are you sure?' ('Server error try again later.'), an agent reply pushed in place" },
  newTicket: { machine: newTicketMachine, purpose: 'A new ticket on the page (department 27) or in the support dialog (62, about a payment): priority 1, subject, content, attachments as upload children, bounds checked, one key; a failure keeps everything; the dialog shows the success and closes after 3500 ms' },
  supportPage: { machine: supportPageMachine, purpose: 'The support page: init (with retries) as a child, then the ticket list child and the new ticket form or one thread as children; pushed updates forwarded, a closed ticket returns to the list' },
  forgot: { machine: forgotMachine, purpose: 'Forgot password, the ask: the email checked before sending, the same answer whether or not it has an account, rate limited with the server message, a failure keeps the email with a retry' },
  passwordReset: { machine: passwordResetMachine, purpose: 'Password reset from the emailed link: the link checked without using it (invalid: ask again), the rules as typed, passwords not matching, sent once, done points to the login (no sign-in), a failure keeps what was typed' },
  socialSignIn: { machine: socialSignInMachine, purpose: "Social sign-in, the return with a new verified email: the identity loaded (or expired: 'Operation failed.Please try again.'), the remaining questions (country, US state, currency, names, phone) with the email locked, refused fields beside them, the account opened, then the autologin" },
  siteMenu: { machine: siteMenuMachine, purpose: "The public site's mobile menu: a toggle; a link or Escape closes it" },
  faqAccordion: { machine: faqAccordionMachine, purpose: 'The FAQ accordion on the public site: one answer open at a time, its question closes it' },
  imageSlider: { machine: imageSliderMachine, purpose: 'The sliding images on the landing page: autoplay on a named delay, held under hover or focus, still under prefers-reduced-motion' },
  videoPopup: { machine: videoPopupMachine, purpose: 'The video popup on the landing page: an animated SVG/CSS demo of the platform (no outside video), play and pause, closed by Escape or the button' },
  zoomBlock: { machine: zoomBlockMachine, purpose: 'The zoom-on-scroll block: zoomed while in view (IntersectionObserver), at rest outside' },
  tabLoader: { machine: tabLoaderMachine, purpose: 'The async tab loader (000 §2, §7): /api/tb/{tab} as JSON, a link pushes /{lang}/{tab}, back and forward load the address, a failure with a retry' },
  timedOffer: { machine: timedOfferMachine, purpose: 'A timed offer: shown with its terms until the server-held deadline (a named delay to expiresAt; reload and tabs agree), then accepted (what the terms say, once), ignored (recorded) or expired' },
  visitorGift: { machine: visitorGiftMachine, purpose: 'The visitor gift popup on the landing page: 15 s after arrival unless seen within a day (a 1-day cookie), until closed' },
  news: { machine: newsMachine, purpose: 'News and analysis: the list loads, one item opens, back to the list; a failure says why with a retry of what failed' },
  iqMining: { machine: iqMiningMachine, purpose: 'IQ mining: the terms, then a five-question quiz held by the server (start or resume, each answer checked there with the right one explained) to the result; 1.62 to the bonus balance once when all were right; a failure retries what failed' },
  ladder: { machine: ladderMachine, purpose: "The ladder: the trader's place in the running weekly contest (rank, participants, profit, what moves them up) loads, is shown and read again; a failure retries" },
  attention: { machine: attentionMachine, purpose: 'The attention arbiter: every interruption asks it; one overlay at a time, mandatory steps first, nothing during a money flow, one promotion a visit and the same one once a day, the chat opens by itself once per browser over nothing' },
  explorerLive: { machine: liveMachine, purpose: "Explorer live mode: follows the app's actors in other tabs through the inspection channel" },
  explorerFunnel: { machine: funnelMachine, purpose: "Explorer funnel: one machine's transitions counted from real traffic in a range of days and a segment; the card cascade's payments and declines by processor and reason; a range the server would refuse is not asked" },
};
