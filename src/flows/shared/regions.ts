/** A country's name in the page's language (Intl.DisplayNames); the ISO code where the browser has no names. */
export function regionName(iso: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}
