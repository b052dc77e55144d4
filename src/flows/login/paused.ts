/** what the trader chose (issue 30 §3), as the sign-in page's address (?paused=) and a refusal's `kind` name it */
export type PausedKind = 'timeout' | 'exclusion';

/** its own small module: the login page reads the address with it, without the notice's chunk (and its date formatter) */
export const pausedKind = (value: string | null | undefined): PausedKind | null => (value === 'timeout' || value === 'exclusion' ? value : null);
