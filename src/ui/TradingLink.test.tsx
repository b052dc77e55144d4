import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n';
import { TradingLink } from './TradingLink';

/** the trading page's way (HashRoutes): the nested views see the hash path as their pathname */
function Routes({ hashPath }: { hashPath: string }) {
  const location = useLocation();
  return useRoutes([{ path: '/show/:page/:add/:ng', element: <TradingLink hash="/show/funding">Back</TradingLink> }], { ...location, pathname: hashPath });
}

describe('TradingLink', () => {
  it.each(['en', 'ru'] as const)('inside the invoice route names the trading page (%s): /{lang}/trading#/show/funding, not /show/invoice/…', (lang) => {
    render(
      <I18nProvider lang={lang} dict={{}}>
        <MemoryRouter initialEntries={[`/${lang}/trading#/show/invoice/btc/g-1`]}>
          <Routes hashPath="/show/invoice/btc/g-1" />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/${lang}/trading#/show/funding`);
  });
});
