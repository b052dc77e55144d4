import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DiagramInfo } from '../../machines/explorer/explorer.types';
import { useT } from '../i18n';
import { downloadPng, downloadSvg } from './export';
import { applyHighlight, OVERLAY_CSS, type Highlight } from './overlay';
import { fitInto, panBy, transformOf, zoomAt, zoomTo, ZOOM_STEP, type Viewport } from './viewport';

/**
 * A statechart with zoom (wheel, buttons, + and −) and pan (drag, arrow keys), highlights
 * (active states, the transition just taken, coverage) and SVG / PNG download.
 */
export function DiagramCanvas({ diagram, highlight }: { diagram: DiagramInfo; highlight: Highlight }) {
  const { t } = useT();
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [view, setView] = useState<Viewport>({ x: 0, y: 0, k: 1 });
  const html = useMemo(() => ({ __html: diagram.svg }), [diagram.svg]);
  const svg = () => stage.current?.querySelector('svg') ?? null;

  const fit = () => {
    const r = box.current?.getBoundingClientRect();
    if (r) setView(fitInto(diagram.width, diagram.height, r.width, r.height));
  };
  // a new diagram starts fitted to the window
  useLayoutEffect(fit, [diagram.svg]); // eslint-disable-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = svg();
    if (el) applyHighlight(el, highlight);
  }, [html, highlight]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
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
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: e.clientX, y: e.clientY };
    setView((v) => panBy(v, e.clientX - from.x, e.clientY - from.y));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
    if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else if (moves[e.key]) setView((v) => panBy(v, ...moves[e.key]));
    else return;
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
        <button type="button" className="x-btn" onClick={() => setView((v) => zoomTo(v, 1, ...centre()))} title={t('explorer.zoom_actual')}>
          1:1
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
        onKeyDown={onKeyDown}
      >
        <style>{OVERLAY_CSS}</style>
        <div ref={stage} className="x-stage" style={{ transform: transformOf(view), width: diagram.width, height: diagram.height }} dangerouslySetInnerHTML={html} />
      </div>
    </div>
  );
}
