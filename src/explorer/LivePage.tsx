import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { formatValue } from '../../machine-kit/serialize';
import { useT } from '../i18n';
import { activityTracker, actorTree, activeStateIds, followedActor } from './live-view';
import { momentOf, parseSessionFile, toSessionFile } from '../../machines/explorer/live.logic';
import { LiveContextPanel } from './LiveContextPanel';
import { LiveTimeline } from './LiveTimeline';
import { DiagramArea, Legend } from './MachinePage';
import type { Highlight } from './overlay';
import { useServices } from './services';

/** Live mode: the app's running actors (from other tabs) and the followed one's state on its diagram. */
export function LivePage({ shared }: { shared?: string }) {
  const { t } = useT();
  const { live, find, shares } = useServices();
  // a session shared by link (issue 34 §2): read once, shown paused as a file is
  const [sharedState, setSharedState] = useState<{ id: string; error: string | null } | null>(null);
  const sharedLoading = !!shared && sharedState?.id !== shared;
  useEffect(() => {
    if (!shared) return;
    let current = true;
    shares
      .load(shared)
      .then((body) => {
        if (!current) return;
        const session = parseSessionFile(body);
        if (session) live.send({ type: 'live.load', session });
        setSharedState({ id: shared, error: session ? null : 'explorer.live.unreadable' });
      })
      .catch((e: unknown) => current && setSharedState({ id: shared, error: e instanceof Error ? e.message : 'explorer.live.share_failed' }));
    return () => {
      current = false;
    };
  }, [shared, shares, live]);
  const state = useSelector(live, (s) => s);
  const ctx = state.context;
  const [activity] = useState(activityTracker);
  const rows = useMemo(() => actorTree(ctx, activity(ctx)), [ctx, activity]);
  // a moment of the timeline being looked at shows its actor as it was then (issue 34 §2)
  const moment = momentOf(ctx, ctx.moment);
  const followed = useMemo(() => followedActor(ctx, (id) => !!find(id)), [ctx, find]);
  const entry = followed ? find(followed.machineId) : undefined;
  const highlight = useMemo<Highlight>(
    () => (followed && entry ? { active: activeStateIds(entry.machine, followed.value), taken: followed.taken } : {}),
    [followed, entry],
  );
  const paused = state.matches('off');
  const unsupported = state.matches('unsupported');

  return (
    <section className="x-live" aria-labelledby="live-title">
      <header className="x-machine__head">
        <div>
          <h1 id="live-title">{t('explorer.live.title')}</h1>
          <p className="x-muted x-purpose">{t('explorer.live.intro')}</p>
        </div>
        <div className="x-step__controls">
          <button type="button" className="x-btn" onClick={() => live.send({ type: paused || unsupported ? 'live.start' : 'live.stop' })}>
            {paused || unsupported ? t('explorer.live.resume') : t('explorer.live.pause')}
          </button>
          <button type="button" className="x-btn" onClick={() => live.send({ type: 'live.refresh' })} disabled={!state.matches('listening')}>
            {t('explorer.live.refresh')}
          </button>
          <button type="button" className="x-btn" onClick={() => live.send({ type: 'live.clear' })} disabled={!rows.some((r) => r.actor.ended)}>
            {t('explorer.live.clear')}
          </button>
        </div>
      </header>
      {unsupported && (
        <p className="x-alert" role="alert">
          {t('explorer.live.unsupported')}
        </p>
      )}
      {paused && <p className="x-note">{t('explorer.live.paused')}</p>}
      <div className="x-machine__body">
        <aside className="x-panel x-live__actors" aria-label={t('explorer.live.count', { count: rows.length })}>
          {state.matches({ listening: 'waiting' }) && <p className="x-note" aria-live="polite">{t('explorer.live.waiting')}</p>}
          <ul className="x-actors" data-testid="live-actors">
            {rows.map(({ actor, depth }) => (
              <li key={actor.key} style={{ paddingLeft: `${depth * 1.1}rem` }}>
                <button
                  type="button"
                  className="x-actor"
                  aria-pressed={followed?.key === actor.key}
                  data-actor-key={actor.key}
                  data-machine-id={actor.machineId}
                  data-ended={actor.ended}
                  onClick={() => live.send({ type: 'live.select', key: actor.key })}
                >
                  <span className="x-actor__name">
                    {depth > 0 && <span aria-hidden="true">↳ </span>}
                    <strong>{actor.machineId || actor.name}</strong>
                    {actor.machineId && actor.name !== actor.machineId && <span className="x-muted"> ({actor.name})</span>}
                    {actor.ended && <span className="x-badge">{t('explorer.live.ended')}</span>}
                  </span>
                  {actor.machineId && (
                    <code className="x-actor__state" data-testid="actor-state">
                      {formatValue((actor.value ?? '') as never)}
                    </code>
                  )}
                  <span className="x-muted x-small">
                    {actor.page}
                    {actor.event && ` · ${t('explorer.live.last_event')}: ${actor.event}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <div className="x-machine__diagram">
          {moment ? (
            <p className="x-note" data-testid="live-moment">{t('explorer.live.at_moment', { seq: moment.seq })}</p>
          ) : (
            followed && !state.context.selected && <p className="x-muted x-small">{t('explorer.live.following')}</p>
          )}
          {followed && entry ? (
            <>
              <h2 className="x-live__followed">
                <code>{followed.machineId}</code> <span className="x-muted">{followed.page}</span>
              </h2>
              <DiagramArea id={entry.id} highlight={highlight} />
              <Legend items={['active', 'taken']} />
              <LiveContextPanel context={followed.context} />
            </>
          ) : followed ? (
            <p className="x-note">{followed.machineId ? t('explorer.live.unknown', { id: followed.machineId }) : t('explorer.live.not_machine', { name: followed.name })}</p>
          ) : null}
        </div>
      </div>
      {sharedLoading && (
        <p className="x-muted" role="status" aria-busy="true">
          {t('explorer.live.shared_loading')}
        </p>
      )}
      {shared && sharedState?.id === shared && sharedState.error && (
        <p className="x-alert" role="alert" data-testid="shared-error">
          {t(sharedState.error)}
        </p>
      )}
      <LiveTimeline
        ctx={ctx}
        onShare={() => shares.share(toSessionFile(ctx))}
        onMoment={(seq) => live.send({ type: 'live.moment', seq })}
        onPresent={() => live.send({ type: 'live.present' })}
        onLoad={(session) => live.send({ type: 'live.load', session })}
      />
    </section>
  );
}
