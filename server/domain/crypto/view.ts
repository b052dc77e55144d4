import type { CryptoException, CryptoInvoice, InvoiceCheckResponse } from '../../../core/contract';
import { exceptionActions } from '../../../core/crypto-exceptions';
import type { CryptoExceptionRow, CryptoInvoiceRow } from '../../db/schema-crypto';
import { toBigInt } from '../../db/values';
import { formatMoney } from '../../../core/money';
import { CHAINS, type Asset, type ChainId } from './coins';
import { assetOfRow, type InvoiceCheckRow } from './invoices';
import { formatUnits, formatUnitsShort, pow10 } from './units';

/**
 * The payment URI a wallet understands: BIP21 for bitcoin-like chains
 * (`bitcoin:bc1…?amount=0.0015`; CashAddr already carries its `bitcoincash:` prefix),
 * EIP-681 for ETH (`ethereum:0x…@1?value=<wei>`) and ERC-20 tokens
 * (`ethereum:<contract>@1/transfer?address=0x…&uint256=<base units>`).
 */
export function paymentUri(chain: ChainId, asset: Asset, address: string, minor: bigint, decimals: number): string {
  const spec = CHAINS[chain];
  if (spec.scheme === 'ethereum') {
    if (asset.contract) {
      const units = minor * pow10((asset.tokenDecimals ?? decimals) - decimals);
      return `ethereum:${asset.contract}@1/transfer?address=${address}&uint256=${units}`;
    }
    return `ethereum:${address}@1?value=${minor * pow10(18 - decimals)}`;
  }
  const target = address.includes(':') ? address : `${spec.scheme}:${address}`;
  return `${target}?amount=${formatUnitsShort(minor, decimals)}`;
}

function figures(row: Pick<CryptoInvoiceRow, 'amount_minor' | 'received_minor' | 'late_minor' | 'status'>) {
  const amount = toBigInt(row.amount_minor);
  const paid = toBigInt(row.received_minor);
  const due = row.status === 'wt' && amount > paid ? amount - paid : 0n;
  return { amount, paid, due, late: toBigInt(row.late_minor) };
}

/** One exception of an invoice as its page and the history show it. */
export function exceptionView(e: CryptoExceptionRow, invoice: Pick<CryptoInvoiceRow, 'rate' | 'rate_currency' | 'credit_currency'>, now: Date): CryptoException {
  const chain = CHAINS[e.chain as ChainId];
  const credited = e.credit_minor !== null && e.credit_currency !== null;
  return {
    id: e.id,
    kind: e.kind,
    status: e.status,
    amount: formatUnits(toBigInt(e.coin_minor), e.decimals),
    asset: e.asset,
    seenAt: e.seen_at.toISOString(),
    invoiceRate: invoice.rate,
    arrivalRate: e.arrival_rate,
    rateCurrency: invoice.rate_currency,
    credit: credited ? formatMoney(toBigInt(e.credit_minor!), e.credit_currency!) : '',
    creditCurrency: e.credit_currency ?? invoice.credit_currency,
    creditRate: e.credit_rate ?? '',
    autoCreditAt: e.status === 'held' ? (e.auto_credit_at?.toISOString() ?? null) : null,
    chooseUntil: e.choose_until?.toISOString() ?? null,
    ...exceptionActions({ status: e.status, chooseUntil: e.choose_until }, now),
    refundAddress: e.refund_address ?? '',
    refundTxid: e.refund_txid ?? '',
    refundTxUrl: e.refund_txid && chain ? chain.explorerTx(e.refund_txid) : '',
    rejected: e.status === 'held' && e.rejected_at !== null,
  };
}

/** POST /api/{coin}/check answer (a closed invoice's exceptions with it). */
export function checkView(row: InvoiceCheckRow, exceptions?: readonly CryptoExceptionRow[], now = new Date()): InvoiceCheckResponse {
  const f = figures(row);
  return {
    status: row.status,
    hash: row.hash,
    paid: formatUnits(f.paid, row.decimals),
    due: formatUnits(f.due, row.decimals),
    late: formatUnits(f.late, row.decimals),
    paymentUri: uriOf(row, f),
    pending: formatUnits(toBigInt(row.pending_minor), row.decimals),
    confirming: row.confirming,
    ...(exceptions && { exceptions: exceptions.map((e) => exceptionView(e, row, now)) }),
  };
}

/** the URI of what is still due (the whole amount once the invoice is closed) */
function uriOf(row: InvoiceCheckRow, f: ReturnType<typeof figures>): string {
  const asset = assetOfRow(row);
  if (!asset) return '';
  return paymentUri(row.chain as ChainId, asset, row.address, f.due > 0n ? f.due : f.amount, row.decimals);
}

/** GET /api/crypto/invoices/{guid} answer. */
export function invoiceView(row: CryptoInvoiceRow, sandbox: boolean, now: Date, exceptions: readonly CryptoExceptionRow[] = []): CryptoInvoice {
  const asset = assetOfRow(row);
  const chain = CHAINS[row.chain as ChainId];
  if (!asset || !chain) throw new Error(`invoice ${row.guid} has an unknown asset`);
  const f = figures(row);
  return {
    guid: row.guid,
    coin: row.coin as CryptoInvoice['coin'],
    asset: row.asset,
    assetName: asset.name,
    chain: chain.id,
    chainName: chain.name,
    ...(asset.contract && { contract: asset.contract }),
    address: row.address,
    amount: formatUnits(f.amount, row.decimals),
    paid: formatUnits(f.paid, row.decimals),
    due: formatUnits(f.due, row.decimals),
    late: formatUnits(f.late, row.decimals),
    status: row.status,
    hash: row.hash,
    rate: row.rate,
    rateCurrency: row.rate_currency,
    rateSource: row.rate_source,
    fiatAmount: formatMoney(toBigInt(row.fiat_minor), row.rate_currency),
    creditAmount: formatMoney(toBigInt(row.credit_minor), row.credit_currency),
    creditCurrency: row.credit_currency,
    fixed: row.fixed,
    voucher: row.voucher,
    confirmations: chain.confirmations,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    serverNow: now.toISOString(),
    paymentUri: uriOf(row, f),
    explorerUrl: asset.contract ? `https://etherscan.io/token/${asset.contract}?a=${row.address}` : chain.explorerAddress(row.address),
    txUrl: row.hash ? chain.explorerTx(row.hash) : '',
    txUrlTemplate: chain.explorerTx('{hash}'),
    sandbox,
    pending: formatUnits(toBigInt(row.pending_minor), row.decimals),
    confirming: row.confirming,
    exceptions: exceptions.map((e) => exceptionView(e, row, now)),
  };
}
