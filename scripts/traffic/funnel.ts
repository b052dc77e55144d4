import type { InspectionEvent } from 'xstate';
import { FUNNEL_MAX_STEPS, type FunnelDevice, type FunnelStep } from '../../core/contract/funnel';
import { funnelSteps } from '../../machines/inspection/funnel-steps';
import type { TraderClient } from './client';
import type { TrafficClock } from './clock';

/** what the run's funnel reports came to */
export interface FunnelStats {
  /** steps the machines took (collected whether or not they could be sent) */
  steps: number;
  /** steps sent in reports the server accepted, and what it said it accepted */
  sent: number;
  accepted: number;
  /** reports refused, by status and error key ("404", "429 funnel.busy") */
  refused: Record<string, number>;
  /** why reporting stopped for the run ('' while it goes on): off (--no-funnel), or the endpoint is not there */
  off: string;
}

export const emptyFunnelStats = (on: boolean): FunnelStats => ({ steps: 0, sent: 0, accepted: 0, refused: {}, off: on ? '' : 'off (--no-funnel)' });

/**
 * The run's funnel reporter: each trader's actors are created with `inspect` = this trader's
 * `inspector()`, which feeds XState's inspection events to `funnelSteps` (machines/inspection/
 * funnel-steps.ts, what the app's reporter uses); `flush()` posts what was collected to
 * POST /api/funnel/steps as `{ lang, device, steps }` (core/contract/funnel.ts FunnelReport), at most
 * FUNNEL_MAX_STEPS a report, with the trader's session and CSRF header. A report the server
 * refuses is counted, never an error of the run; a 404 (the endpoint not there: an older server)
 * is said once and ends reporting for the run.
 */
export class FunnelReporter {
  private readonly warned = new Set<string>();

  constructor(
    readonly stats: FunnelStats,
    private readonly clock: TrafficClock,
    private readonly warn: (line: string) => void,
  ) {}

  /** one trader's collector: an `inspect` for every actor of that trader, and the steps it holds */
  forTrader(client: TraderClient, lang: 'en' | 'ru', device: FunnelDevice) {
    const pending: FunnelStep[] = [];
    const feed = funnelSteps(
      () => this.clock.now(),
      (step) => {
        this.stats.steps++;
        if (!this.stats.off) pending.push(step);
      },
    );
    return {
      inspect: (event: InspectionEvent) => feed(event),
      flush: async (): Promise<void> => {
        while (pending.length > 0 && !this.stats.off) {
          const steps = pending.splice(0, FUNNEL_MAX_STEPS);
          await this.post(client, { lang, device, steps });
        }
        pending.length = 0;
      },
    };
  }

  private async post(client: TraderClient, report: { lang: 'en' | 'ru'; device: FunnelDevice; steps: FunnelStep[] }): Promise<void> {
    let status = 0;
    let key = '';
    let body: unknown;
    try {
      const answer = await client.send('POST', '/api/funnel/steps', { json: report });
      status = answer.status;
      body = answer.body;
      key = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : '';
    } catch (error) {
      key = error instanceof Error ? error.message : 'network';
    }
    if (status === 200) {
      this.stats.sent += report.steps.length;
      const accepted = (body as { accepted?: unknown }).accepted;
      this.stats.accepted += typeof accepted === 'number' ? accepted : 0;
      return;
    }
    const what = `${status || 'network'}${key && status !== 404 ? ` ${key}` : ''}`;
    this.stats.refused[what] = (this.stats.refused[what] ?? 0) + 1;
    if (status === 404) {
      this.stats.off = 'POST /api/funnel/steps answered 404 (not on this server)';
      this.once('404', `funnel: ${this.stats.off}; the steps are counted but not reported`);
      return;
    }
    this.once(what, `funnel: a report was refused (${what}); the run goes on`);
  }

  private once(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(line);
  }
}
