import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { reportsMachine } from '../../../machines/reports/reports.machine';
import type { ReportsQuery } from '../../../machines/reports/reports.types';
import { HistoryQuery, HistoryType, OrderStatus, TransactionStatus, type HistoryEntry, type ReportOrder } from '../../../core/contract';
import { loadHistory, loadReports } from '../../api/trading-history';
import { formatDate } from '../shared/dates';
import { inspect } from '../shared/inspector';
import { useSessionPick } from '../session/session.hooks';
import { connectReports, type ReportsApi } from './reports.connect';

export type { HistoryEntry, ReportOrder };

const DAY = 86_400_000;

/** history: limit 999 with offset (001 §3); reports: page size 100 with skip (001 §9) */
export const HISTORY_LIMIT = 999;
export const REPORTS_PAGE = 100;

async function loadPage(query: ReportsQuery) {
  const range = { DateFrom: query.from, DateTo: query.to, limit: query.limit };
  if (query.kind === 'history') {
    const request: HistoryQuery = { ...range, offset: query.offset };
    const status = TransactionStatus.safeParse(query.status);
    if (status.success) request.Status = status.data;
    const type = HistoryType.safeParse(query.filter);
    if (type.success) request.trType = type.data;
    const answer = await loadHistory(request);
    return { rows: answer.hits, total: answer.total };
  }
  const status = OrderStatus.safeParse(query.status);
  const answer = await loadReports({
    ...range,
    skip: query.offset,
    ...(status.success && { Status: status.data }),
    ...(/^[A-Z]{3,10}$/.test(query.filter) && { Sumbol: query.filter }),
  });
  return { rows: answer.hits, total: answer.total };
}

export const reportsFlow = reportsMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } });

/** history starts at the registration date; reports yesterday (001 §3, §9); both end today */
export function historyInput(regTime: string, now = Date.now()) {
  const registered = Date.parse(regTime);
  return { kind: 'history' as const, pageSize: HISTORY_LIMIT, from: formatDate(Number.isFinite(registered) ? registered : now), to: formatDate(now) };
}
export function reportsInput(now = Date.now()) {
  return { kind: 'reports' as const, pageSize: REPORTS_PAGE, from: formatDate(now - DAY), to: formatDate(now) };
}

/** #/show/history: from the trader's registration date to today. */
export function useHistory(): ReportsApi<HistoryEntry> {
  const regTime = useSessionPick((s) => s.user?.regTime ?? '');
  const [input] = useState(() => historyInput(regTime));
  const actor = useActorRef(reportsFlow, { input, inspect });
  return connectReports<HistoryEntry>(useSelector(actor, (s) => s), actor.send);
}

/** #/show/reports: the platform's orders from yesterday to today. */
export function useReports(): ReportsApi<ReportOrder> {
  const [input] = useState(() => reportsInput());
  const actor = useActorRef(reportsFlow, { input, inspect });
  return connectReports<ReportOrder>(useSelector(actor, (s) => s), actor.send);
}
