import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DiagramInfo } from '../../machines/explorer/explorer.types';
import { useT } from '../i18n';
import { downloadPng, downloadSvg } from './export';
import { applyHighlight, OVERLAY_CSS, type Highlight } from './overlay';
import type { PathTarget } from './path-text';
import { centreOn, clampTo, fitInto, panBy, readableFit, transformOf, zoomAt, zoomTo, ZOOM_STEP, type Box, type Viewport } from './viewport';

/** a value inside a double-quoted CSS attribute selector */
const attr = (v: string) => v.replace(/["\\]/g, '\\$&');

/** The box of a drawn state (absolute SVG coordinates), read from its `rect.box`. */
export function stateBox(svg: Element | null, id: string | undefined): Box | undefined {
  if (!svg || !id) return undefined;
  const rect = svg.querySelector(`[data-state-id="${attr(id)}"] > rect.box, [data-state-id="${attr(id)}"] > circle`);
  if (!rect) return undefined;
  const num = (a: string) => Number(rect.getAttribute(a) ?? 0);
  if (rect.tagName.toLowerCase() === 'circle') return { x: num('cx') - num('r'), y: num('cy') - num('r'), width: 2 * num('r'), height: 2 * num('r') };
  return { x: num('x'), y: num('y'), width: num('width'), height: num('height') };
}

/** What the view centres on: the deepest active state, else the machine's initial state. */
export function focusId(svg: Element | null, active: readonly string[] | undefined): string | undefined {
  const root = svg?.querySelector('.state-root')?.getAttribute('data-state-id');
  const deepest = [...(active ?? [])].reverse().find((id) => id !== root);
  if (deepest) return deepest;
  return svg?.querySelector(`[data-initial-of="${attr(root ?? '')}"]`)?.getAttribute('data-initial-target') ?? undefined;
}

/**
 * A statechart with zoom (wheel, buttons, + and −) and pan (drag, arrow keys), highlights
 * (active states, the transition just taken, coverage) and SVG / PNG download.
 */
export function DiagramCanvas({ diagram, highlight, onPick }: { diagram: DiagramInfo; highlight: Highlight; onPick?: (target: PathTarget) => void }) {
  const { t } = useT();
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  /** where the pointer went down: a click (no drag) on a state or transition picks it */
  const down = useRef<{ x: number; y: number } | null>(null);
  const [view, setView] = useState<Viewport>({ x: 0, y: 0, k: 1 });
  const [size, setSize] = useState({ width: 0, height: 0 });
  /** the view follows the active state until the analyst moves it by hand (Fit and 1:1 resume) */
  const following = useRef(true);
  const html = useMemo(() => ({ __html: diagram.svg }), [diagram.svg]);
  const thumb = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(diagram.svg)}`, [diagram.svg]);
  const svg = () => stage.current?.querySelector('svg') ?? null;
  const focus = () => stateBox(svg(), focusId(svg(), highlight.active));

  /** the whole chart if it is readable so, else the readable zoom around the active (or initial) state */
  const fit = () => {
    const r = box.current?.getBoundingClientRect();
    following.current = true;
    if (r) setView(readableFit(diagram.width, diagram.height, r.width, r.height, focus()));
  };
  const whole = () => {
    const r = box.current?.getBoundingClientRect();
    following.current = false;
    if (r) setView(fitInto(diagram.width, diagram.height, r.width, r.height));
  };
  const actual = () => {
    const r = box.current?.getBoundingClientRect();
    const target = focus();
    following.current = true;
    if (!r) return;
    setView((v) => (target ? clampTo(centreOn({ ...v, k: 1 }, target, r.width, r.height), diagram.width, diagram.height, r.width, r.height) : zoomTo(v, 1, r.width / 2, r.height / 2)));
  };
  // the canvas reaches down to the window's bottom edge (nothing of it is cut off at first sight)
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const stretch = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      if (window.innerHeight - top > 200) el.style.height = `${Math.max(320, Math.floor(window.innerHeight - top - 34))}px`;
    };
    stretch();
    window.addEventListener('resize', stretch);
    // what is above it can grow after (a purpose's text, a link, a tab row that wraps): the page's
    // size changes, the canvas's top is read again (its own height does not move its top: no loop)
    const grown = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(stretch);
    grown?.observe(document.body);
    return () => {
      window.removeEventListener('resize', stretch);
      grown?.disconnect();
    };
  }, []);
  // a new diagram starts with the readable fit
  useLayoutEffect(fit, [diagram.svg]); // eslint-disable-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = svg();
    if (el) applyHighlight(el, highlight);
  }, [html, highlight]);
  // the view follows the active state: centred on it each time it moves (unless moved by hand)
  const activeKey = (highlight.active ?? []).join(' ');
  useLayoutEffect(() => {
    const r = box.current?.getBoundingClientRect();
    const target = focus();
    if (!r || !target || !following.current || !activeKey) return;
    setView((v) => (diagram.width * v.k <= r.width && diagram.height * v.k <= r.height ? v : clampTo(centreOn(v, target, r.width, r.height), diagram.width, diagram.height, r.width, r.height)));
  }, [activeKey, html]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      setSize({ width: r.width, height: r.height });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      following.current = false;
      const r = el.getBoundingClientRect();
      setView((v) => zoomAt(v, Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const centre = (): [number, number] => {
    const r = box.current?.getBoundingClientRect();
    return r ? [r.width / 2, r.height / 2] : [0, 0];
  };
  const zoomBy = (factor: number) => setView((v) => zoomAt(v, factor, ...centre()));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY };
    down.current = { x: e.clientX, y: e.clientY };
    if (!onPick) e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: e.clientX, y: e.clientY };
    following.current = false;
    setView((v) => panBy(v, e.clientX - from.x, e.clientY - from.y));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onClick = (e: { clientX: number; clientY: number; target: EventTarget }) => {
    const from = down.current;
    if (!onPick || (from && Math.hypot(e.clientX - from.x, e.clientY - from.y) > 4)) return;
    const el = e.target instanceof Element ? e.target : null;
    const transition = el?.closest('[data-transition-id]')?.getAttribute('data-transition-id');
    const state = el?.closest('[data-state-id]:not(.state-root)')?.getAttribute('data-state-id');
    if (transition) onPick({ kind: 'transition', id: transition });
    else if (state) onPick({ kind: 'state', id: state });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
    if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else if (moves[e.key]) {
      following.current = false;
      setView((v) => panBy(v, ...moves[e.key]));
    } else return;
    e.preventDefault();
  };

  const exportSvg = () => {
    const el = svg();
    if (el) downloadSvg(el, diagram.id);
  };
  const exportPng = () => {
    const el = svg();
    if (el) void downloadPng(el, diagram.id);
  };

  return (
    <div className="x-diagram">
      <div className="x-toolbar" role="toolbar" aria-label={t('explorer.canvas', { id: diagram.id })}>
        <button type="button" className="x-btn x-btn--icon" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label={t('explorer.zoom_out')} title={t('explorer.zoom_out')}>
          −
        </button>
        <output className="x-zoom" data-testid="zoom">
          {Math.round(view.k * 100)}%
        </output>
        <button type="button" className="x-btn x-btn--icon" onClick={() => zoomBy(ZOOM_STEP)} aria-label={t('explorer.zoom_in')} title={t('explorer.zoom_in')}>
          +
        </button>
        <button type="button" className="x-btn" onClick={fit} title={t('explorer.zoom_fit')}>
          {t('explorer.fit')}
        </button>
        <button type="button" className="x-btn" onClick={actual} title={t('explorer.zoom_actual')}>
          1:1
        </button>
        <button type="button" className="x-btn" onClick={whole} title={t('explorer.zoom_whole')}>
          {t('explorer.whole')}
        </button>
        <span className="x-toolbar__gap" />
        <button type="button" className="x-btn" onClick={exportSvg} aria-label={t('explorer.export', { format: 'SVG' })} title={t('explorer.export', { format: 'SVG' })}>
          ↓ {t('explorer.export_svg')}
        </button>
        <button type="button" className="x-btn" onClick={exportPng} aria-label={t('explorer.export', { format: 'PNG' })} title={t('explorer.export', { format: 'PNG' })}>
          ↓ {t('explorer.export_png')}
        </button>
      </div>
      <div
        ref={box}
        className="x-canvas"
        tabIndex={0}
        role="group"
        aria-label={t('explorer.canvas', { id: diagram.id })}
        data-machine={diagram.id}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClick={onClick}
        data-pick={onPick ? 'on' : undefined}
        onKeyDown={onKeyDown}
      >
        <style>{OVERLAY_CSS}</style>
        <div ref={stage} className="x-stage" style={{ transform: transformOf(view), width: diagram.width, height: diagram.height }} dangerouslySetInnerHTML={html} />
        {size.width > 0 && (diagram.width * view.k > size.width + 1 || diagram.height * view.k > size.height + 1) && (
          <MiniMap
            src={thumb}
            width={diagram.width}
            height={diagram.height}
            view={view}
            box={size}
            label={t('explorer.minimap')}
            onGo={(x, y) => {
              following.current = false;
              setView((v) => centreOn(v, { x, y, width: 0, height: 0 }, size.width, size.height));
            }}
          />
        )}
      </div>
    </div>
  );
}

const MINI_WIDTH = 180;

/** The whole chart, small, with the part on screen framed; a click moves the view there. */
function MiniMap(props: { src: string; width: number; height: number; view: Viewport; box: { width: number; height: number }; label: string; onGo: (x: number, y: number) => void }) {
  const { src, width, height, view, box, label, onGo } = props;
  const s = Math.min(MINI_WIDTH / width, 140 / height);
  const frame = { left: (-view.x / view.k) * s, top: (-view.y / view.k) * s, width: (box.width / view.k) * s, height: (box.height / view.k) * s };
  return (
    <div
      className="x-minimap"
      data-testid="minimap"
      role="button"
      aria-label={label}
      title={label}
      style={{ width: width * s, height: height * s }}
      onPointerDown={(e) => {
        e.stopPropagation();
        const r = e.currentTarget.getBoundingClientRect();
        onGo((e.clientX - r.left) / s, (e.clientY - r.top) / s);
      }}
    >
      <img src={src} alt="" width={width * s} height={height * s} draggable={false} />
      <span className="x-minimap__frame" style={frame} />
    </div>
  );
}
