import { useEffect, useState } from 'react';
import type { LegalDocumentId } from '../../../core/legal/documents';
import { loadLegalText, type LegalText } from '../../../core/legal/texts';

export interface LegalTextState {
  text: LegalText | null;
  /** its chunk could not be loaded (offline): Try again */
  failed: boolean;
  retry: () => void;
}

/** A document's text in a language, loaded with its own chunk when first shown. */
export function useLegalText(doc: LegalDocumentId | null, lang: string): LegalTextState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; text: LegalText | null; failed: boolean }>({ key: '', text: null, failed: false });
  const key = `${doc ?? ''}|${lang}|${attempt}`;
  useEffect(() => {
    if (!doc) return;
    let live = true;
    loadLegalText(doc, lang).then(
      (text) => live && setState({ key, text, failed: false }),
      () => live && setState({ key, text: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [doc, lang, key]);
  const current = state.key === key ? state : { text: null, failed: false };
  return { text: current.text, failed: current.failed, retry: () => setAttempt((n) => n + 1) };
}
