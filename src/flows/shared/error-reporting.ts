import { reportError } from '../../api/report';

const MAX_REPORTS = 10;
let sent = 0;

/** Unexpected script errors are reported to the server (spec 000 §8), at most 10 per page. */
export function installErrorReporting(): void {
  const send = (error: string, lineNumber?: number, column?: number, object?: string) => {
    if (sent >= MAX_REPORTS) return;
    sent += 1;
    reportError({
      error: error.slice(0, 2000),
      url: window.location.href.slice(0, 2000),
      lineNumber,
      column,
      object: object?.slice(0, 8000),
    }).catch(() => undefined);
  };
  window.addEventListener('error', (e) => send(String(e.message), e.lineno, e.colno, e.error instanceof Error ? e.error.stack : undefined));
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    send(reason instanceof Error ? reason.message : String(reason), undefined, undefined, reason instanceof Error ? reason.stack : undefined);
  });
}
