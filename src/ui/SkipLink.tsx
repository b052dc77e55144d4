import type { MouseEvent } from 'react';
import { useT } from '../i18n';

/** the main content's id on every page: `<main id="main" tabIndex={-1}>` */
export const MAIN_ID = 'main';

/** the page's <main>: the skip link's target, focusable by script only */
export const mainProps = () => ({ id: MAIN_ID, tabIndex: -1 });

/**
 * "Skip to main content": the first focusable element of every page (rendered before the app),
 * hidden until it has the focus. It moves the focus to the page's <main> itself rather than
 * following #main, which would replace the trading page's hash route.
 */
export function SkipLink() {
  const { t } = useT();
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    e.preventDefault();
    // focus() scrolls it into view
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('app.skip_to_main')}
    </a>
  );
}
