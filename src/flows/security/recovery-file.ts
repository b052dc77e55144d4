import { formatDateTime } from '../../../core/format';
import type { Lang } from '../../i18n';
import { currentLang } from '../shell/navigation';
import { saveFile } from '../shared/save-file';

/** the file's words, in the page's language (the file is made in the browser from the codes on screen) */
const WORDS: Record<Lang, { title: string; made: string; once: string; keep: string }> = {
  en: {
    title: 'Brokerage: recovery codes for the authenticator app',
    made: 'Made',
    once: 'Each code signs in once, in place of the code from your authenticator app. New codes make these stop working.',
    keep: 'Keep this file somewhere safe, away from your phone.',
  },
  ru: {
    title: 'Brokerage: резервные коды для приложения-аутентификатора',
    made: 'Созданы',
    once: 'Каждый код позволяет войти один раз вместо кода из приложения-аутентификатора. После создания новых кодов эти перестают действовать.',
    keep: 'Храните этот файл в надёжном месте, не на телефоне.',
  },
};

export const RECOVERY_FILE_NAME = 'brokerage-recovery-codes.txt';
/** how long the saved file's object URL is kept (the browser has read it long before) */
const LET_GO_MS = 60_000;

/** The text of the file: the words, then one code a line (CRLF: any system's editor reads it). */
export function recoveryCodesText(codes: readonly string[], lang: Lang, at: Date): string {
  const w = WORDS[lang];
  return [w.title, `${w.made}: ${formatDateTime(at, 'UTC')} UTC`, '', ...codes, '', w.once, w.keep, ''].join('\r\n');
}

/** App effect: the codes on screen saved as a .txt file (a Blob made here; nothing is asked of the server). */
export function saveRecoveryCodes(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, currentLang(), new Date())], { type: 'text/plain;charset=utf-8' }));
  saveFile(RECOVERY_FILE_NAME, url);
  setTimeout(() => URL.revokeObjectURL(url), LET_GO_MS);
}
