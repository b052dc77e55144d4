import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type MouseEvent } from 'react';

/**
 * One dialog primitive: every modal of the app is built on it, through `Modal` or
 * through the prop getters directly (as in Zag.js: `getBackdropProps()`, `getDialogProps()`,
 * `getTitleProps()`, `getCloseProps()`). The dialog is open while the component that calls the
 * hook is mounted.
 *
 * - focus moves to `[data-autofocus]` inside, else to a control that took it itself (`autoFocus`),
 *   else to the first focusable control, else to the dialog;
 * - Tab and Shift+Tab go round the dialog's controls and never leave it;
 * - the rest of the page is `inert` (the siblings of the dialog and of each of its ancestors up to
 *   `<body>`); with dialogs stacked, only the topmost is live;
 * - Escape closes the topmost dialog wherever the focus is, and a press on the backdrop closes it,
 *   unless it is `mandatory` (then it has no close button either);
 * - focus returns to the control that had it when the dialog opened.
 *
 * `modal: false` gives a non-modal dialog (a pop-up beside the page: the trading signal): labelled,
 * Escape closes it while the focus is inside, nothing is made inert and the focus is not moved.
 */
export interface DialogOptions {
  onClose?: () => void;
  /** a step the trader must take: no close button, Escape and the backdrop do not close it */
  mandatory?: boolean;
  /** false: a non-modal pop-up (no inert, no trap, focus not moved); true by default */
  modal?: boolean;
  /** alertdialog for an error or a question that needs an answer */
  role?: 'dialog' | 'alertdialog';
  /** the id(s) of the element(s) that name the dialog when its title is not `getTitleProps()`'s */
  labelledBy?: string;
  /** when this changes while open, the focus moves in again (the dialog's step changed) */
  focusKey?: unknown;
}

const FOCUSABLE = [
  'a[href]', 'area[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', 'iframe', 'audio[controls]', 'video[controls]', '[contenteditable]:not([contenteditable="false"])', '[tabindex]',
].join(',');

/** the controls Tab reaches inside `root`, in document order */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => {
    if (el.tabIndex < 0 || el.closest('[inert]') || el.hidden || el.closest('[hidden]')) return false;
    // a radio group is one stop: the checked one, or the first when none is
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter((r) => r.name === el.name);
      const checked = group.find((r) => r.checked);
      return checked ? checked === el : group[0] === el;
    }
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    return !(style && (style.visibility === 'hidden' || style.display === 'none'));
  });
}

interface Entry {
  id: string;
  root: () => HTMLElement | null;
  close: () => void;
  mandatory: () => boolean;
}

// the open modal dialogs, bottom to top; only the last one is live
const stack: Entry[] = [];
// the elements this module made inert, with the value each had before
const madeInert = new Map<HTMLElement, boolean>();
let observer: MutationObserver | null = null;

function restoreInert() {
  for (const [el, was] of madeInert) if (!was) el.removeAttribute('inert');
  madeInert.clear();
}

const KEEP = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

/** the page outside the topmost dialog becomes inert: the siblings of it and of each ancestor */
function applyInert() {
  restoreInert();
  const top = stack[stack.length - 1]?.root();
  if (!top) return;
  let node: HTMLElement = top;
  while (node.parentElement && node !== document.body) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || KEEP.has(sibling.tagName)) continue;
      madeInert.set(sibling, sibling.hasAttribute('inert'));
      sibling.setAttribute('inert', '');
    }
    node = node.parentElement;
  }
}

function onDocumentKey(e: KeyboardEvent) {
  const top = stack[stack.length - 1];
  const root = top?.root();
  if (!top || !root || e.defaultPrevented) return;
  if (e.key === 'Escape') {
    if (e.isComposing) return;
    e.preventDefault();
    e.stopPropagation();
    if (!top.mandatory()) top.close();
    return;
  }
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  // every Tab inside an open dialog is ours: the next (or previous) control, going round
  e.preventDefault();
  const list = tabbables(root);
  if (list.length === 0) {
    root.focus();
    return;
  }
  const at = list.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? (e.shiftKey ? list.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + list.length) % list.length;
  list[next]!.focus();
}

function push(entry: Entry) {
  if (stack.length === 0) {
    window.addEventListener('keydown', onDocumentKey, true);
    observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => applyInert());
    observer?.observe(document.body, { childList: true });
  }
  stack.push(entry);
  applyInert();
}

function pop(entry: Entry) {
  const at = stack.indexOf(entry);
  if (at >= 0) stack.splice(at, 1);
  if (stack.length === 0) {
    window.removeEventListener('keydown', onDocumentKey, true);
    observer?.disconnect();
    observer = null;
    restoreInert();
  } else applyInert();
}

/** moves the focus into the dialog: [data-autofocus], else a control that took it, else the first one */
function focusIn(root: HTMLElement) {
  const wanted = root.querySelector<HTMLElement>('[data-autofocus]');
  if (wanted && !wanted.closest('[inert]')) return wanted.focus();
  if (root.contains(document.activeElement) && document.activeElement !== root) return;
  const first = tabbables(root)[0];
  (first ?? root).focus();
}

/** how many modal dialogs are open (tests, and views that must know one is over them) */
export const openDialogs = (): number => stack.length;

export function useDialog({ onClose, mandatory = false, modal = true, role = 'dialog', labelledBy, focusKey }: DialogOptions = {}) {
  const titleId = useId();
  const ref = useRef<HTMLElement | null>(null);
  // the control that had the focus when the dialog opened (read in render: a child's autoFocus runs before any effect)
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const closeRef = useRef(onClose);
  const mandatoryRef = useRef(mandatory);
  useLayoutEffect(() => {
    closeRef.current = onClose;
    mandatoryRef.current = mandatory;
  });
  const close = useCallback(() => closeRef.current?.(), []);

  useLayoutEffect(() => {
    if (!modal) return;
    // mandatory is read when Escape comes: a dialog whose step changes it stays on the stack
    const entry: Entry = { id: titleId, root: () => ref.current, close: () => closeRef.current?.(), mandatory: () => mandatoryRef.current };
    push(entry);
    return () => {
      pop(entry);
      const back = opener && opener !== document.body && opener.isConnected && !opener.closest('[inert]') ? opener : null;
      // the focus returns only when it was in this dialog or is lost (on <body>): a dialog that
      // closes under another one does not take it
      const active = document.activeElement;
      if (back && (!active || active === document.body || !active.isConnected || ref.current?.contains(active) !== false)) back.focus();
    };
  }, [modal, titleId, opener]);

  useLayoutEffect(() => {
    if (!modal || !ref.current) return;
    focusIn(ref.current);
  }, [modal, focusKey]);

  // content that arrives later (a lazy chunk) may bring the control to focus: until the trader
  // acts, a [data-autofocus] that appears takes the focus
  useEffect(() => {
    const root = ref.current;
    if (!modal || !root || typeof MutationObserver === 'undefined' || root.querySelector('[data-autofocus]')) return;
    const late = new MutationObserver(() => {
      const wanted = root.querySelector<HTMLElement>('[data-autofocus]');
      if (wanted) {
        wanted.focus();
        stop();
      }
    });
    const stop = () => {
      late.disconnect();
      root.removeEventListener('keydown', stop, true);
      root.removeEventListener('pointerdown', stop, true);
    };
    late.observe(root, { childList: true, subtree: true });
    root.addEventListener('keydown', stop, true);
    root.addEventListener('pointerdown', stop, true);
    return stop;
  }, [modal]);

  const setRef = useCallback((el: HTMLElement | null) => {
    ref.current = el;
  }, []);

  return {
    titleId,
    getBackdropProps: (): HTMLAttributes<HTMLDivElement> & { 'data-dialog-backdrop': '' } => ({
      'data-dialog-backdrop': '',
      onMouseDown: (e: MouseEvent<HTMLDivElement>) => {
        if (e.target === e.currentTarget && !mandatory) close();
      },
    }),
    getDialogProps: () => ({
      ref: setRef,
      role,
      'aria-modal': modal ? (true as const) : undefined,
      'aria-labelledby': labelledBy ?? titleId,
      tabIndex: -1,
      // a non-modal pop-up closes on Escape while the focus is in it
      onKeyDown: modal
        ? undefined
        : (e: { key: string; stopPropagation: () => void }) => {
            if (e.key === 'Escape' && !mandatory) {
              e.stopPropagation();
              close();
            }
          },
    }),
    getTitleProps: () => ({ id: titleId }),
    /** the close button's props; a mandatory dialog has none (hidden) */
    getCloseProps: () => ({ type: 'button' as const, onClick: close, hidden: mandatory }),
  };
}
