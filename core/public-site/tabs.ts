/**
 * The public site's tabs and widgets as plain lists, without zod: the public pages read them at
 * their first paint (src/features/public, src/flows/public), and the schemas built on them
 * (core/contract/public-site.ts) load only with the first answer they parse.
 */

/** `home` is `/{lang}/`, the others `/{lang}/{tab}` (spec 000 §2 async tab loader) */
export const PUBLIC_TABS = ['home', 'about', 'accounts', 'faq'] as const;
export type PublicTab = (typeof PUBLIC_TABS)[number];
export const isPublicTab = (value: string): value is PublicTab => (PUBLIC_TABS as readonly string[]).includes(value);

/** the widgets a tab shows, in order; each is a view of its own (src/features/public) */
export const PUBLIC_WIDGETS = ['prices', 'runline', 'slider', 'zoom', 'video'] as const;
