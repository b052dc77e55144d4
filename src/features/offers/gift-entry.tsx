import { lazy, Suspense } from 'react';

const Gift = lazy(() => import('./VisitorGift'));
/** The landing page's gift slot: the popup's code loads after the page, shows nothing meanwhile. */
export function VisitorGiftEntry({ lang }: { lang: string }) {
  return (
    <Suspense fallback={null}>
      <Gift lang={lang} />
    </Suspense>
  );
}
