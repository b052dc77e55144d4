import { msg } from '../../../core/message';
import { showToast } from '../../flows/shell/app.flow';

/** Copies with the Clipboard API, falling back to a selection copy where it is missing (older browsers, http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** A copy button; success and failure are told in a toast (spec 001 §8: 'Address copied to clipboard', 'Unable to copy!'). */
export function CopyButton({ text, label, done }: { text: string; label: string; done: 'crypto.address_copied' | 'crypto.amount_copied' | (string & {}) }) {
  const copy = () => {
    copyText(text).then(
      () => showToast(msg(done), 'success'),
      () => showToast(msg('crypto.copy_failed'), 'error'),
    );
  };
  return (
    <button type="button" className="button button--ghost button--small crypto-copy" onClick={copy}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="9" y="9" width="12" height="12" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </svg>
      {label}
    </button>
  );
}
