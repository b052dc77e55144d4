import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useT } from '../i18n';
import { dwellText, formatCount, formatShare } from './funnel-format';
import { filterFromTarget } from './funnel-view';
import type { Highlight } from './overlay';
import { useServices } from './services';

/** today as a UTC day, on this browser's clock: the funnel's default range ends here (the address can name any) */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * The funnel tab's link between the address and the funnel actor: the filter the address names is
 * read (a new machine opens it, the same machine changes its filter), and the counts that come
 * back are the diagram's marks: each transition's width by its count and its text "count · share".
 */
export function useFunnel(id: string, target: string | undefined, on: boolean): Highlight['funnel'] | undefined {
  const { funnel } = useServices();
  const { lang, t } = useT();
  useEffect(() => {
    if (!on) return;
    const filter = filterFromTarget(target, todayUtc());
    const s = funnel.getSnapshot();
    if (s.context.machineId === id && !s.matches('idle')) funnel.send({ type: 'funnel.filter', filter });
    else funnel.send({ type: 'funnel.open', machineId: id, filter });
  }, [funnel, id, target, on]);
  const data = useSelector(funnel, (s) => (on && s.context.machineId === id ? s.context.data : null));
  return useMemo(() => {
    if (!data) return undefined;
    const exits = new Map(data.machine.states.map((s) => [s.id, s.exits]));
    const counts: Record<string, number> = {};
    const labels: Record<string, string> = {};
    for (const t of data.machine.transitions) {
      counts[t.id] = t.count;
      const out = exits.get(t.from) ?? 0;
      labels[t.id] = out > 0 ? `${formatCount(t.count, lang)} · ${formatShare(t.count / out, lang)}` : formatCount(t.count, lang);
    }
    const states: Record<string, string> = {};
    for (const st of data.machine.states) states[st.id] = `${t('explorer.funnel.col.left')} ${formatCount(st.exits, lang)} · ${dwellText(st.median, lang, t)}`;
    return { counts, labels, states };
  }, [data, lang, t]);
}
