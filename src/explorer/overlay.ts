/**
 * Highlights on a rendered statechart (machine-kit/diagram/svg.ts): classes on the elements that carry
 * `data-state-id` and `data-transition-id`. The SVG's own style colours transitions that are
 * `taken`, `covered` or `uncovered` and states that are `active`; OVERLAY_CSS adds the states'
 * coverage colours. It goes into the page and into exported SVGs, so a download looks the same.
 */
export const OVERLAY_CSS = `
  .state.covered > rect.box { fill: #f0fdf4; }
  .state.uncovered > rect.box { stroke: #dc2626; stroke-width: 2; stroke-dasharray: 5 3; fill: #fef2f2; }
  .state.active > rect.box { fill: #eff6ff; }
  .transition.uncovered .label text { fill: #b91c1c; }
  .transition.taken .label rect { fill: #dbeafe; fill-opacity: 1; }
  .transition.covered.ui-gap path { stroke: #d97706; stroke-width: 2; stroke-dasharray: 7 3; }
  .transition.covered.ui-gap .label text { fill: #92400e; }
  .transition.ruled .label .guard, .transition.ruled .label text:first-of-type { text-decoration: underline dotted #7c3aed; }
  .transition.ruled .label rect { stroke: #c4b5fd; stroke-width: 1; }
  .transition.funnel path { stroke: #7c3aed; stroke-width: var(--funnel-w, 2); }
  .transition.funnel-none path { stroke: #cbd5e1; stroke-dasharray: 2 4; }
  .transition.funnel-none .label text { fill: #94a3b8; }
  .funnel-count { font: 600 11px system-ui, sans-serif; fill: #5b21b6; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
  .funnel-dwell { font: 500 10.5px system-ui, sans-serif; fill: #5b21b6; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
`;

export interface Highlight {
  /** active state ids */
  active?: readonly string[];
  /** transition ids just taken */
  taken?: readonly string[];
  /** coverage: what the generated paths covered and did not */
  coverage?: { states: { covered: readonly string[]; uncovered: readonly string[] }; transitions: { covered: readonly string[]; uncovered: readonly string[] } };
  /** with coverage: the transitions the UI paths took (docs/coverage/ui.json); a model-covered one not among them is a UI gap (amber, not green) */
  ui?: readonly string[];
  /** transitions that read a rule table of core/ (the Rules tab) */
  ruled?: readonly string[];
  /**
   * the funnel: each transition's count from real traffic (the arrow's width grows with it; a
   * transition nobody took is faded) and the text written beside its label ("1,204 · 38%")
   */
  funnel?: { counts: Readonly<Record<string, number>>; labels: Readonly<Record<string, string>>; /** per state: the text written over its box ("left 134 · 2–4 s") */ states?: Readonly<Record<string, string>> };
}

const CLASSES = ['active', 'taken', 'covered', 'uncovered', 'ui-gap', 'ruled', 'funnel', 'funnel-none'];
const SVG_NS = 'http://www.w3.org/2000/svg';

/** the arrow's width for a count: 1.5 for the fewest, 8 for the most taken (by square root, so small counts still show) */
export const funnelWidth = (count: number, max: number): number => (max > 0 ? Math.round((1.5 + 6.5 * Math.sqrt(count / max)) * 10) / 10 : 1.5);

/** The funnel's mark on a state: what left it and its median time, right of its box's top (the arrows come and go through its top and bottom). */
function markDwell(el: Element, text: string | undefined): void {
  const box = el.querySelector(':scope > rect.box');
  if (!box || !text) return;
  const label = el.ownerDocument.createElementNS(SVG_NS, 'text');
  label.setAttribute('class', 'funnel-dwell');
  label.setAttribute('x', String(Number(box.getAttribute('x') ?? '0') + Number(box.getAttribute('width') ?? '0') + 4));
  label.setAttribute('y', String(Number(box.getAttribute('y') ?? '0') + 11));
  label.textContent = text;
  el.append(label);
}

/** The funnel's marks on a transition: its width and its count written above its label. */
function markFunnel(el: Element, id: string, funnel: NonNullable<Highlight['funnel']>, max: number): void {
  const count = funnel.counts[id] ?? 0;
  if (count === 0) {
    el.classList.add('funnel-none');
    return;
  }
  el.classList.add('funnel');
  (el as SVGElement).style.setProperty('--funnel-w', String(funnelWidth(count, max)));
  const box = el.querySelector(':scope > .label > rect');
  const text = funnel.labels[id];
  if (!box || !text) return;
  const label = el.ownerDocument.createElementNS(SVG_NS, 'text');
  label.setAttribute('class', 'funnel-count');
  label.setAttribute('x', box.getAttribute('x') ?? '0');
  label.setAttribute('y', String(Number(box.getAttribute('y') ?? '0') - 3));
  label.textContent = text;
  box.parentElement!.append(label);
}

/** Sets the highlight classes on every state and transition of `svg` (and clears the old ones). */
export function applyHighlight(svg: Element, h: Highlight): void {
  const active = new Set(h.active ?? []);
  const taken = new Set(h.taken ?? []);
  const ui = h.ui ? new Set(h.ui) : undefined;
  const ruled = new Set(h.ruled ?? []);
  const cov = h.coverage;
  const sets = cov
    ? {
        coveredStates: new Set(cov.states.covered),
        uncoveredStates: new Set(cov.states.uncovered),
        coveredTransitions: new Set(cov.transitions.covered),
        uncoveredTransitions: new Set(cov.transitions.uncovered),
      }
    : undefined;
  for (const el of svg.querySelectorAll('[data-state-id]')) {
    const id = el.getAttribute('data-state-id')!;
    el.classList.remove(...CLASSES);
    // the root is always active: marking it would frame the whole diagram
    if (active.has(id) && !el.classList.contains('state-root')) el.classList.add('active');
    if (sets?.coveredStates.has(id)) el.classList.add('covered');
    if (sets?.uncoveredStates.has(id)) el.classList.add('uncovered');
  }
  for (const old of svg.querySelectorAll('.funnel-count, .funnel-dwell')) old.remove();
  if (h.funnel?.states) for (const el of svg.querySelectorAll('[data-state-id]')) markDwell(el, h.funnel.states[el.getAttribute('data-state-id')!]);
  const funnelMax = h.funnel ? Math.max(0, ...Object.values(h.funnel.counts)) : 0;
  for (const el of svg.querySelectorAll('[data-transition-id]')) {
    const id = el.getAttribute('data-transition-id')!;
    el.classList.remove(...CLASSES);
    (el as SVGElement).style?.removeProperty('--funnel-w');
    if (h.funnel && el.matches('g')) markFunnel(el, id, h.funnel, funnelMax);
    if (taken.has(id)) el.classList.add('taken');
    if (sets?.coveredTransitions.has(id)) el.classList.add('covered');
    if (sets?.coveredTransitions.has(id) && ui && !ui.has(id)) el.classList.add('ui-gap');
    if (sets?.uncoveredTransitions.has(id)) el.classList.add('uncovered');
    if (ruled.has(id)) el.classList.add('ruled');
  }
}
