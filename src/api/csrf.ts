/** The session's CSRF token, learned from GET /api/me and sent on every state-changing call. */
let token = '';

export const setCsrfToken = (value: string): void => {
  token = value;
};
export const csrfToken = (): string => token;
