import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';

/**
 * A link to a hash route of the trading page: href `/{lang}/trading#/show/funding`. Inside the
 * trading page's hash routes (src/features/trading/HashRoutes.tsx) the views see the hash path as
 * their pathname, so a bare `<Link to={{ hash }}>` resolves against it and gives
 * `href="/show/invoice/btc/…#/show/funding"`, a page that does not exist.
 */
export function TradingLink({ hash, ...rest }: { hash: string } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const { lang } = useT();
  return <Link {...rest} to={{ pathname: `/${lang}/trading`, hash }} />;
}
