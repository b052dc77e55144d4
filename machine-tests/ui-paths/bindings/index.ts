import type { UiBinding } from '../types';
import { attentionBinding } from './attention';
import { cardFormBinding } from './card-form';
import { cascadeBinding } from './cascade';
import { forgotBinding } from './forgot';
import { fundingBinding } from './funding';
import { invoiceBinding } from './invoice';
import { listenBinding } from './listen';
import { loginBinding } from './login';
import { passwordResetBinding } from './password-reset';
import { passwordChangeBinding } from './password-change';
import { twoFactorEntryBinding } from './two-factor-entry';
import { validationBinding } from './validation';
import { withdrawalBinding } from './withdrawal';
import { withdrawalPendingBinding } from './withdrawal-pending';
import { voucherBinding } from './voucher';
import { referralTransferBinding } from './referral-transfer';
import { accountsBinding } from './accounts';
import { signatureBinding } from './signature';
import { uploadItemBinding } from './upload-item';

/** Every UI binding `npm run test:ui-paths` runs, in this order (one line each). */
export const bindings: UiBinding[] = [loginBinding, twoFactorEntryBinding, validationBinding, withdrawalBinding, invoiceBinding, cascadeBinding, listenBinding, fundingBinding, cardFormBinding, attentionBinding, passwordChangeBinding, forgotBinding, withdrawalPendingBinding, voucherBinding, referralTransferBinding, accountsBinding, signatureBinding, uploadItemBinding];
