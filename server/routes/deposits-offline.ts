import multipart from '@fastify/multipart';
import { announceDeposit } from './deposit-push';
import { FastifyRequest } from 'fastify';
import { BankReportRequest, QuickTopUpRequest, VloadRequest, type BankOpenResponse, BankReportResponse, QuickTopUpResponse, type ReceiptResponse, type SavedCardsResponse, VloadResponse } from '../../core/contract';
import { attachReceipt, openBankDeposits, ownBankDeposit, reportBankDeposit, viewOf, type BankDeps } from '../domain/deposits/bank';
import { quickTopUp, savedCards } from '../domain/deposits/quick';
import { redeemVoucher, type VoucherDeps } from '../domain/deposits/vouchers';
import type { PaymentDeps } from '../domain/payments';
import { DOCUMENT_MAX_BYTES } from '../domain/verification/documents';
import { multipartError, readUploadedFile } from './upload';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { paymentDeps } from './payment-deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Bank transfer and fiat reports, their receipts, Vload vouchers and the quick top-up (
 * docs/api.md "Bank, fiat, vouchers and quick top-up"). Every refusal is a 4xx with error and message.
 */
export const offlineDepositRoutes: RoutePlugin<RouteDeps> = async (app, options) => {
  const { db, config, settings, push, ports } = options;
  // the broker's bank details, the voucher provider and the processors: ports (server/compose.ts)
  const bank: BankDeps = { db, settings, details: ports.bankDetails, rates: ports.rates };
  const vouchers: VoucherDeps = { db, settings, siteHost: config.siteHost, provider: ports.vouchers, rates: ports.rates };
  const payments: PaymentDeps = paymentDeps(options);

  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 } });

  // ─── bank transfer and fiat ────────────────────────────────────────────────────────────────
  for (const method of ['bank', 'fiat'] as const) {
    app.post(`/api/report/${method}`, { schema: api(TAGS.methods, `Report a ${method} transfer`, { body: BankReportRequest, response: BankReportResponse }) }, async (request): Promise<BankReportResponse> => {
      const userId = requireUser(request);
      const body = request.body;
      const deposit = await reportBankDeposit(bank, userId, method, body);
      push.publish(userId, { type: 'bank.updated', id: deposit.id, status: deposit.status });
      return { return: true, deposit };
    });
  }

  app.get<{ Querystring: { method?: string } }>('/api/report/bank/open', { schema: api(TAGS.methods, 'The open bank transfer reports') }, async (request): Promise<BankOpenResponse> => {
    const userId = requireUser(request);
    const method = request.query.method === 'fiat' ? 'fiat' : 'bank';
    return { deposits: await openBankDeposits(bank, userId, method) };
  });

  app.get<{ Params: { id: string } }>('/api/report/bank/:id', { schema: api(TAGS.methods, 'One bank transfer report') }, async (request) => {
    const userId = requireUser(request);
    if (!bank.details) throw new Refusal(409, 'bank.unavailable', 'Bank transfers are not available right now. Please choose another method.');
    return viewOf(db, await ownBankDeposit(db, userId, request.params.id), bank.details);
  });

  /** The transfer receipt: multipart `file` (PNG, JPEG or PDF by content, 10 MB), streamed and counted. */
  app.post<{ Params: { id: string } }>('/api/report/bank/:id/receipt', { schema: api(TAGS.methods, 'Attach a receipt (multipart)') }, async (request: FastifyRequest<{ Params: { id: string } }>): Promise<ReceiptResponse> => {
    const userId = requireUser(request);
    // the owner is checked before the file is read
    await ownBankDeposit(db, userId, request.params.id);
    if (!request.isMultipart()) throw new Refusal(400, 'upload.bad_request', 'Send the receipt as multipart/form-data with the field file.');
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        file = await readUploadedFile(part.file);
      }
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    if (!file) throw new Refusal(400, 'upload.missing', 'Choose a file to upload.');
    if (file.length === 0) throw new Refusal(400, 'upload.empty', 'The file is empty.');
    const { document, deposit } = await attachReceipt(bank, userId, request.params.id, file);
    push.publish(userId, { type: 'bank.updated', id: deposit.id, status: deposit.status });
    return { message: 'Upload successful', document, deposit };
  });

  // ─── Vload vouchers ────────────────────────────────────────────────────────────────────────
  app.post('/api/card/fast/vload', { schema: api(TAGS.methods, 'Redeem a Vload voucher', { body: VloadRequest, response: VloadResponse }) }, async (request): Promise<VloadResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    const done = await redeemVoucher(vouchers, userId, body);
    announceDeposit(db, push, userId);
    return done;
  });

  // ─── quick top-up ──────────────────────────────────────────────────────────────────────────
  for (const path of ['/api/triggers/cards'] as const) {
    const list = async (request: FastifyRequest): Promise<SavedCardsResponse> => savedCards(db, requireUser(request));
    app.get(path, { schema: api(TAGS.engagement, 'Card trigger (spec): the saved cards') }, list);
    app.post(path, { schema: api(TAGS.engagement, 'Card trigger (spec): the saved cards') }, list);
  }

  app.post('/api/report/quick', { schema: api(TAGS.methods, 'Quick top-up with a saved card', { body: QuickTopUpRequest, response: QuickTopUpResponse }) }, async (request): Promise<QuickTopUpResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    return quickTopUp(payments, userId, body);
  });
};
