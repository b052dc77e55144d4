import type { MachineModel } from '../machine-kit/types';
import { invoiceModel } from './invoice/invoice.model';
import { invoicePageModel } from './invoice-page/invoice-page.model';
import { cryptoDepositModel } from './crypto-deposit/crypto-deposit.model';
import { loginModel } from './login/login.model';
import { modalModel } from './modal/modal.model';
import { sessionModel } from './session/session.model';
import { toastModel } from './toast/toast.model';
import { explorerFunnelModel, explorerLiveModel, explorerModel, explorerStepModel } from './explorer/models';
import { recoveryCodesModel, twoFactorChoiceModel, twoFactorEntryModel } from './two-factor/two-factor.model';
import { withdrawalModel, withdrawalPendingModel } from './withdrawal/withdrawal.model';
import { accountsModel, passwordChangeModel, validationModel } from './security/security.model';
import { registerModel } from './register/register.model';
import { timedOfferModel } from './timed-offer/timed-offer.model';
import { visitorGiftModel } from './visitor-gift/visitor-gift.model';
import { cascadeModel, entropayModel, listenModel } from './cascade/cascade.model';
import { signalsModel } from './signals/signals.model';
import { tipsModel } from './tips/tips.model';
import { newsModel } from './news/news.model';
import { iqMiningModel } from './iq-mining/iq-mining.model';
import { ladderModel } from './ladder/ladder.model';
import { chatModel } from './chat/chat.model';
import { fundingModel } from './funding/funding.model';
import { cardFormModel } from './card-form/card-form.model';
import { balanceSyncModel } from './balance-sync/balance-sync.model';
import { tradingBlockModel } from './trading-block/trading-block.model';
import { reportsModel } from './reports/reports.model';
import { signatureModel } from './signature/signature.model';
import { uploadItemModel } from './upload-item/upload-item.model';
import { documentsModel } from './documents/documents.model';
import { bankReportModel } from './bank-report/bank-report.model';
import { voucherModel } from './voucher/voucher.model';
import { quickTopUpModel } from './quick-topup/quick-topup.model';
import { methodDepositModel } from './method-deposit/method-deposit.model';
import { welcomeModel } from './welcome/welcome.model';
import { callBackModel } from './call-back/call-back.model';
import { contactFormModel } from './contact-form/contact-form.model';
import { complaintsModel } from './complaints/complaints.model';
import { traderLimitsModel } from './trader-limits/trader-limits.model';
import { accountClosureModel } from './account-closure/account-closure.model';
import { cashierLocksModel } from './cashier-locks/cashier-locks.model';
import { selfExclusionModel } from './self-exclusion/self-exclusion.model';
import { appropriatenessModel } from './appropriateness/appropriateness.model';
import { dataExportModel } from './data-export/data-export.model';
import { statementModel } from './statement/statement.model';
import { realityCheckModel } from './reality-check/reality-check.model';
import { realityCheckSettingModel } from './reality-check-setting/reality-check-setting.model';
import { termsAcceptanceModel } from './terms-acceptance/terms-acceptance.model';
import { sessionLimitSettingModel } from './session-limit-setting/session-limit-setting.model';
import { activeSessionsModel } from './active-sessions/active-sessions.model';
import { signInHistoryModel } from './sign-in-history/sign-in-history.model';
import { notMeModel } from './not-me/not-me.model';
import { addressBookModel } from './address-book/address-book.model';
import { passkeySignInModel, passkeysModel } from './passkeys/passkeys.model';
import { addressConfirmModel } from './address-confirm/address-confirm.model';
import { referralPageModel } from './referral-page/referral-page.model';
import { referralLinkModel } from './referral-link/referral-link.model';
import { referralTransferModel } from './referral-transfer/referral-transfer.model';
import { referralStatsModel } from './referral-stats/referral-stats.model';
import { supportInitModel } from './support-init/support-init.model';
import { ticketListModel } from './ticket-list/ticket-list.model';
import { notificationsModel } from './notifications/notifications.model';
import { contestPageModel } from './contest-page/contest-page.model';
import { promotionsModel } from './promotions/promotions.model';
import { tourneyWeekendModel } from './tourney-weekend/tourney-weekend.model';
import { attentionModel } from './attention/attention.model';
import { ticketThreadModel } from './ticket-thread/ticket-thread.model';
import { newTicketModel } from './new-ticket/new-ticket.model';
import { supportPageModel } from './support-page/support-page.model';
import { forgotModel } from './forgot/forgot.model';
import { passwordResetModel } from './password-reset/password-reset.model';
import { socialSignInModel } from './social-sign-in/social-sign-in.model';
import { siteMenuModel } from './site-menu/site-menu.model';
import { faqAccordionModel } from './faq-accordion/faq-accordion.model';
import { imageSliderModel } from './image-slider/image-slider.model';
import { videoPopupModel } from './video-popup/video-popup.model';
import { zoomBlockModel } from './zoom-block/zoom-block.model';
import { tabLoaderModel } from './tab-loader/tab-loader.model';

/**
 * One test model per machine of machines/index.ts, under the same id. Each machine's owner writes
 * `machines/<flow>/<flow>.model.ts` beside the machine and registers it here; the coverage gate fails for a machine
 * without a model.
 */
export const models: Record<string, MachineModel> = {
  invoice: invoiceModel,
  invoicePage: invoicePageModel,
  cryptoDeposit: cryptoDepositModel,
  login: loginModel,
  session: sessionModel,
  modal: modalModel,
  toast: toastModel,
  explorer: explorerModel,
  explorerStep: explorerStepModel,
  explorerLive: explorerLiveModel,
  explorerFunnel: explorerFunnelModel,
  withdrawal: withdrawalModel,
  withdrawalPending: withdrawalPendingModel,
  validation: validationModel,
  twoFactorEntry: twoFactorEntryModel,
  twoFactorChoice: twoFactorChoiceModel,
  recoveryCodes: recoveryCodesModel,
  passwordChange: passwordChangeModel,
  accounts: accountsModel,
  register: registerModel,
  cascade: cascadeModel,
  listen: listenModel,
  entropay: entropayModel,
  signals: signalsModel,
  tips: tipsModel,
  chat: chatModel,
  funding: fundingModel,
  cardForm: cardFormModel,
  balanceSync: balanceSyncModel,
  tradingBlock: tradingBlockModel,
  reports: reportsModel,
  signature: signatureModel,
  uploadItem: uploadItemModel,
  documents: documentsModel,
  bankReport: bankReportModel,
  voucher: voucherModel,
  quickTopUp: quickTopUpModel,
  methodDeposit: methodDepositModel,
  welcome: welcomeModel,
  callBack: callBackModel,
  contactForm: contactFormModel,
  complaints: complaintsModel,
  traderLimits: traderLimitsModel,
  accountClosure: accountClosureModel,
  cashierLocks: cashierLocksModel,
  selfExclusion: selfExclusionModel,
  appropriateness: appropriatenessModel,
  dataExport: dataExportModel,
  statement: statementModel,
  realityCheck: realityCheckModel,
  realityCheckSetting: realityCheckSettingModel,
  termsAcceptance: termsAcceptanceModel,
  sessionLimitSetting: sessionLimitSettingModel,
  activeSessions: activeSessionsModel,
  signInHistory: signInHistoryModel,
  notMe: notMeModel,
  addressBook: addressBookModel,
  passkeys: passkeysModel,
  passkeySignIn: passkeySignInModel,
  addressConfirm: addressConfirmModel,
  referralPage: referralPageModel,
  referralLink: referralLinkModel,
  referralTransfer: referralTransferModel,
  referralStats: referralStatsModel,
  supportInit: supportInitModel,
  notifications: notificationsModel,
  ticketList: ticketListModel,
  contestPage: contestPageModel,
  promotions: promotionsModel,
  tourneyWeekend: tourneyWeekendModel,
  ticketThread: ticketThreadModel,
  newTicket: newTicketModel,
  supportPage: supportPageModel,
  forgot: forgotModel,
  passwordReset: passwordResetModel,
  socialSignIn: socialSignInModel,
  siteMenu: siteMenuModel,
  faqAccordion: faqAccordionModel,
  imageSlider: imageSliderModel,
  videoPopup: videoPopupModel,
  zoomBlock: zoomBlockModel,
  tabLoader: tabLoaderModel,
  news: newsModel,
  iqMining: iqMiningModel,
  ladder: ladderModel,
  timedOffer: timedOfferModel,
  visitorGift: visitorGiftModel,
  attention: attentionModel,
};
