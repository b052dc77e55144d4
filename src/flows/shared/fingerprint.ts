/**
 * The device fingerprint string sent with a login (spec 000 §7 "captcha info string"):
 * a SHA-256 of coarse browser traits. It identifies no person and is only used to spot
 * sign-ins from a new device.
 */
export async function deviceFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ].join('|');
  if (!crypto?.subtle) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
