import { useRef, useState, type KeyboardEvent } from 'react';
import { formatValue } from '../../machine-kit/serialize';
import type { LiveContext, Moment } from '../../machines/explorer/live.types';
import { parseSessionFile, toSessionFile } from '../../machines/explorer/live.logic';
import { useT } from '../i18n';
import { download } from './export';
import { hrefs } from './route';

/**
 * `+12.345` (ru `+12,345`): seconds since the session's first moment. A time offset, not money, on
 * Intl as the explorer writes its other figures: importing the product's formatter (core/format)
 * into the explorer's entry makes Rolldown split the traders' first chunk (measured: +0.5 kB and
 * one more file on the login page, `npm run budget`).
 */
function offset(ms: number, lang: string): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: 'always' }).format(Math.max(0, Math.round(ms)) / 1000);
}

interface Props {
  ctx: LiveContext;
  onMoment: (seq: number) => void;
  onPresent: () => void;
  onLoad: (session: unknown) => void;
  /** keeps the session on the server: its link's id (issue 34 §2) */
  onShare: () => Promise<string>;
}

/**
 * The session's timeline (issue 34 §2): every snapshot after an event, in order, with the actor
 * that received it, the event and the state it led to. A row shows that moment on the diagram and
 * its context; the session can be saved as a file and opened again (here or in another browser).
 */
export function LiveTimeline({ ctx, onMoment, onPresent, onLoad, onShare }: Props) {
  const { t, lang } = useT();
  const file = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [share, setShare] = useState<{ status: 'sharing' } | { status: 'shared'; link: string; copied: boolean } | { status: 'failed'; error: string } | null>(null);
  const shareNow = () => {
    setShare({ status: 'sharing' });
    onShare().then(
      (id) => setShare({ status: 'shared', link: `${window.location.origin}${window.location.pathname}${hrefs.shared(id)}`, copied: false }),
      (e: unknown) => setShare({ status: 'failed', error: e instanceof Error ? e.message : 'explorer.live.share_failed' }),
    );
  };
  const copy = (link: string) => {
    void navigator.clipboard?.writeText(link).then(() => setShare({ status: 'shared', link, copied: true }), () => undefined);
  };
  const first = ctx.timeline[0]?.time ?? 0;
  const read = async (chosen: File | undefined) => {
    if (!chosen) return;
    let session = null;
    try {
      session = parseSessionFile(JSON.parse(await chosen.text()));
    } catch {
      // not JSON: said below
    }
    setUnreadable(!session);
    if (session) onLoad(session);
  };
  // a machine's state value; a promise or callback actor has none, so its status (active, done, error)
  // one Tab stop for the whole list (the moment looked at, else the newest), arrows and Home/End
  // between rows: a session of hundreds of moments is not hundreds of Tab presses
  const current = ctx.moment ?? ctx.timeline.at(-1)?.seq;
  const move = (e: KeyboardEvent<HTMLOListElement>) => {
    const rows = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-seq]')];
    const at = rows.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[e.key];
    if (to === undefined || at < 0) return;
    e.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
  };
  const label = (m: Moment) => `${m.machineId || m.name} · ${m.event} → ${m.machineId ? formatValue((m.value ?? '') as never) : m.status}`;
  return (
    <section className="x-panel x-live__timeline" aria-labelledby="live-timeline-title" data-testid="live-timeline">
      <div className="x-live__timeline-head">
        <h3 id="live-timeline-title">{t('explorer.live.timeline', { count: ctx.timeline.length })}</h3>
        <div className="x-step__controls">
          {ctx.moment !== null && (
            <button type="button" className="x-btn" onClick={onPresent}>
              {t('explorer.live.present')}
            </button>
          )}
          <button type="button" className="x-btn" disabled={ctx.timeline.length === 0} onClick={() => download(new Blob([JSON.stringify(toSessionFile(ctx), null, 1)], { type: 'application/json' }), 'live-session.json')}>
            {t('explorer.live.save')}
          </button>
          <button type="button" className="x-btn" disabled={ctx.timeline.length === 0 || share?.status === 'sharing'} aria-busy={share?.status === 'sharing' || undefined} onClick={shareNow}>
            {share?.status === 'sharing' ? t('explorer.live.sharing') : t('explorer.live.share')}
          </button>
          <button type="button" className="x-btn" onClick={() => file.current?.click()}>
            {t('explorer.live.open')}
          </button>
          <input ref={file} type="file" accept="application/json,.json" hidden data-testid="live-open" onChange={(e) => void read(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
        </div>
      </div>
      {share?.status === 'shared' && (
        <div className="x-live__share" data-testid="live-share">
          <label className="x-field">
            <span>{t('explorer.live.share_link')}</span>
            <input type="text" readOnly value={share.link} onFocus={(e) => e.currentTarget.select()} data-testid="live-share-link" />
          </label>
          <button type="button" className="x-btn" onClick={() => copy(share.link)}>
            {share.copied ? t('explorer.live.copied') : t('explorer.live.copy')}
          </button>
        </div>
      )}
      {share?.status === 'failed' && (
        <p className="x-alert" role="alert">
          {t(share.error)}
        </p>
      )}
      {unreadable && (
        <p className="x-alert" role="alert">
          {t('explorer.live.unreadable')}
        </p>
      )}
      {ctx.timeline.length === 0 ? (
        <p className="x-muted x-small">{t('explorer.live.timeline_empty')}</p>
      ) : (
        <ol className="x-timeline" aria-labelledby="live-timeline-title" onKeyDown={move}>
          {ctx.timeline.map((m) => (
            <li key={m.seq}>
              <button type="button" className="x-timeline__row" aria-pressed={ctx.moment === m.seq} tabIndex={m.seq === current ? 0 : -1} data-seq={m.seq} data-machine-id={m.machineId} onClick={() => onMoment(m.seq)}>
                <span className="x-muted x-small x-timeline__time">{m.time && first ? offset(m.time - first, lang) : `#${m.seq}`}</span>
                <span className="x-timeline__what">{label(m)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
