import type { UiBinding } from '../types';
import { accountsBinding } from './accounts';
import { attentionBinding } from './attention';
import { callBackBinding } from './call-back';
import { cardFormBinding } from './card-form';
import { cascadeBinding } from './cascade';
import { forgotBinding } from './forgot';
import { fundingBinding } from './funding';
import { invoiceBinding } from './invoice';
import { listenBinding } from './listen';
import { loginBinding } from './login';
import { notificationsBinding } from './notifications';
import { passwordResetBinding } from './password-reset';
import { promotionsBinding } from './promotions';
import { passwordChangeBinding } from './password-change';
import { referralTransferBinding } from './referral-transfer';
import { registerBinding } from './register';
import { signatureBinding } from './signature';
import { socialSignInBinding } from './social-sign-in';
import { timedOfferBinding } from './timed-offer';
import { twoFactorEntryBinding } from './two-factor-entry';
import { uploadItemBinding } from './upload-item';
import { validationBinding } from './validation';
import { voucherBinding } from './voucher';
import { withdrawalBinding } from './withdrawal';
import { withdrawalPendingBinding } from './withdrawal-pending';

/** Every UI binding `npm run test:ui-paths` runs, in this order (one line each). */
export const bindings: UiBinding[] = [loginBinding, twoFactorEntryBinding, validationBinding, withdrawalBinding, invoiceBinding, cascadeBinding, listenBinding, fundingBinding, cardFormBinding, attentionBinding, passwordChangeBinding, withdrawalPendingBinding, voucherBinding, referralTransferBinding, accountsBinding, signatureBinding, forgotBinding, passwordResetBinding, promotionsBinding, callBackBinding, timedOfferBinding, registerBinding, notificationsBinding, uploadItemBinding, socialSignInBinding];
