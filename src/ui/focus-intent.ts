/**
 * Carries out the focus intent the flows' prop getters write as data (src/flows/shared/props.ts):
 * when an element's `data-focus-on` appears or changes to a new key, the focus moves to it, so a
 * form's status or result is what a keyboard or screen-reader user is on after sending, and views
 * hold no focus code. It does not take the focus from an open dialog, nor from a control the trader
 * went to outside the element's scope (`data-focus-in` names a `data-focus-scope`; without one, the
 * nearest form or section), and it only moves it when it was lost or inside that scope.
 */
const ATTR = 'data-focus-on';

function scopeOf(el: HTMLElement): HTMLElement | null {
  const named = el.getAttribute('data-focus-in');
  if (named) return document.querySelector<HTMLElement>(`[data-focus-scope="${named.replace(/["\\]/g, "\\$&")}"]`);
  return el.closest<HTMLElement>('form, section');
}

export function applyFocusIntent(el: HTMLElement): void {
  if (!el.isConnected || !el.getAttribute(ATTR)) return;
  const active = document.activeElement as HTMLElement | null;
  if (active?.closest('[aria-modal="true"]') && !el.closest('[aria-modal="true"]')) return;
  const lost = !active || active === document.body || !active.isConnected;
  const scope = scopeOf(el);
  if (lost || el.contains(active) || (scope?.contains(active) ?? false)) el.focus();
}

/** Watches the document for focus intents; returns the function that stops watching. */
export function installFocusIntent(root: HTMLElement = document.body): () => void {
  const observer = new MutationObserver((records) => {
    const targets = new Set<HTMLElement>();
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof HTMLElement) targets.add(r.target);
      for (const node of r.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.hasAttribute(ATTR)) targets.add(node);
        node.querySelectorAll<HTMLElement>(`[${ATTR}]`).forEach((el) => targets.add(el));
      }
    }
    // the last one wins: the newest status is where the trader should be
    const last = [...targets].filter((el) => el.getAttribute(ATTR)).at(-1);
    if (last) applyFocusIntent(last);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [ATTR] });
  return () => observer.disconnect();
}
