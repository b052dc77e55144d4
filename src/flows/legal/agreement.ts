/** The client agreement's text above the signature pad (issue 30 §5): a scrollable region named by its label, a Tab stop of its own. */
export const agreementTextProps = (label: string) => ({ tabIndex: 0 as const, role: 'region' as const, 'aria-label': label });
