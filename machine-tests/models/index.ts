import type { MachineModel } from '../../machine-kit/types';
import { invoiceModel } from './invoice.model';
import { invoicePageModel } from './invoice-page.model';
import { cryptoDepositModel } from './crypto-deposit.model';
import { loginModel } from './login.model';
import { modalModel } from './modal.model';
import { sessionModel } from './session.model';
import { toastModel } from './toast.model';
import { explorerLiveModel, explorerModel, explorerStepModel } from './explorer-models';
import { twoFactorChoiceModel, twoFactorEntryModel } from './two-factor.model';
import { withdrawalModel, withdrawalPendingModel } from './withdrawal.model';
import { accountsModel, passwordChangeModel, validationModel } from './security.model';
import { registerModel } from './register.model';
import { cascadeModel, entropayModel, listenModel } from './cascade.model';
import { signalsModel } from './signals.model';
import { tipsModel } from './tips.model';
import { chatModel } from './chat.model';
import { fundingModel } from './funding.model';
import { cardFormModel } from './card-form.model';
import { balanceSyncModel } from './balance-sync.model';
import { tradingBlockModel } from './trading-block.model';
import { reportsModel } from './reports.model';

/**
 * One test model per machine of machines/index.ts, under the same id. Each machine's owner writes
 * `machine-tests/models/<id>.model.ts` and registers it here; the coverage gate fails for a machine
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
  withdrawal: withdrawalModel,
  withdrawalPending: withdrawalPendingModel,
  validation: validationModel,
  twoFactorEntry: twoFactorEntryModel,
  twoFactorChoice: twoFactorChoiceModel,
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
};
