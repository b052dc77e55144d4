/**
 * What a page of the trading shell receives from its hash route (#/show/{page}/{add}/{ng}).
 * A leaf module: the route tables (src/app/routes.tsx) import the pages, and the pages import
 * this, so no page imports its own table back.
 */
export interface PageProps {
  add?: string;
  ng?: string;
}
