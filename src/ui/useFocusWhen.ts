import { useEffect, type RefObject } from 'react';

/**
 * Moves the focus to `target` (tabIndex -1) when `when` turns true: after a form is sent, the
 * focus goes to the status it shows, not to <body> (its button was disabled or removed). It does
 * not take the focus from a dialog, nor from a control outside `scope` the trader went to.
 */
export function useFocusWhen(target: RefObject<HTMLElement | null>, when: boolean, scope?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = target.current;
    if (!when || !el) return;
    const active = document.activeElement;
    if (active?.closest('[aria-modal="true"]')) return;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost || scope?.current?.contains(active) || el.contains(active)) el.focus();
  }, [when, target, scope]);
}
