import Bowser from 'bowser';

/**
 * The device a session was signed in from, as the trader reads it in the security centre (issue
 * 31 §2): "Chrome on Linux", "Safari on iOS". Read from the user agent at sign-in with bowser; the
 * agent itself is not stored. An agent that names neither browser nor system: null (the page
 * says "Unknown device").
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const name = browser.name?.trim();
  const system = os.name?.trim();
  if (name && system) return `${name} on ${system}`.slice(0, 80);
  return (name || system || null)?.slice(0, 80) ?? null;
}
