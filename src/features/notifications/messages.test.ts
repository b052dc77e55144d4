import { describe, expect, it } from 'vitest';
import { notificationTextKeys } from '../../../core/notification-kinds';
import { DocumentKind } from '../../../core/contract/verification';
import { messages } from './messages';

/** Every notification kind of core/notification-kinds.ts, its variants and its area have a text in every language. */
describe('notification texts for the kinds table', () => {
  const keys = notificationTextKeys();

  it.each(Object.keys(messages) as (keyof typeof messages)[])('%s words every kind, variant and area', (lang) => {
    const texts: Record<string, string> = messages[lang];
    expect(keys).toContain('notifications.kind.security.sign_in_many_plain');
    expect(keys).toContain('notifications.area.iq');
    expect(keys.filter((key) => !texts[key])).toEqual([]);
  });

  it.each(Object.keys(messages) as (keyof typeof messages)[])('%s names every document kind of the contract (a document notice says which)', (lang) => {
    const texts: Record<string, string> = messages[lang];
    expect(DocumentKind.options.filter((kind) => !texts[`notifications.doc.${kind}`])).toEqual([]);
  });
});
